// expect runtime error: tests/golden/rterr/shift_too_big.gs:4:13: runtime error: shift count 70 out of range for 64-bit integer
fn main() {
    let n = 70
    println(1 << n)
}
