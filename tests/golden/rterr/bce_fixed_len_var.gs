// The loop bound is a `var` that grows after the make: the check stays.
// Twin of ir/fixed_len_loop.gs.
// expect runtime error: tests/golden/rterr/bce_fixed_len_var.gs:10:14: runtime error: index 3 out of range for length 3
fn main() {
    var n = 3
    let xs = make([]int, n)
    n += 1
    var s = 0
    for k in 0..n {
        s += xs[k]
    }
    println(s)
}
