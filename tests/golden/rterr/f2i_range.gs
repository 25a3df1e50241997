// expect runtime error: tests/golden/rterr/f2i_range.gs:4:13: runtime error: f64 value 1e+20 out of range for i32
fn main() {
    let f = 1e20
    let i = f as i32
    println(i)
}
