// printf, format and format_into: every part of a placeholder's spec
// {:[fill][<>^][0][width][.precision][type]} on every scalar type.
const ROW: string = "<{}|{:>4}>\n"

fn main() {
    // plain placeholders and braces
    printf("{} {} {} {} {}\n", 42, -7, 2.5, true, "str")
    printf("{{}} {{{}}} }}{{\n", 1)
    printf("no placeholders\n")
    printf(ROW, "a", 3)
    // width and alignment: numbers right by default, the rest left
    printf("[{:6}][{:6}][{:6}][{:6}]\n", 42, 2.5, "ab", false)
    printf("[{:<6}][{:>6}][{:^6}][{:^7}]\n", 42, "ab", "ab", "ab")
    printf("[{:*<5}][{:->5}][{:_^5}][{:é^6}]\n", 7, 7, 7, "x")
    printf("[{:2}][{:1}][{:0}]\n", 12345, "long", 9)
    // zero padding after the sign; an explicit alignment wins
    printf("[{:05}][{:05}][{:08.2}][{:<05}][{:^05}][{:x>05}]\n", 42, -42, -3.14159, 42, -4, 42)
    printf("[{:06x}][{:08b}][{:+>6x}]\n", 255, 5, 255)
    // integer types
    printf("{:x} {:X} {:o} {:b}\n", 255, 255, 8, 10)
    printf("{:x} {:x} {:x} {:x}\n", -1 as i8, -1 as i16, -1 as i32, -1)
    printf("{:b} {:o} {:X}\n", -2 as i8, -8 as i16, -256 as i32)
    let big: u64 = 18446744073709551615
    let small: i64 = -9223372036854775807 - 1
    printf("{} {} {:x} {:x}\n", big, small, big, small)
    let b: u8 = 72
    printf("{} {:c}{:c} [{:3c}] [{:>3c}] {:x} {:?}\n", b, b, 105 as u8, b, b, b, b)
    // f64: %g by default, precision is fixed point, e f g as C
    let x = 1234.5678
    printf("{} {:.2} {:.0} {:e} {:f} {:g}\n", x, x, x, x, x, x)
    printf("{:.3e} {:.1f} {:.3g} {:?} {:.1?}\n", x, x, x, x, x)
    printf("{} {} {}\n", 0.1, 1e21, 1e-7)
    printf("[{:8.3}][{:<8.3}][{:^9.1}][{:+>8}]\n", 3.14159, 3.14159, -2.25, 0.5)
    let inf = 1.0 / 0.0
    let nan = 0.0 / 0.0
    printf("{} {} {} [{:06}] [{:6}] [{:<6}] {:e} {:.2}\n", inf, -inf, nan, inf, nan, -inf, nan, inf)
    // bool and string
    printf("[{:>7}][{:^7}][{:?}]\n", true, false, true)
    printf("[{:?}] [{:8?}] [{:>8}]\n", "a\"b\\c", "t\tx", "r")
    printf("[{}][{:?}][{:3?}][{:3}]\n", "", "", "", "")
    printf("{:?}\n", "\x07\x08\x0c\n\r\t\x0b\0\x1f\x7fé\x80")
    // format and format_into
    let s = format("{}-{:03}-{:.1}", "id", 7, 2.25)
    println(s, s.len)
    delete(s)
    var buf = make([]u8, 0, 4)
    format_into(buf, "{}+{}", 1, 2)
    format_into(buf, "={:>4}", 3)
    println(from_bytes(buf), buf.len)
    // an argument that views the buffer reads it as it was before the call
    var own = make([]u8, 0, 1)
    own.push(65)
    format_into(own, "{:?}{}", own, own.len)
    println(from_bytes(own))
    let e = format("")
    println(e.len)
    eprintf("to stderr: {}\n", 5)
}
