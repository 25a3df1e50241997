// expect runtime error: tests/golden/rterr/loop_bound_store.gs:11:14: runtime error: index 3 out of range for length 3
// The value stored into i passed a check against another slice's length,
// not xs's: no loop bound for xs (rule: golden/ir/loop_bound.gs).
fn walk(xs: []int, ys: []int) -> int {
    var i = xs.len - 1
    var s = 0
    while i > 0 {
        let p = i + 1
        s += ys[p]
        i = p
        s += xs[i]
    }
    return s
}

fn main() {
    let xs = make([]int, 3)
    let ys = make([]int, 10)
    println(walk(xs, ys))
}
