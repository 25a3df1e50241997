// Precedence, loosest first: || ; && ; comparisons ; | ; ^ ; & ; << >> ;
// + - ; * / % ; unary - ! ~ ; postfix (call, index, field, as).
// Unlike C, & | ^ bind tighter than comparisons.
struct P { x: int }

fn main() {
    println(1 + 2 * 3, (1 + 2) * 3, 10 - 3 - 2, 100 / 10 / 5, 2 * 3 % 4)
    println(1 + 2 << 3, 1 << 2 + 1, 16 >> 1 + 1)
    println(1 | 6 & 3, 5 ^ 3 | 8, 2 | 1 ^ 3, 6 & 3 ^ 1)
    println(6 & 3 == 2, 1 | 2 == 3, 5 ^ 1 != 4)
    println(-2 * 3, -(2 * 3), -5 % 3, ~0, ~5 & 0xff)
    println(!true == false, !(1 > 2))
    let p = P{x: 4}
    println(-p.x, p.x as f64 / 8.0, (-p.x) as u8)
    let u: u8 = 0
    println(~u, ~0 as u8, (~0) as u8)
    println((1 < 2) == true, 3 >= 3 && 2 <= 1 || 1 != 2)
    println(0xF0 | 0x0F, 0xFF ^ 0x0F, 0xF0 & 0x3C, 12 & ~4)
    let a = 7
    let b = 3
    println(a & b, a | b, a ^ b, a << b, a >> 1, a % b, a / b)
}
