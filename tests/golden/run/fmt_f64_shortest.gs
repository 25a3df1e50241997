// fmt_f64(x, digits) with a negative digits gives the shortest fixed-point
// decimal that reads back as the same f64, like Go's
// strconv.FormatFloat(x, 'f', -1, 64).
fn main() {
    println(fmt_f64(1.5, -1))
    println(fmt_f64(0.1, -1))
    println(fmt_f64(0.1 + 0.2, -1))
    println(fmt_f64(123.456, -2))
    println(fmt_f64(-2.675, -1))
    println(fmt_f64(100.0, -1))
    println(fmt_f64(1e21, -1))
    println(fmt_f64(1e23, -1))
    println(fmt_f64(9007199254740993.0, -1))
    println(fmt_f64(1.0 / 3.0, -9223372036854775807 - 1))
    println(fmt_f64(1.5, -4294967296))
    println(fmt_f64(-0.0, -1))
    println(fmt_f64(0.0, -1))
    println(fmt_f64(0.0 / 0.0, -1))
    println(fmt_f64(1.0 / 0.0, -1))
    println(fmt_f64(-1.0 / 0.0, -1))
    // 2^-1017: the correctly rounded 16 digits miss (the interval below a
    // power of two is half as wide), the next decimal up reads back.
    println(fmt_f64(7.120236347223045e-307, -1))
    println(fmt_f64(5e-324, -1))
    println(fmt_f64(1.7976931348623157e308, -1))
}
