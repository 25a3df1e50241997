// The slice made with length n is popped before the loop up to n: its
// index check stays. Twin of ir/fixed_len_loop.gs.
// expect runtime error: tests/golden/rterr/bce_fixed_len_pushed.gs:10:14: runtime error: index 2 out of range for length 2
fn main() {
    let n = 3
    var xs = make([]int, n)
    let _ = xs.pop()
    var s = 0
    for k in 0..n {
        s += xs[k]
    }
    println(s)
}
