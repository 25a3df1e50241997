// expect runtime error: tests/golden/rterr/life_ref_arg_push.gs:9:5: runtime error: push moved storage that a live ref points into: use of freed storage
// A ref argument into a slice whose callee grows that slice: the push
// would move the storage the ref points into, so it stops at the push
// (temporal safety, "moved"), with the output before it flushed.
fn f(r: ref int, xs: ref []int) {
    r = 3
    // xs is full (len 2 == cap 2): this push moves it, and r still
    // points into the old storage
    xs.push(1)
    r = 4
}

fn main() {
    var xs = make([]int, 2)
    println("before")
    f(xs[0], xs)
    println(xs[0])
}
