// expect runtime error: tests/golden/rterr/shape_prev_from.gs:7:22: runtime error: index -1 out of range for length 4
// lo may be 0: xs[i - 1] keeps its check and fails on the first step
// (rule: golden/ir/loop_shapes.gs).
fn diffs(xs: []int, lo: int) -> int {
    var s = 0
    for i in lo..xs.len {
        s += xs[i] - xs[i - 1]
    }
    return s
}

fn main() {
    let v = make([]int, 4)
    println(diffs(v, 1))
    println(diffs(v, 0))
}
