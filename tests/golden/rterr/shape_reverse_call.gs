// expect runtime error: tests/golden/rterr/shape_reverse_call.gs:15:14: runtime error: index 3 out of range for length 3
// shrink may change g's header (it pops it): g[i] keeps its check in the
// reverse loop (rule: golden/ir/loop_shapes.gs).
var g: []int

fn shrink() {
    g.pop()
}

fn reverse() -> int {
    var s = 0
    var i = g.len - 1
    while i >= 0 {
        shrink()
        s += g[i]
        i -= 1
    }
    return s
}

fn main() {
    g = make([]int, 4)
    println(reverse())
}
