// Wrapping arithmetic of i32 at its edges (two's complement).
fn main() {
    let max: i32 = 2147483647
    let min: i32 = -2147483647 - 1
    let one: i32 = 1
    let two: i32 = 2
    println(max)
    println(min)
    println(max + one)
    println(min - one)
    println(max + 1)
    println(min - 1)
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
    println(max >> 31)
    println(one << 31)
    println(max << 1)
    println((max - 5) * 3 + 7)
    println(max + one < max)
    println(max & 0x55)
    println(max ^ 0x0f)
    println(min | 1)
    println(-min)
    println(min * -1)
    println(-max)
    println(min / two)
    println(min % 10)
    println(min % -1)
    println(min / 1)
    println(min >> 1)
    println(min >> 31)
    println(-one >> 1)
    println((min + 3) / -2)
    println(-7 / two)
    println(-7 % two)
    var x: i32 = max
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
