// -O1+ bounds-check elimination from what the code already knows
// (lower/pass_facts.c), and -O2 function shaping (lower/pass_bce.c):
// cold noreturn error functions, GS_INLINE small leaves, out-of-line
// push growth. Each kept check here can fail (tests/golden/rterr/facts_*).
fn take(xs: ref []int) -> int {
    if xs.len > 0 { return xs.pop() } // pop after a length test: no check
    return -1
}

fn get_if(xs: []int, i: int) -> int {
    let k = i & 7                  // k >= 0
    if k < xs.len { return xs[k] } // dominating test: no check
    if i < xs.len { return xs[i] } // i may be negative: kept
    return 0
}

fn twice(xs: []int, i: int) -> int {
    return xs[i] + xs[i] * 2 // the second is the first check: gone
}

fn mask(x: u64, s: int) -> u64 {
    return (x << (s & 63)) | (x >> (s & 64)) // first proven, second kept
}

fn sum_some(xs: []int, n: int) -> int {
    var t = 0
    for i in 0..n {
        if i < xs.len { t += xs[i] } // counter from 0: no check
    }
    return t
}

fn bad(i: int) { // every path fails: cold, noreturn
    panic("bad " + to_string(i))
}

fn pick(xs: []int, i: int) -> int { // small leaf: GS_INLINE at -O2
    if i < 0 { bad(i) }
    return xs[i]
}

fn main() {
    var xs = make([]int, 0)
    for i in 0..5 { xs.push(i * 10) } // growth out of line
    println(take(xs), take(xs), xs.len)
    println(get_if(xs, 10), get_if(xs, 2), twice(xs, 1), mask(3, 1))
    println(sum_some(xs, 9), pick(xs, 2))
}
