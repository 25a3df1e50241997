// expect runtime error: tests/golden/rterr/version_sum_short.gs:14:13: runtime error: index 3 out of range for length 3
// tmp is shorter than the merge writes: the guard of the versioned loop
// (golden/ir/version_sum.gs) fails, and the loop as written stops at the
// first tmp[k] out of range, after the stores before it.
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
        k += 1
    }
}

fn main() {
    let a = [1, 4, 9, 2, 3, 10]
    var s = make([]int, 6)
    for x in 0..6 {
        s[x] = a[x]
    }
    var t = make([]int, 3)
    merge(s, t, 3)
    println("not reached")
}
