// expect runtime error: tests/golden/rterr/shape_reverse_from_len.gs:8:14: runtime error: index 3 out of range for length 3
// i starts at xs.len, not below it: xs[i] keeps its check and fails on
// the first step (rule: golden/ir/loop_shapes.gs).
fn reverse(xs: []int) -> int {
    var s = 0
    var i = xs.len
    while i >= 0 {
        s += xs[i]
        i -= 1
    }
    return s
}

fn main() {
    let v = make([]int, 3)
    println(reverse(v))
}
