// expect runtime error: tests/golden/rterr/life_carried_stale_arg.gs:11:5: runtime error: use of freed storage
// A callee that gives nothing back gets its parameter's liveness from the
// caller (lower/pass_live.c, live-args): the caller tests the header it
// passes, and the callee's first use of it stops, at the callee's line,
// when the header was stale at the call.
fn sum(xs: []int) -> int {
    var s = 0
    for i in 0..3 {
        s += i
    }
    for x in xs {
        s += x
    }
    return s
}

fn main() {
    var xs = make([]int, 4)
    let ys = xs
    println(sum(xs))
    delete(xs)
    println(sum(ys))
}
