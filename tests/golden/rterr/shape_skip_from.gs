// expect runtime error: tests/golden/rterr/shape_skip_from.gs:6:25: runtime error: index -1 out of range for length 4
// i starts at k, which may be negative: xs[i] keeps its check in the
// loop's test (rule: golden/ir/loop_shapes.gs).
fn skip(xs: []int, k: int) -> int {
    var i = k
    while i < xs.len && xs[i] == 0 {
        i += 1
    }
    return i
}

fn main() {
    let v = make([]int, 4)
    println(skip(v, 0))
    println(skip(v, -1))
}
