// os: write, append, read back, exists, remove, and the errors of a
// missing file and of a directory read as a file (msg names the operation,
// the path and the reason); getenv of a variable that is never set.
import "os"
import "strings"
fn main() {
    // a name of its own: the back ends may run this at the same time
    let p = "std_os_files." + to_string(clock_ns()) + ".tmp"
    if os.exists(p) {
        let _ = os.remove(p)
    }
    match os.write_file(p, "one\n") { some(e) => println(e.msg), none => println("wrote") }
    match os.append_file(p, "two\n") { some(e) => println(e.msg), none => println("appended") }
    let (text, err) = os.read_file(p)
    println(err.is_some(), text.len, os.exists(p))
    print(text)
    delete(text)
    println(os.remove(p).is_some(), os.exists(p))
    match os.remove(p) { some(e) => println(strings.replace(e.msg, p, "P")), none => println("removed twice?") }
    let (none_text, e2) = os.read_file("no/such/dir/file.txt")
    println(none_text.len, e2.unwrap().msg)
    let (_, e3) = os.read_file(".")
    println(e3.unwrap().msg)
    match os.write_file("no/such/dir/file.txt", "x") { some(e) => println(e.msg), none => println("?") }
    println(os.getenv("GOOSE_STD_OS_NEVER_SET").is_some())
}
