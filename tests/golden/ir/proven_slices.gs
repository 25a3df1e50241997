// BCE rule: a slice xs[a:b] whose bounds are already proven: xs[0:xs.len],
// xs[0:0], xs[k:xs.len] under 0 <= k <= xs.len, and a second identical
// slice or index after a first that passed.
// Adversarial twins: rterr/bce_slice_unproven.gs, rterr/facts_write_between.gs.
fn whole(xs: []int) -> int {
    let a = xs[0:xs.len]
    let b = xs[0:0]
    return a.len + b.len
}

fn suffix(xs: []int, k: int) -> int {
    if k >= 0 && k <= xs.len {
        return xs[k:xs.len].len
    }
    return 0
}

fn twice(xs: []int, i: int, j: int) -> int {
    let a = xs[i:j]
    let b = xs[i:j]
    let c = xs[i]
    let d = xs[i]
    return a.len + b.len + c + d
}

fn main() {
    let xs = make([]int, 4)
    println(whole(xs), suffix(xs, 1), twice(xs, 1, 3))
}
