// `as` between integers truncates or sign-extends (by the source's signedness);
// the operand of `as` is an `int` when it is a bare literal; int/uint alias i64/u64.
fn main() {
    println(300 as u8)
    println((-1) as u8)
    println(256 as u8)
    println(65537 as u16)
    println(4294967297 as u32)
    println(4294967297 as i32)
    println(2147483648 as i32)
    println(200 as i8)
    println(128 as i8)
    println((-129) as i8)
    let a: i8 = -5
    println(a as i64, a as u8, a as u16, a as u32, a as u64)
    let b: u8 = 251
    println(b as i8, b as i16, b as i64, b as u64)
    let c: i32 = -2
    println(c as u32, c as u64, c as i16, c as i8)
    let big: u64 = 0xFFFFFFFFFFFFFFFF
    println(big as i64, big as u32, big as i8, big as u16)
    let d: i64 = 0x123456789
    println(d as u8, d as i16, d as i32, d as u32)
    let e: u16 = 40000
    println(e as i16, e as u8, e as u16, e as i32)
    let f: int = 5
    let g: i64 = f
    let h: uint = 7
    let k: u64 = h
    println(g + 1, k + 1)
    let m: u32 = 0x80000000
    println(m as i32, m as i64, (m as i32) as i64, (m as i32) as u64)
}
