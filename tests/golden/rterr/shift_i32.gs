// expect runtime error: tests/golden/rterr/shift_i32.gs:6:13: runtime error: shift count 32 out of range for 32-bit integer
fn main() {
    let x: i32 = 1
    let n: u8 = 32
    println(x << 31)
    println(x << n)
}
