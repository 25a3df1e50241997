// expect runtime error: tests/golden/rterr/f2i_u8.gs:5:13: runtime error: f64 value 256 out of range for u8
fn main() {
    println(255.5 as u8)
    let f = 256.0
    println(f as u8)
}
