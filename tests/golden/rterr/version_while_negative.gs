// expect runtime error: tests/golden/rterr/version_while_negative.gs:11:9: runtime error: index -2 out of range for length 8
// Twin of ir/version_loops.gs: the start is negative, so the guard j >= 0
// fails and the first iteration's check fires.
var flags: []bool

fn mark(start: int, step: int, limit: int) -> int {
    var j = start
    var marked = 0
    while j <= limit {
        println("at", j)
        flags[j] = true
        marked += 1
        j += step
    }
    return marked
}

fn main() {
    flags = make([]bool, 8)
    println(mark(0, 2, 7))
    println(mark(-2, 2, 7))
}
