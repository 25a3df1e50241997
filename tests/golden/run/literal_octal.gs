// As in Go, an integer literal with a leading 0 is octal: 017 is 15.
// 0, 00, 0_7, 0x.., 0b.., 0o.. and floats such as 0.5, 0e3, 08.5 are as in Go.
fn main() {
    println(017)
    println(0777)
    println(0)
    println(00)
    println(0_7)
    println(0_17_u8)
    println(0x1F, 0b101, 0o17)
    println(0.5, 0e3, 08.5, 010e1)
    for i in 0..3 {
        print(i)
    }
    println("")
}
