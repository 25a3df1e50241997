// expect runtime error: tests/golden/rterr/output_before_error.gs:7:17: runtime error: index 3 out of range for length 3
// Output printed before the error still appears on stdout (see .out).
fn main() {
    var xs = make([]int, 3)
    for i in 0..4 {
        print("item", i, "")
        println(xs[i])
    }
}
