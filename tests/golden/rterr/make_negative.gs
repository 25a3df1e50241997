// expect runtime error: tests/golden/rterr/make_negative.gs:4:14: runtime error: make: negative length -1
fn main() {
    let n = -1
    let xs = make([]u8, n)
    println(xs.len)
}
