// A helper module for module_error.gs (not itself a test).
fn at(i: int) -> int {
    let xs = make([]int, 2)
    return xs[i] + 10
}
