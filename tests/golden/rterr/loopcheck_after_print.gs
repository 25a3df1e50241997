// expect runtime error: tests/golden/rterr/loopcheck_after_print.gs:9:14: runtime error: index 7 out of range for length 3
// Twin of ir/loop_check.gs: the body prints before it indexes, so the
// check of xs[i] stays in the loop and fails after the first line of the
// loop is out ("0"), not before it.
fn sum(xs: []int, i: int) -> int {
    var s = 0
    for k in 0..4 {
        println(k)
        s += xs[i]
    }
    return s
}

fn main() {
    let xs = make([]int, 3)
    println("before")
    println(sum(xs, 7))
}
