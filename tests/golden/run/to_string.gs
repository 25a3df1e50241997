// to_string of every integer type (decimal) and of f64 (%g).
fn main() {
    println(to_string(42), to_string(-7), to_string(0))
    let big: u64 = 18446744073709551615
    println(to_string(big))
    let m: i8 = -127 - 1
    let w: i16 = -300
    let v: u32 = 4000000000
    println(to_string(m), to_string(w), to_string(v), to_string(255_u8))
    let min64: int = -9223372036854775807 - 1
    println(to_string(min64))
    println(to_string(1.5), to_string(1e20), to_string(0.1), to_string(-0.0), to_string(100.0))
    let s = "n=" + to_string(12) + ", f=" + to_string(2.5)
    println(s, s.len)
    let t = to_string(-1234567)
    println(t.len, t[0], t[1:4])
}
