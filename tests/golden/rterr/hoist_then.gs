// expect runtime error: tests/golden/rterr/hoist_then.gs:16:13: runtime error: index 3 out of range for length 3
// At -O2 the check of tmp[k], which both arms begin with, runs once before
// the if (lower/pass_hoist.c). tmp is one short: the failing step takes
// the then arm (a[j] < a[i], the test written negated), so the error
// names the then arm's tmp[k] (line 16), after three elements were
// printed, as without the hoisting.
fn merge(a: []int, tmp: []int, mid: int) {
    var i = 0
    var j = mid
    var k = 0
    while i < mid && j < a.len {
        if k > 0 {
            println(tmp[k - 1])
        }
        if !(a[j] >= a[i]) {
            tmp[k] = a[j]
            j += 1
        } else {
            tmp[k] = a[i]
            i += 1
        }
        k += 1
    }
}

fn main() {
    var s = make([]int, 6)
    s[0] = 1
    s[1] = 2
    s[2] = 9
    s[3] = 3
    s[4] = 4
    s[5] = 10
    var t = make([]int, 3)
    merge(s, t, 3)
}
