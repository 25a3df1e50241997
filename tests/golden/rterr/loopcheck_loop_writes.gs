// expect runtime error: tests/golden/rterr/loopcheck_loop_writes.gs:9:14: runtime error: index 3 out of range for length 2
// Twin of ir/loop_check.gs: the loop replaces xs, so the check of xs[i]
// is not fixed over it and stays in the body: the first step passes
// (length 5), prints, and the second fails against the new length.
fn sum(i: int) -> int {
    var xs = make([]int, 5)
    var s = 0
    for k in 0..3 {
        s += xs[i]
        println(k, xs.len)
        xs = make([]int, 2)
    }
    return s + xs[i]
}

fn main() {
    println(sum(3))
}
