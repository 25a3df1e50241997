// expect runtime error: tests/golden/rterr/each_pop_below.gs:10:5: runtime error: index 2 out of range for length 2
// The loop runs the length at its start times, but reads each element
// through the slice as it is now: popping below the index stops the
// program at the loop, after the first two elements were printed.
fn main() {
    var xs = make([]int, 0)
    for k in 0..6 {
        xs.push(k)
    }
    for x in xs {
        println(x)
        let _ = xs.pop()
        let _ = xs.pop()
    }
}
