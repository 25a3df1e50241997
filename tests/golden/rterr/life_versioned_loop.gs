// expect runtime error: tests/golden/rterr/life_versioned_loop.gs:10:14: runtime error: use of freed storage
// A near miss of the versioned-loop rule (lower/pass_live.c, lv_guards):
// the loop in sum is copied without its index checks behind a guard that
// now also holds only when xs is live; xs is a copy of a deleted slice,
// so the original loop runs and stops at its first element read (and a
// loop that reads nothing stops nowhere: sum(ys, 0) prints 0).
fn sum(xs: []int, n: int) -> int {
    var s = 0
    for i in 0..n {
        s += xs[i]
    }
    return s
}

fn main() {
    var a = make([]int, 4)
    a[1] = 2
    println(sum(a, 4))
    let ys = a
    delete(a)
    println(sum(ys, 0))
    var other = make([]int, 4)
    other[0] = 5
    println(sum(ys, 2))
}
