// expect runtime error: tests/golden/rterr/div_overflow.gs:6:13: runtime error: integer overflow in division
fn main() {
    let min: int = -9223372036854775807 - 1
    println(min % -1)
    var d = -1
    println(min / d)
}
