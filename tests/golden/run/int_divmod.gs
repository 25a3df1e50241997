// Integer `/` truncates toward zero, `%` takes the sign of the dividend, and
// MIN % -1 is 0 (not an error) for every signed width.
fn main() {
    println(7 / 2, -7 / 2, 7 / -2, -7 / -2)
    println(7 % 3, -7 % 3, 7 % -3, -7 % -3)
    println(0 / 5, 0 % 5, 5 % 5, 4 % 5)
    let min64: int = -9223372036854775807 - 1
    println(min64 % -1, min64 / 1, min64 % 10, min64 / 10)
    let min32: i32 = -2147483647 - 1
    println(min32 % -1, min32 / 2)
    let min16: i16 = -32767 - 1
    println(min16 % -1, min16 % 7)
    let min8: i8 = -127 - 1
    println(min8 % -1, min8 / 3)
    let n: u8 = 200
    println(n / 7, n % 7)
    let big: u64 = 18446744073709551615
    println(big / 10, big % 10)
    var q = 100
    q /= 7
    println(q)
    q %= 4
    println(q)
    var r: i32 = -100
    r /= 7
    println(r)
    r %= 4
    println(r)
    let x = -17
    let y = 5
    println(x / y, x % y, x / y * y + x % y == x)
}
