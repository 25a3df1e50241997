// expect runtime error: tests/golden/rterr/slice_start.gs:6:13: runtime error: slice start 4 greater than end 2
fn main() {
    let xs = make([]int, 8)
    var lo = 4
    var hi = 2
    println(xs[lo:hi].len)
}
