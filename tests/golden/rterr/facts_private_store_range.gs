// expect runtime error: tests/golden/rterr/facts_private_store_range.gs:13:18: runtime error: index 1 out of range for length 1
// BCE soundness: the window of facts at a `for` walks over `b = make(..)`
// only when nothing reads b, and the loop's body reads b.len: b[i + 1]
// keeps its check. (A window that looked for reads of b only up to the
// FOR would let `var b = make([]int, m)` stand for b's length inside the
// loop: 0..m - 1 would look in range though b has been given length 1.)
fn sum(m: int) -> int {
    var s = 0
    var b = make([]int, m)
    if m > 0 {
        b = make([]int, 1)
        for i in 0..m - 1 {
            s += b[i + 1]
        }
    }
    return s
}

fn main() {
    println(sum(5))
}
