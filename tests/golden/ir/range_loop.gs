// BCE rule: the index of `for i in lo..xs.len` (lo >= 0, xs not assigned in
// the loop) and of a loop up to a constant into a fixed array needs no check.
// Adversarial twin: rterr/bce_range_reassigned.gs.
fn sum(xs: []int) -> int {
    var s = 0
    for i in 0..xs.len {
        s += xs[i]
    }
    return s
}

fn sum_array(a: [4]int) -> int {
    var s = 0
    for i in 0..4 {
        s += a[i]
    }
    return s
}

fn main() {
    let xs = make([]int, 3)
    let a: [4]int = [1, 2, 3, 4]
    println(sum(xs) + sum_array(a))
}
