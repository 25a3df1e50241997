// expect runtime error: tests/golden/rterr/slice_end.gs:5:14: runtime error: slice end 5 out of range for length 3
fn main() {
    let xs = make([]int, 3)
    let hi = 5
    let ys = xs[1:hi]
    println(ys.len)
}
