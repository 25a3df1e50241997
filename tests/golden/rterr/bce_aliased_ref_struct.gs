// expect runtime error: tests/golden/rterr/bce_aliased_ref_struct.gs:9:14: runtime error: index 3 out of range for length 3
// g and h refer to the same struct: assigning h.xs changes g.xs, so the
// loop over g.xs.len keeps its check.
struct G { xs: []int }
fn f(g: ref G, h: ref G) -> int {
    var t = 0
    for i in 0..g.xs.len {
        if i == 1 { h.xs = make([]int, 3) }
        t += g.xs[i]
    }
    return t
}
fn main() {
    println("before")
    var a = G{xs: make([]int, 5)}
    println(f(a, a))
}
