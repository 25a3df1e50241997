// make with a length and a larger capacity; the loop runs to the capacity:
// the check stays. Twin of ir/fixed_len_loop.gs.
// expect runtime error: tests/golden/rterr/bce_fixed_len_cap.gs:10:14: runtime error: index 2 out of range for length 2
fn main() {
    let n = 2
    let m = 4
    let xs = make([]int, n, m)
    var s = 0
    for k in 0..m {
        s += xs[k]
    }
    println(s)
}
