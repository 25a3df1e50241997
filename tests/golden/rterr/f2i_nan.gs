// expect runtime error: tests/golden/rterr/f2i_nan.gs:5:13: runtime error: f64 value nan out of range for i32
fn main() {
    let z = 0.0
    let nan = z / z
    println(nan as i32)
}
