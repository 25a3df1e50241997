// expect runtime error: tests/golden/rterr/facts_near_heap_global_call.gs:17:14: runtime error: index 1 out of range for length 1
// A sift loop over a global slice: the call in the loop may change the
// global's header (it does), so i < g.len is no loop bound and g[i] keeps
// its check.
var g: []int

fn shrink() {
    g = make([]int, 1)
}

fn main() {
    g = make([]int, 5)
    var i = g.len - 1
    var s = 0
    while i > 0 {
        let p = (i - 1) / 2
        s += g[i]
        shrink()
        i = p
    }
    println(s)
}
