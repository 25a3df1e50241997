// print/println/eprintln: arguments separated by one space; integers in
// decimal, bool as true/false, f64 as %g, strings as bytes, u8 as a number.
// eprintln writes to stderr (compared with print_format.stderr).
fn main() {
    print(1, 2, 3)
    println()
    println("a", 1, true, 1.5, 'x', false)
    print("x")
    print("y")
    println()
    println()
    println("")
    println("", "")
    let m: i8 = -128 as i8
    let u: u64 = 18446744073709551615
    let n: int = -9223372036854775807 - 1
    println(m, u, n)
    let i16v: i16 = -1
    let u16v: u16 = 65535
    let i32v: i32 = -2147483647
    let u32v: u32 = 4294967295
    println(i16v, u16v, i32v, u32v)
    eprintln("to stderr", 1, 2)
    println(1 < 2, 2 < 1, !true)
    println("end")
}
