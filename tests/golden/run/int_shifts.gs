// Shifts: `>>` is arithmetic on signed types and logical on unsigned ones;
// bits shifted out of the width are lost; the count may be any integer type.
fn main() {
    println(1 << 10, 1 << 62, 1 << 63)
    println(-16 >> 2, -1 >> 63, -17 >> 1)
    let s: i32 = -256
    println(s >> 4, s << 4)
    let u: u32 = 0x80000000
    println(u >> 31, u >> 4, u << 1)
    let b: u8 = 200
    println(b >> 3, b << 1, b << 7)
    let sb: i8 = 64
    println(sb << 1, sb >> 6)
    let nb: i8 = -128 as i8
    println(nb >> 7, nb >> 1)
    let c8: u8 = 3
    let c64: u64 = 5
    let c16: i16 = 2
    println(1 << c8, 1 << c64, 256 >> c16)
    let big: u64 = 0xF000000000000000
    println(big >> 60, big >> c8)
    var x = 1
    x <<= 40
    println(x)
    x >>= c8
    println(x)
    let y: i16 = -1
    println(y << 15, (y as u16) >> 15)
}
