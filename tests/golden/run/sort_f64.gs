// sort.sort on f64: NaNs first, in their input order; then ascending,
// with -0 and +0 equal (kept in input order), infinities at the ends.
// An all-NaN slice, and a large input with NaNs scattered in it.
import "sort"

fn show(xs: []f64) {
    for x in xs { print(x, "") }
    println()
}

// The sign of a zero shows as 1/x: -inf or inf.
fn zeros(xs: []f64) {
    for x in xs {
        if x == 0.0 { print(1.0 / x, "") }
    }
    println()
}

fn main() {
    let nan = 0.0 / 0.0
    let inf = 1.0 / 0.0
    var xs: []f64
    for x in [3.5, nan, -0.0, 0.0, -1.0, inf, -inf, nan, 0.0, -0.0, 2.0, -2.5] { xs.push(x) }
    sort.sort(xs)
    show(xs)
    zeros(xs)
    var ys: []f64
    for x in [0.0, -0.0, 1.0, -0.0, 0.0] { ys.push(x) }
    sort.sort(ys)
    zeros(ys)
    var all: []f64
    for _i in 0..3 { all.push(nan) }
    sort.sort(all)
    show(all)
    var big: []f64
    var seed: u64 = 5
    for i in 0..5000 {
        seed = seed * 6364136223846793005 + 1442695040888963407
        if i % 97 == 0 { big.push(nan) } else { big.push(((seed >> 11) as f64) / 9007199254740992.0 - 0.5) }
    }
    sort.sort(big)
    var nans = 0
    while nans < big.len && big[nans] != big[nans] { nans += 1 }
    var ok = true
    for i in nans + 1..big.len {
        if big[i - 1] > big[i] || big[i] != big[i] { ok = false }
    }
    println("5000: nans first", nans, "then ascending", ok)
    var empty: []f64
    sort.sort(empty)
    var one: []f64
    one.push(nan)
    sort.sort(one)
    println("empty", empty.len, "one", one[0])
}
