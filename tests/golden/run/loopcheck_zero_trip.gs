// Twin of ir/loop_check.gs: an out-of-range index in a loop that never
// runs its body, or in an if the body never enters, is never checked, so
// pass_loopcheck.c must not do it before the loop: nothing fails here.
fn runtime_bound(xs: []int, i: int, m: int) -> int {
    var s = 0
    for _k in 0..m {
        s += xs[i]
    }
    return s
}

fn empty_ranges(xs: []int, i: int) -> int {
    var s = 0
    for _k in 3..3 {
        s += xs[i]
    }
    for _k in 5..2 {
        s += xs[i]
    }
    return s
}

fn never_taken(xs: []int, i: int) -> int {
    var s = 0
    for k in 0..3 {
        if k == 5 {
            s += xs[i]
        }
    }
    return s
}

fn early_break(xs: []int, i: int) -> int {
    var s = 0
    for _k in 0..3 {
        if xs.len < 10 {
            break
        }
        s += xs[i]
    }
    return s
}

fn main() {
    let xs = make([]int, 3)
    println(runtime_bound(xs, 9, 0), empty_ranges(xs, 9), never_taken(xs, 9), early_break(xs, 9))
}
