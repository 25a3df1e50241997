// expect runtime error: tests/golden/rterr/life_carried_callee_frees.gs:9:16: runtime error: use of freed storage
// A callee that may give back storage of a parameter's element type does
// not take the parameter's liveness from its caller: here it deletes the
// storage through a second header of it, and its next read of the first
// stops.
fn drop_then_read(xs: []int, other: []int) -> int {
    let a = xs[0]
    delete(other)
    return a + xs[1]
}

fn main() {
    let xs = make([]int, 4)
    println(drop_then_read(xs, xs))
}
