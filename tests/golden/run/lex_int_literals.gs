// Integer literal forms: decimal, _ separators, hex, binary, octal, and type suffixes.
fn main() {
    println(123, 1_000_000, 0x1F, 0xff, 0xAB_CD, 0b1010, 0o17, 0)
    println(255_u8, 7_i32, 1_u64, 0x10_u16, 100_i8, 65535_u16, 0b1111_1111_u8)
    let a = 255_u8
    let b: u8 = a + 1
    println(b)
    let c = 0x7fff_ffff_i32
    println(c + 1)
    let d = 4_000_000_000_u32
    println(d + d)
    let e: u64 = 0xFFFF_FFFF_FFFF_FFFF
    println(e)
    let f = 9_223_372_036_854_775_807
    println(f + 1)
    var x: u8 = 250
    x += 10
    println(x)
    let y: u16 = 65535
    println(y + 1, x + 250)
}
