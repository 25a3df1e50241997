// expect runtime error: tests/golden/rterr/version_ref_two_fields.gs:16:14: runtime error: index 2 out of range for length 2
// Two slice fields of one `ref` parameter, indexed by the same counter:
// the versioned loop's guard needs both `g.n <= g.xs.len` and
// `g.n <= g.ys.len` (two places that differ only in the field), so with
// ys shorter the guard fails and the loop as written stops at ys[2].
struct G {
    xs: []int
    ys: []int
    n: int
}

fn (g: ref G) pair() -> int {
    var s = 0
    for i in 0..g.n {
        s += g.xs[i]
        s += g.ys[i]
    }
    return s
}

fn main() {
    var g = G{xs: make([]int, 5), ys: make([]int, 2), n: 5}
    println(g.pair())
}
