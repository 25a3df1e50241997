// expect runtime error: tests/golden/rterr/shape_other_slice.gs:7:14: runtime error: index 3 out of range for length 3
// n is xs's length, and the loop reads ys (rule: golden/ir/loop_shapes.gs).
fn pairs(xs: []int, ys: []int) -> int {
    let n = xs.len
    var s = 0
    for i in 0..n - 1 {
        s += ys[i + 1]
    }
    return s
}

fn main() {
    let v = make([]int, 5)
    let w = make([]int, 3)
    println(pairs(v, w))
}
