// os.read_line: lines without "\n" (and a "\r" before it), an empty line,
// a last line without "\n", then none; read_all_stdin takes the rest.
import "os"
fn main() {
    var n = 0
    while n < 3 {
        match os.read_line() {
            some(l) => {
                println(n, "[" + l + "]", l.len)
                delete(l)
            }
            none => println("eof")
        }
        n += 1
    }
    let rest = os.read_all_stdin()
    print("rest:", rest)
    delete(rest)
    println()
    println(os.read_line().is_some())
}
