// Char literals have type u8 and print as numbers.
fn main() {
    println('a', 'A', '0', ' ', '~')
    println('\n', '\t', '\r', '\\', '\0', '"')
    println('\x41', '\x7f', '\xff', '\x00')
    let c = 'z'
    let d: u8 = c - 'a'
    println(d, c + 1, 'a' < 'b')
    let s = "hello"
    println(s[0] == 'h', s[4] == 'o')
    var n = 0
    for i in 0..s.len {
        if s[i] == 'l' { n += 1 }
    }
    println(n)
}
