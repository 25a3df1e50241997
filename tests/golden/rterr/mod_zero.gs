// expect runtime error: tests/golden/rterr/mod_zero.gs:5:13: runtime error: integer division by zero
fn main() {
    let a: u8 = 10
    let b: u8 = 0
    println(a % b)
}
