// expect runtime error: tests/golden/rterr/shape_reverse_pop.gs:9:14: runtime error: index 2 out of range for length 2
// The loop pops ys: i < ys.len held for the length before the pops only
// (rule: golden/ir/loop_shapes.gs).
fn reverse(xs: []int) -> int {
    var ys = xs
    var s = 0
    var i = ys.len - 1
    while i >= 0 {
        s += ys[i]
        if i == 3 {
            ys.pop()
            ys.pop()
            ys.pop()
        }
        i -= 1
    }
    return s
}

fn main() {
    let v = make([]int, 5)
    println(reverse(v))
}
