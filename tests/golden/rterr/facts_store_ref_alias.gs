// expect runtime error: tests/golden/rterr/facts_store_ref_alias.gs:11:20: runtime error: index 5 out of range for length 3
// BCE soundness: through two `ref` parameters naming one place, `j = 5`
// after `i = k` changes i, so `xs[i]` keeps its check although the last
// store naming i stored a checked value (pass_facts.c fx_reaching_store
// trusts a store only into a private local).
fn pick(xs: []int, i: ref int, j: ref int, k: int) -> int {
    if k < xs.len {
        i = k
        j = 5
        if i >= 0 {
            return xs[i]
        }
    }
    return 0
}

fn main() {
    var xs = make([]int, 3)
    var a = 0
    println(pick(xs, a, a, 1))
}
