// f64 values print as C's %g: six significant digits, exponent form outside
// 1e-4 .. 1e6, "-0" for negative zero, inf for overflow.
fn main() {
    println(1e20)
    println(0.1)
    println(1.5)
    println(-0.0)
    println(0.0)
    println(100000.0)
    println(1000000.0)
    println(123456.0)
    println(1234567.0)
    println(0.0001)
    println(0.00001)
    println(2.5e-3)
    println(1e9)
    println(3.14159265)
    println(1.0 / 3.0)
    println(2.0 / 3.0)
    println(0.1 + 0.2)
    println(-1.5 * 4.0)
    println(1e300 * 1e300)
    println(-1e300 * 1e300)
    println(1e-300 * 1e-300)
    println(123456789012.0)
    println(1e100)
    println(4.0e-5)
    println(0.5, 2.0, 10.0)
    let x: f64 = 7.0
    println(x / 2.0, x * x, x - 10.0)
    var y = 1.0
    y += 0.5
    y *= 3.0
    y -= 1.0
    y /= 2.0
    println(y)
    println(abs(-2.5), min(1.5, -1.5), max(1.5, 2.25))
    println(1.5 < 2.5, 2.0 == 2.0, 0.1 + 0.2 == 0.3, -0.0 == 0.0)
}
