// expect runtime error: tests/golden/rterr/hoist_index_changes.gs:9:15: runtime error: index 7 out of range for length 3
// xs[c] with c assigned later in the body: the check is not invariant
// and must run on the first iteration's value 7.
fn main() {
    var xs = make([]int, 3)
    var _t = 0
    var c = 7
    for k in 0..3 {
        _t += xs[c]
        c = k
    }
}
