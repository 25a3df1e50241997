// expect runtime error: tests/golden/rterr/facts_neg_index.gs:6:20: runtime error: index -1 out of range for length 3
// A dominating `i < xs.len` does not prove xs[i]: i may be negative.
fn at(xs: []int, i: int) -> int {
    if i < xs.len {
        let v = 0
        return v + xs[i]
    }
    return 0
}

fn main() {
    let xs = make([]int, 3)
    println(at(xs, 2))
    println(at(xs, -1))
}
