// expect runtime error: tests/golden/rterr/defer_runtime_error.gs:8:9: runtime error: index 5 out of range for length 1
// A runtime error stops the program: the defers of the blocks it was in
// do not run.
fn get(xs: []int, i: int) -> int {
    defer println("not printed")
    println("reading")
    var r = 0
    r = xs[i]
    return r
}
fn main() {
    defer println("not printed either")
    var xs: []int
    xs.push(1)
    println(get(xs, 5))
}
