// expect runtime error: tests/golden/rterr/version_step_wraps.gs:12:14: runtime error: index -9223372036854775804 out of range for length 10
// Loop versioning: the step is positive and the start >= 0, but j += step
// wraps past the limit to a negative index; the unchecked copy must not run it.
fn main() {
    println("before")
    var xs = make([]int, 10)
    var j = 5
    let limit = 9
    let step = 9223372036854775807
    var t = 0
    while j <= limit {
        t += xs[j]
        j += step
    }
    println(t)
}
