// expect runtime error: tests/golden/rterr/version_while_step.gs:9:14: runtime error: index -1 out of range for length 4
// Twin of ir/version_loops.gs: a step that is not positive fails the
// guard step > 0: j walks down from 2 and the check fires at -1.
fn walk(xs: []int, start: int, step: int, limit: int) -> int {
    var j = start
    var s = 0
    while j < limit {
        println(j)
        s += xs[j]
        j += step
    }
    return s
}

fn main() {
    let xs = make([]int, 4)
    println(walk(xs, 0, 1, 4))
    println(walk(xs, 2, -1, 4))
}
