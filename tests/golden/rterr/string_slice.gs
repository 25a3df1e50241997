// expect runtime error: tests/golden/rterr/string_slice.gs:5:13: runtime error: slice end 10 out of range for length 5
fn main() {
    let s = "hello"
    let j = 10
    println(s[2:j])
}
