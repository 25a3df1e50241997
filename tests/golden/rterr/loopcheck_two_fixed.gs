// expect runtime error: tests/golden/rterr/loopcheck_two_fixed.gs:7:14: runtime error: index 4 out of range for length 3
// Twin of ir/loop_check.gs: both checks move before the loop, in their
// order, so with both out of range xs[i] still fails first, with i = 4.
fn sum(xs: []int, ys: []int, i: int, j: int) -> int {
    var s = 0
    for _k in 0..4 {
        s += xs[i] + ys[j]
    }
    return s
}

fn main() {
    let xs = make([]int, 3)
    println("before")
    println(sum(xs, xs, 4, 6))
}
