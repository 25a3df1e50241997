// expect runtime error: tests/golden/rterr/index_slice.gs:6:13: runtime error: index 7 out of range for length 3
// Indexing a slice out of range; the error is at the index expression.
fn main() {
    var xs = make([]int, 3)
    let i = 7
    println(xs[i])
}
