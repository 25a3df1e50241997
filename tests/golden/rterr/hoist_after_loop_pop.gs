// expect runtime error: tests/golden/rterr/hoist_after_loop_pop.gs:14:10: runtime error: index 2 out of range for length 2
// The same check right after a loop is dropped only when the loop leaves xs
// unchanged: here it popped xs below c.
fn main() {
    println("before")
    var xs = make([]int, 5)
    let c = 2
    var t = 0
    for _k in 0..3 {
        t += xs[c]
        xs.pop()
    }
    println(t)
    t += xs[c]
}
