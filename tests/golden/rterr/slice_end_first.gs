// expect runtime error: tests/golden/rterr/slice_end_first.gs:7:13: runtime error: slice end 9 out of range for length 4
// With both bounds bad, the end is checked first.
fn main() {
    let xs = make([]int, 4)
    let lo = 7
    let hi = 9
    println(xs[lo:hi].len)
}
