// expect runtime error: tests/golden/rterr/facts_range_let_len_loop.gs:14:18: runtime error: index 1 out of range for length 1
// BCE soundness: `let n = b.len` read before the while loop; its body
// runs `for i in 0..n - 1 { b[i + 1] }` and then assigns b a shorter
// slice, so on the second step n is the old length and b[i + 1] must keep
// its check (pass_facts.c fx_le_loop_len looked for writes of b only from
// the read of n up to the for, not over the rest of the enclosing loop).
fn main() {
    var b = make([]int, 5)
    let n = b.len
    var s = 0
    var t = 0
    while t < 3 {
        for i in 0..n - 1 {
            s += b[i + 1]
        }
        b = make([]int, 1)
        t += 1
    }
    println(s)
}
