// A negated suffixed literal is one literal, like a negated unsuffixed one:
// -128_i8 fits. A float literal below the normal range is a subnormal or
// zero, as in Go; only overflow (1e400) is an error.
fn main() {
    let a = -128_i8
    let b = -9223372036854775808_i64
    let c: i16 = -32768_i16 + 1
    println(a, b, c, a - 1, -0x80_i8)
    let tiny = 5e-324
    println(tiny, tiny > 0.0, tiny / 2.0, 2.5e-310 * 1e300, 1e-400)
}
