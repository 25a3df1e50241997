// expect runtime error: tests/golden/rterr/loopcheck_hoisted.gs:9:14: runtime error: index 7 out of range for length 3
// Twin of ir/loop_check.gs: at -O2 the check of xs[i] runs once, before
// the k loop (pass_loopcheck.c). The second call must still fail at
// xs[i]'s line:col with i = 7, after everything printed before it (the
// first call's lines) and before the k loop's body prints anything.
fn sum(xs: []int, i: int) -> int {
    var s = 0
    for k in 0..4 {
        s += xs[i]
        println(k, s)
    }
    return s
}

fn main() {
    let xs = make([]int, 3)
    xs[1] = 2
    println("before")
    println(sum(xs, 1))
    println(sum(xs, 7))
}
