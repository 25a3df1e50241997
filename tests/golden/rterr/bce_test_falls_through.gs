// An `if` whose block falls through proves nothing after it: the check stays.
// Twin of ir/dominating_test.gs.
// expect runtime error: tests/golden/rterr/bce_test_falls_through.gs:9:12: runtime error: index 5 out of range for length 3
fn at(xs: []int, i: int) -> int {
    var n = 0
    if i < 0 || i >= xs.len {
        n = 1
    }
    return xs[i] + n
}

fn main() {
    let xs = make([]int, 3)
    println(at(xs, 5))
}
