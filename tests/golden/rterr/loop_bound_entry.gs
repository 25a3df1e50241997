// expect runtime error: tests/golden/rterr/loop_bound_entry.gs:11:9: runtime error: index 4 out of range for length 4
// i starts at xs.len, not below it: no loop bound, xs[i] keeps its check
// (rule: golden/ir/loop_bound.gs).
fn sift(xs: []int, v: int) {
    var i = xs.len
    while i > 0 {
        let p = (i - 1) / 2
        if xs[p] <= v {
            break
        }
        xs[i] = xs[p]
        i = p
    }
}

fn main() {
    let xs = make([]int, 4)
    for k in 0..4 {
        xs[k] = 9
    }
    sift(xs, 0)
    println("not reached")
}
