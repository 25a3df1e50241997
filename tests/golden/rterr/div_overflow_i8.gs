// expect runtime error: tests/golden/rterr/div_overflow_i8.gs:6:5: runtime error: integer overflow in division
fn main() {
    let a: i8 = -127 - 1
    let b: i8 = -1
    var q = a
    q /= b
    println(q)
}
