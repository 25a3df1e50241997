// abs, min and max on every numeric type (both operands of one type).
fn main() {
    println(abs(-5), abs(5), abs(0), abs(-2.5))
    let a: i8 = -100
    let b: i32 = -7
    println(abs(a), abs(b))
    println(min(3, -4), max(3, -4), min(2.5, 2.25), max(-1.0, -2.0))
    let x: u8 = 200
    let y: u8 = 100
    println(min(x, y), max(x, y))
    let big: u64 = 18446744073709551615
    let one: u64 = 1
    println(min(big, one), max(big, one))
    let p: i16 = -300
    println(max(p, 5), min(p, 5))
    println(max(min(10, 20), 15), abs(min(-3, -9)))
}
