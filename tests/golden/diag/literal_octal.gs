// A leading 0 makes an integer literal octal, so 8 and 9 are not digits.
fn main() {
    let a = 08
    let b = 0_19
    let c = 0128_u8
    let d = 0_
    println(a, b, c, d)
}
