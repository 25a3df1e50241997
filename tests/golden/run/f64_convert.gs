// f64 <-> integer conversions: `f64 as int` truncates toward zero.
fn main() {
    println(3.9 as int, (-3.9) as int, 0.99 as i32, (-0.99) as i64)
    println(2.5e9 as i64, 255.9 as u8, 1e19 as u64, 65535.0 as u16)
    println((-128.5) as i8, 127.9 as i8, 2147483647.0 as i32)
    let n: i32 = -7
    let b: u8 = 251
    let f: int = 5
    let big: u64 = 18446744073709551615
    println(n as f64, b as f64 / 2.0, f as f64 * 1.5, big as f64)
    let t = 1234.5678
    let whole = t as int
    let frac = t - whole as f64
    println(whole, frac > 0.5678 - 0.0001 && frac < 0.5678 + 0.0001)
    println(to_string(7 as f64), (1 << 53) as f64)
}
