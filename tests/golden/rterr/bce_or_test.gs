// A true `||` says nothing about either side: the check stays.
// Twin of ir/dominating_test.gs.
// expect runtime error: tests/golden/rterr/bce_or_test.gs:6:16: runtime error: index -1 out of range for length 3
fn at(xs: []int, i: int) -> int {
    if i >= 0 || i < xs.len {
        return xs[i]
    }
    return 0
}

fn main() {
    let xs = make([]int, 3)
    println(at(xs, -1))
}
