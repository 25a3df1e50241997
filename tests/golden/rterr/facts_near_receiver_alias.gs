// expect runtime error: tests/golden/rterr/facts_near_receiver_alias.gs:10:13: runtime error: index 1 out of range for length 0
// The receiver s and the parameter t name one struct: `t.xs = ..` shrinks
// s.xs after the test s.n < s.xs.len, so s.xs[s.n] keeps its check.
struct S { xs: []int, n: int }

fn (s: ref S) get(t: ref S) -> int {
    var r = 0
    if s.n < s.xs.len {
        t.xs = make([]int, 0)
        r = s.xs[s.n]
    }
    return r
}

fn main() {
    var s = S{xs: make([]int, 3), n: 1}
    println(s.get(s))
}
