// expect runtime error: tests/golden/rterr/shape_next_pop.gs:9:14: runtime error: index 4 out of range for length 3
// The loop pops ys: i + 1 < ys.len - 1 held for the length read before
// the loop only, so ys[i + 1] keeps its check (rule:
// golden/ir/loop_shapes.gs).
fn pairs(xs: []int) -> int {
    var ys = xs
    var s = 0
    for i in 0..ys.len - 1 {
        s += ys[i + 1]
        ys.pop()
    }
    return s
}

fn main() {
    let v = make([]int, 6)
    println(pairs(v))
}
