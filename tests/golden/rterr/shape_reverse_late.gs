// expect runtime error: tests/golden/rterr/shape_reverse_late.gs:9:14: runtime error: index -1 out of range for length 3
// The step comes before the read under i >= 0: the last step reads
// xs[-1] (rule: golden/ir/loop_shapes.gs).
fn reverse(xs: []int) -> int {
    var s = 0
    var i = xs.len
    while i >= 0 {
        i -= 1
        s += xs[i]
    }
    return s
}

fn main() {
    let v = make([]int, 3)
    println(reverse(v))
}
