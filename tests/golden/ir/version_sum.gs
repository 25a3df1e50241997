// -O2 loop versioning (lower/pass_version.c), a counter that moves with
// the sum of the bounded ones: in `while i < mid && j < hi` every step adds
// 1 to k and 1 to exactly one of i, j, so k - i - j is fixed and tmp[k]
// is in range for the whole loop when the guard before it holds
// (0 <= k <= tmp.len, 0 <= i <= mid, 0 <= j <= hi and
// (mid - i) + (hi - j) <= tmp.len - k): the fast copy keeps no tmp[k]
// check. One counter too (a merge's tail loop). Kept: k stepping in one
// arm only, k stepping by 2, and a step that may skip k (continue).
// Adversarial twins: rterr/version_sum_short.gs, rterr/version_sum_start.gs,
// rterr/version_sum_step.gs.
fn merge(a: []int, tmp: []int, lo: int, mid: int, hi: int) {
    var i = lo
    var j = mid
    var k = lo
    while i < mid && j < hi {
        if a[j] < a[i] {
            tmp[k] = a[j]
            j += 1
        } else {
            tmp[k] = a[i]
            i += 1
        }
        k += 1
    }
    while i < mid {
        tmp[k] = a[i]
        i += 1
        k += 1
    }
    while j < hi {
        tmp[k] = a[j]
        j += 1
        k += 1
    }
}

// Kept: k steps only when i does not. (a[i] needs no copy: i starts at 0
// and steps by 1 under i < a.len, pass_facts proves it.)
fn one_arm(a: []int, out: []int) {
    var i = 0
    var k = 0
    while i < a.len {
        if a[i] > 0 {
            out[k] = a[i]
            k += 1
        }
        i += 1
    }
}

// Kept: k steps by 2.
fn stride(a: []int, out: []int) {
    var i = 0
    var k = 0
    while i < a.len {
        out[k] = a[i]
        i += 1
        k += 2
    }
}

// Kept: continue skips k's step.
fn skip(a: []int, out: []int) {
    var i = 0
    var k = 0
    while i < a.len {
        out[k] = a[i]
        i += 1
        if a[k] == 0 {
            continue
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
    var t = make([]int, 6)
    merge(s, t, 0, 3, 6)
    println(t[0], t[1], t[2], t[3], t[4], t[5])
    var o = make([]int, 12)
    one_arm(s, o)
    stride(s, o)
    skip(s, o)
    println(o[0], o[2], o[10])
}
