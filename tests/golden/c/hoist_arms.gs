// At -O2 an index check that both arms of an if begin with is done once,
// before the if (lower/pass_hoist.c): merge's `tmp[k]` is checked before
// the branch, with both sites (the then arm's when the test holds, else
// the else arm's), and the arms are left without checks, so the C
// compiler can turn them into a select. In pick the arms begin with
// different checks (xs[i], xs[j]): nothing moves.
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

fn pick(xs: []int, c: bool, i: int, j: int) -> int {
    if c {
        return xs[i]
    } else {
        return xs[j]
    }
}

fn main() {
    let a = [1, 4, 9, 2, 3, 10]
    var s = make([]int, 6)
    for i in 0..6 {
        s[i] = a[i]
    }
    var t = make([]int, 6)
    merge(s, t, 3)
    println(t[0], t[1], t[2], t[3], t[4], t[5])
    println(pick(s, true, 1, 2), pick(s, false, 1, 2))
}
