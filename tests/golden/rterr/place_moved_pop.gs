// expect runtime error: tests/golden/rterr/place_moved_pop.gs:8:5: runtime error: index 0 out of range for length 0
// `xs[0] = xs.pop()`: the place is checked (length 1), the pop empties xs,
// and the store is checked again against the slice as it is now.
fn main() {
    var xs = make([]int, 2)
    xs[0] = xs.pop()
    println(xs.len)
    xs[0] = xs.pop()
    println("not reached")
}
