// expect runtime error: tests/golden/rterr/index_string.gs:5:17: runtime error: index 10 out of range for length 5
fn main() {
    let s = "hello"
    var n = 10
    let c: u8 = s[n]
    println(c)
}
