// expect runtime error: tests/golden/rterr/slice_start_negative.gs:5:13: runtime error: slice start -1 out of range
fn main() {
    let xs = make([]int, 3)
    let lo = -1
    println(xs[lo:].len)
}
