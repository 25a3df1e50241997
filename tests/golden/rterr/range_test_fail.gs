// expect runtime error: tests/golden/rterr/range_test_fail.gs:4:31: runtime error: panic: index -1 out of range
// `i < 0 || i >= xs.len` as one unsigned compare still catches i < 0.
fn at(xs: []int, i: int) -> int {
    if i < 0 || i >= xs.len { panic("index " + to_string(i) + " out of range") }
    return xs[i]
}

fn main() {
    let xs = make([]int, 3)
    println(at(xs, 2))
    println(at(xs, -1))
}
