// -O2 (lower/pass_version.c): `for i in 0..X.len` over a slice X reached
// by fields from a parameter, X[i] checked in the loop. When nothing in
// the loop can change X's header, X.len as the loop starts is the bound,
// so the check goes with no guard and no second copy: a value receiver's
// field (g.xs), a field from a `ref` receiver and a `ref []int`
// parameter. Kept: a loop that pops X (its header changes; rterr twin
// rterr/entry_len_pop.gs), and one bounded by another slice's length
// (versioned: a guard and two copies).
struct G {
    xs: []int
    ys: []int
}

fn (g: G) sum() -> int {
    var s = 0
    for i in 0..g.xs.len {
        s += g.xs[i]
    }
    return s
}

fn (g: ref G) bump() {
    for i in 0..g.xs.len {
        g.xs[i] += i
    }
}

fn total(xs: ref []int) -> int {
    var s = 0
    for i in 0..xs.len {
        s += xs[i]
    }
    return s
}

fn (g: ref G) drain() -> int {
    var s = 0
    for i in 0..g.xs.len {
        if g.xs.len > 3 { s += g.xs.pop() }
        s += g.xs[i]
    }
    return s
}

fn (g: ref G) copy_over() {
    for i in 0..g.ys.len {
        g.ys[i] = g.xs[i]
    }
}

fn main() {
    var g = G{xs: make([]int, 6), ys: make([]int, 3)}
    g.bump()
    g.copy_over()
    var t = g.ys
    println(g.sum(), total(t), g.ys[2])
    var h = G{xs: make([]int, 3), ys: make([]int, 1)}
    h.bump()
    println(h.drain())
}
