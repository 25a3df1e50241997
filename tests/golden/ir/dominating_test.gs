// BCE rule: an index dominated by a test that proves it: `0 <= i && i < n`
// around it, a failing or returning `if` before it, or the else-branch of
// the opposite test. Adversarial twins: rterr/bce_or_test.gs,
// rterr/bce_test_falls_through.gs, rterr/facts_neg_index.gs.
fn inside(xs: []int, i: int) -> int {
    if i >= 0 && i < xs.len {
        return xs[i]
    }
    return -1
}

fn after_return(xs: []int, i: int) -> int {
    if i < 0 || i >= xs.len {
        return -1
    }
    return xs[i]
}

fn after_panic(xs: []int, i: int) -> int {
    if !(i >= 0 && i < xs.len) {
        panic("out of range")
    }
    return xs[i]
}

fn in_else(xs: []int, i: int) -> int {
    if i >= xs.len || i < 0 {
        return -1
    } else {
        return xs[i]
    }
}

fn main() {
    let xs = make([]int, 3)
    println(inside(xs, 1), after_return(xs, 2), after_panic(xs, 0), in_else(xs, 1))
}
