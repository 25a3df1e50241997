// A program reading its standard input (X.in) through read_file("/dev/stdin"):
// counts lines and sums the numbers on them.
fn main() {
    let text = read_file("/dev/stdin").or("")
    var lines = 0
    var sum = 0
    var start = 0
    for i in 0..text.len {
        if text[i] == '\n' {
            lines += 1
            sum += parse_int(text[start:i]).or(0)
            start = i + 1
        }
    }
    println(lines, sum, text.len)
}
