// expect runtime error: tests/golden/rterr/call_zero_fn_module.gs:10:5: runtime error: call of a zero function value
// A zero fn value called inside a standard library module (sort_by's less)
// is reported at the user's call into the module.
import "sort"

fn main() {
    var xs = make([]int, 3)
    var less: fn(int, int) -> bool
    xs[0] = 2
    sort.sort_by(xs, less)
}
