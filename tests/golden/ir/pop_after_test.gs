// BCE rule: `pop` right after a length test that makes it safe.
// Adversarial twin: rterr/facts_pop_twice.gs.
fn drain(xs: []int) -> int {
    var ys = xs
    var s = 0
    while ys.len > 0 {
        s += ys.pop()
    }
    if ys.len != 0 {
        s += ys.pop()
    }
    return s
}

fn main() {
    var xs: []int
    xs.push(1)
    xs.push(2)
    println(drain(xs))
}
