// expect runtime error: tests/golden/rterr/bce_aliased_ref_params.gs:11:14: runtime error: index 3 out of range for length 3
// xs and ys are the same slice passed twice by reference: popping ys changes
// xs's length, so for i in 0..xs.len keeps the check of xs[i].
fn f(xs: ref []int, ys: ref []int) -> int {
    var t = 0
    for i in 0..xs.len {
        if i == 1 {
            ys.pop()
            ys.pop()
        }
        t += xs[i]
    }
    return t
}
fn main() {
    println("before")
    var a = make([]int, 5)
    println(f(a, a))
}
