// expect runtime error: tests/golden/rterr/facts_store_closure.gs:16:21: runtime error: index 5 out of range for length 3
// BCE soundness: `xs[i]` is not proven by the store `i = k` (k < xs.len)
// that reaches it when i is captured by a closure: the call f() between
// the store and the check sets i = 5 without naming i, so the check must
// stay (fx_reaching_store in pass_facts.c must not walk past the call and
// read i's value off the store).
fn main() {
    var xs = make([]int, 3)
    var i = 0
    let f = fn() { i = 5 }
    let k = 1
    if k < xs.len {
        i = k
        f()
        if i >= 0 {
            println(xs[i])
        }
    }
}
