// Wrapping arithmetic of u16 at its edges (two's complement).
fn main() {
    let max: u16 = 65535
    let min: u16 = 0
    let one: u16 = 1
    let two: u16 = 2
    println(max)
    println(min)
    println(max + one)
    println(min - one)
    println(max + 1)
    println(min - "set")
    println(max * two)
    println(max + max)
    println(max * max)
    println(min + min)
    println(min * min)
    println(max - min)
    println(min - max)
    println(~max)
    println(~min)
    println(~one)
    println(max / two)
    println(max % 10)
    println(max >> 1)
    println(max >> 15)
    println(one << 15)
    println(max << 1)
    println((max - 5) * 3 + 7)
    println(max + one < max)
    println(max & 0x55)
    println(max ^ 0x0f)
    println(min | 1)
    println(min - two)
    println(max / 3)
    println(max % 7)
    println((max - 1) >> 14)
    var x: u16 = max
    x += 1
    println(x)
    x -= 1
    println(x)
    x *= 3
    println(x)
    x <<= 2
    println(x)
    x >>= 1
    println(x)
}
