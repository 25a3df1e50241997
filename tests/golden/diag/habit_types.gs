// Names other languages use, as types, conversions and values: each
// error says what Goose writes.
fn f(a: usize, b: float, c: char, d: String, e: int32, g: float64, h: i128, k: Option) {}

fn main() {
    let n = 1
    println(float(n), int(n), string(n), u8(n))
    println(None, null, True, False)
    for i in range(10) {
        println(i)
    }
    fmt.Println("hi")
    loop{}
}
