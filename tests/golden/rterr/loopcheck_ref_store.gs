// expect runtime error: tests/golden/rterr/loopcheck_ref_store.gs:17:17: runtime error: index 3 out of range for length 3
// pass_loopcheck.c soundness: `i = i + 1` stores into a local whose
// address is taken (`let r = id(i)`), and r reads it, so `xs[r]` is not
// fixed over the loop: its check (and the load of r) stay in the loop and
// fail at k = 3. A store into a local whose address is taken writes
// memory (ir_effect_on_memory), not only the local.
fn id(r: ref int) -> ref int {
    return r
}

fn main() {
    var xs = make([]int, 3)
    var i = 0
    var s = 0
    let r = id(i)
    for _k in 0..5 {
        let v = xs[r]
        i = i + 1
        s += v
    }
    println(s)
}
