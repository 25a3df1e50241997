// expect runtime error: tests/golden/rterr/let_len_pop.gs:9:16: runtime error: index 2 out of range for length 2
// n was read before the pop: it is not ys's length at the check, so the
// check stays (golden/ir/let_len.gs) and fires.
fn after_pop(xs: []int) -> int {
    var ys = xs
    let n = ys.len
    ys.pop()
    if n > 0 {
        return ys[n - 1]
    }
    return -1
}

fn main() {
    var w = make([]int, 3)
    println(after_pop(w))
}
