// expect runtime error: tests/golden/rterr/bce_closure_pops.gs:14:15: runtime error: index 3 out of range for length 3
// for i in 0..xs.len over a local that a capturing closure pops: the call
// may change xs, so xs[i] keeps its check.
fn main() {
    println("before")
    var xs = make([]int, 5)
    let shrink = fn() { xs.pop() }
    var _t = 0
    for i in 0..xs.len {
        if i == 2 {
            shrink()
            shrink()
        }
        _t += xs[i]
    }
}
