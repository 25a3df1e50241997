// expect runtime error: tests/golden/rterr/shape_next_full.gs:7:22: runtime error: index 4 out of range for length 4
// hi is xs.len, not xs.len - 1: xs[i + 1] keeps its check and fails on the
// last step (rule: golden/ir/loop_shapes.gs).
fn pairs(xs: []int) -> int {
    var s = 0
    for i in 0..xs.len {
        s += xs[i] * xs[i + 1]
    }
    return s
}

fn main() {
    let v = make([]int, 4)
    println(pairs(v))
}
