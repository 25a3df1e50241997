// expect runtime error: tests/golden/rterr/shape_let_len_pop.gs:10:14: runtime error: index 3 out of range for length 3
// n was read before the pop: 0..n - 1 does not keep ys[i + 1] below ys's
// length (rule: golden/ir/loop_shapes.gs).
fn pairs(xs: []int) -> int {
    var ys = xs
    let n = ys.len
    ys.pop()
    var s = 0
    for i in 0..n - 1 {
        s += ys[i + 1]
    }
    return s
}

fn main() {
    let v = make([]int, 4)
    println(pairs(v))
}
