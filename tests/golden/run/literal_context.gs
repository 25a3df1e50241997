// An unsuffixed integer literal takes the integer type its context expects
// (declared type, the other operand, an argument, a field, a return); with
// no context it is int. Constant expressions wrap like any other.
struct S { small: u8, mid: i16, big: u64 }

fn take_u16(x: u16) -> u16 { return x + 1 }

fn ret_i8() -> i8 { return 100 + 100 }

fn main() {
    var x: u8 = 250
    x += 10
    println(x, x + 255)
    let y: u8 = 200 + 100
    println(y)
    println(take_u16(65535), ret_i8())
    let s = S{small: 255, mid: -32768 as i16, big: 18446744073709551615}
    println(s.small + 1, s.mid - 1, s.big + 1)
    let z = 0x7FFFFFFFFFFFFFFF + 1
    println(z)
    let w: i32 = 2147483647 + 1
    println(w)
    let shifted = 1 << 40
    println(shifted)
    let c: u16 = 1 << 15
    println(c, c << 1)
    let p = 3
    let q: i64 = p
    println(q * 2)
    var arr: [3]u8
    arr[0] = 255
    arr[0] += 1
    println(arr[0])
    let m = [250_u8, 5]
    println(m[0] + m[1] + 1)
    var o: ?u8 = 200
    println(o.unwrap() + 100)
    println(-5 % 3, 7 - 10)
}
