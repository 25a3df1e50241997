// expect runtime error: tests/golden/rterr/shape_skip_back.gs:7:25: runtime error: index -2 out of range for length 4
// i also steps back (i -= 5), below 0: xs[i] keeps its check (rule:
// golden/ir/loop_shapes.gs).
fn skip(xs: []int) -> int {
    var i = 0
    var n = 0
    while i < xs.len && xs[i] == 0 {
        i += 1
        n += 1
        if n == 3 {
            i -= 5
        }
    }
    return i
}

fn main() {
    let v = make([]int, 4)
    println(skip(v))
}
