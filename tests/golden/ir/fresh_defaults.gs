// BCE rule: the span check carried into `defaults` of a freshly allocated
// slice: after `var c = make([]T, m)`, c.len is m, so defaults(c[k:m])
// under 0 <= k <= m keeps no check. The second defaults keeps its check:
// the first one wrote memory, which ends what the pass may assume (it is
// conservative: it does not track which memory a write touches).
// Adversarial twin: rterr/bce_fresh_reassigned.gs.
fn fresh(m: int, k: int) -> []int {
    var c = make([]int, m)
    if k >= 0 && k <= m {
        defaults(c[k:m])
        defaults(c[0:k])
    }
    return c
}

fn main() {
    println(fresh(4, 2).len)
}
