// expect runtime error: tests/golden/rterr/hoist_invariant_pop.gs:10:15: runtime error: index 2 out of range for length 2
// A check the loop repeats on values it never changes (xs[c]) may run once
// before the loop only while xs's header is fixed: the pop in the body keeps it.
fn main() {
    println("before")
    var xs = make([]int, 5)
    let c = 2
    var _t = 0
    for _k in 0..8 {
        _t += xs[c]
        xs.pop()
    }
}
