// expect runtime error: tests/golden/rterr/facts_store_let_ref.gs:19:21: runtime error: index 5 out of range for length 3
// BCE soundness: i's address is taken (`let r = id(i)`), so the store
// `r = 5` through the reference changes i after `i = k`: `xs[i]` keeps
// its check (pass_facts.c fx_reaching_store trusts a store only into a
// local whose address is never taken).
fn id(r: ref int) -> ref int {
    return r
}

fn main() {
    var xs = make([]int, 3)
    var i = 0
    let r = id(i)
    let k = 1
    if k < xs.len {
        i = k
        r = 5
        if i >= 0 {
            println(xs[i])
        }
    }
}
