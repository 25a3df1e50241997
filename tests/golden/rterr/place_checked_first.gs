// expect runtime error: tests/golden/rterr/place_checked_first.gs:11:5: runtime error: index 5 out of range for length 3
// `place op= value` checks the place before evaluating the value: f never runs.
fn f() -> int {
    println("f called")
    return 1
}

fn main() {
    var xs = make([]int, 3)
    let i = 5
    xs[i] += f()
}
