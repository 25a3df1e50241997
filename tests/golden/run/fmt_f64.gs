// fmt_f64(x, digits) prints fixed-point with that many digits after the point.
fn main() {
    println(fmt_f64(3.14159, 2))
    println(fmt_f64(1.0, 3))
    println(fmt_f64(-0.5, 1))
    println(fmt_f64(2.0 / 3.0, 4))
    println(fmt_f64(1e20, 1))
    println(fmt_f64(42.0, 0))
    println(fmt_f64(0.001, 2))
    println(fmt_f64(-2.675, 2))
    println(fmt_f64(123.456, 1))
    let s = fmt_f64(9.99, 1)
    println(s, s.len)
    println("[" + fmt_f64(0.0, 2) + "]")
}
