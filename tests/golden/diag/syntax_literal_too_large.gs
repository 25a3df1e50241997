fn main() {
    let a = 18446744073709551615_u64
    let b = 18446744073709551616
    let c = 0x1_0000_0000_0000_0000
    let d = 1e999
    let e = 12abc
    println(a, b, c, d, e)
}
