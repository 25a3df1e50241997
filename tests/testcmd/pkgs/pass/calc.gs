// A module under test: calc_test.gs beside it joins it.
fn add(a: int, b: int) -> int {
    return a + b
}

fn sum(xs: []int) -> int {
    var s = 0
    for x in xs {
        s += x
    }
    return s
}
