// expect runtime error: tests/golden/rterr/shift_negative.gs:5:13: runtime error: shift count -1 out of range for 64-bit integer
fn main() {
    let x = 256
    let n = -1
    println(x >> n)
}
