// expect runtime error: tests/golden/rterr/facts_near_closure_loop.gs:12:14: runtime error: index -1 out of range for length 3
// i is captured by a closure the loop calls, so it is not private: neither
// the loop's test nor `i += 1` after a passed check bounds it (f() sets it
// to -1), and xs[i] keeps its check.
fn main() {
    var xs = make([]int, 3)
    var i = 0
    var s = 0
    let f = fn() { i -= 2 }
    while i < xs.len {
        if i == 1 { f() }
        s += xs[i]
        i += 1
    }
    println(s)
}
