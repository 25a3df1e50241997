// expect runtime error: tests/golden/rterr/each_subslice_bounds.gs:10:14: runtime error: slice end 4 out of range for length 3
// A rechecked for-each over xs[i:j] checks its bounds once, at the
// sub-slice, before the first iteration.
fn main() {
    var xs = make([]int, 0)
    for k in 0..3 {
        xs.push(k)
    }
    println("before")
    for x in xs[1:4] {
        xs.push(x)
    }
}
