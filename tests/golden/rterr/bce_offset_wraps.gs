// expect runtime error: tests/golden/rterr/bce_offset_wraps.gs:8:17: runtime error: index -9223372036854775808 out of range for length 10
// i > 5 does not make xs[i + 1] safe: i + 1 wraps to MIN.
fn main() {
    println("before")
    var xs = make([]int, 10)
    var i = 9223372036854775807
    if i > 5 {
        xs[0] = xs[i + 1]
    }
}
