// expect runtime error: tests/golden/rterr/loopcheck_first_check.gs:8:14: runtime error: index 5 out of range for length 3
// Twin of ir/loop_check.gs: both checks of the body fail, ys[i] on values
// the loop keeps fixed, xs[k + 5] on the counter. xs[k + 5] comes first,
// so it stays first: the failure is its site and its index, not ys[i]'s.
fn sum(xs: []int, ys: []int, i: int) -> int {
    var s = 0
    for k in 0..4 {
        s += xs[k + 5] + ys[i]
    }
    return s
}

fn main() {
    let xs = make([]int, 3)
    println(sum(xs, xs, 9))
}
