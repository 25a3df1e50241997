// Integer + - * wrap through unsigned C arithmetic (uint32_t for 8/16-bit
// types), / and % check zero and MIN / -1, shifts check their count.
fn arith(a: i8, b: i8, c: u16, d: u16, e: int, f: int) {
    println(a + b, a - b, a * b, -a)
    println(c * d, c + d, c - d)
    println(e / f, e % f, e << 3, e >> 2)
}

fn main() {
    arith(100, 100, 60000, 60000, -9223372036854775807 - 1, -7)
    let x: u8 = 250
    println(x + 10, 300 as u8, -1 as u64, (65 as u8) as i32)
}
