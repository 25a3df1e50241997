// Integer literals must fit the type their context gives them.
fn take_i8(x: i8) {}
fn main() {
    let a: u8 = 300
    let b: i8 = -128
    let c: i8 = -129
    take_i8(200)
    let d = 9223372036854775808
    let e: u64 = 18446744073709551615
    var f: u8 = 250
    f += 10
    f += 256
    let g: u16 = -1
    let h = 256_u8
}
