// expect runtime error: tests/golden/rterr/div_product_wraps.gs:7:17: runtime error: integer division by zero
// d != 0 does not make d * 2 non-zero: 2^63 * 2 wraps to 0.
fn main() {
    println("before")
    var d = 1 << 63
    if d != 0 {
        println(100 / (d * 2))
    }
}
