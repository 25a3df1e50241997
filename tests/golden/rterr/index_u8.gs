// expect runtime error: tests/golden/rterr/index_u8.gs:6:13: runtime error: index 200 out of range for length 10
// An index of another integer type reports its value.
fn main() {
    let xs = make([]i32, 10)
    let i: u8 = 200
    println(xs[i])
}
