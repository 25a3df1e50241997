// expect runtime error: tests/golden/rterr/hoist_else.gs:15:13: runtime error: index 2 out of range for length 2
// At -O2 the check of tmp[k], which both arms begin with, runs once before
// the if (lower/pass_hoist.c). tmp is one short: the failing step takes
// the else arm, so the error names the else arm's tmp[k] (line 15), after
// two elements were printed, as without the hoisting.
fn merge(a: []int, tmp: []int, mid: int) {
    var i = 0
    var j = mid
    var k = 0
    while i < mid && j < a.len {
        if a[j] < a[i] {
            tmp[k] = a[j]
            j += 1
        } else {
            tmp[k] = a[i]
            i += 1
        }
        println(tmp[k])
        k += 1
    }
}

fn main() {
    var s = make([]int, 6)
    s[0] = 1
    s[1] = 5
    s[2] = 9
    s[3] = 3
    s[4] = 6
    s[5] = 10
    var t = make([]int, 2)
    merge(s, t, 3)
}
