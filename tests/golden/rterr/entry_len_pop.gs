// expect runtime error: tests/golden/rterr/entry_len_pop.gs:12:14: runtime error: index 3 out of range for length 3
// The loop runs to g.xs.len as it starts but pops g.xs: the header
// changes in the loop, so the check stays (golden/ir/entry_len_fields.gs)
// and i == 3 is past the end of the shortened slice.
struct G {
    xs: []int
}

fn (g: ref G) drain() -> int {
    var s = 0
    for i in 0..g.xs.len {
        s += g.xs[i] + g.xs.pop()
    }
    return s
}

fn main() {
    var g = G{xs: make([]int, 6)}
    println(g.drain())
}
