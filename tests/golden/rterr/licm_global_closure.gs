// expect runtime error: tests/golden/rterr/licm_global_closure.gs:12:15: runtime error: index 5 out of range for length 3
// A global slice reassigned by a closure called in the loop: its header
// cannot be read once before the loop.
var g: []int
fn main() {
    println("before")
    g = make([]int, 10)
    let cut = fn() { g = make([]int, 3) }
    var _t = 0
    for i in 0..10 {
        if i == 5 { cut() }
        _t += g[i]
    }
}
