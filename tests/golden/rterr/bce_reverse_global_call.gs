// expect runtime error: tests/golden/rterr/bce_reverse_global_call.gs:15:15: runtime error: index 3 out of range for length 3
// A reverse loop over a global: the call in the body shrinks it, so the
// rule for 'var i = xs.len - 1; while i >= 0' does not apply.
var g: []int
fn cut() {
    g.pop()
    g.pop()
}
fn main() {
    println("before")
    g = make([]int, 5)
    var _t = 0
    var i = g.len - 1
    while i >= 0 {
        _t += g[i]
        if i == 4 { cut() }
        i -= 1
    }
}
