// expect runtime error: tests/golden/rterr/version_while_past.gs:12:9: runtime error: index 20 out of range for length 20
// Twin of ir/version_loops.gs: the guard limit < flags.len fails (limit is
// the length), so the loop keeps its check: it fires when j reaches 20,
// after the prints of every earlier iteration.
var flags: []bool

fn mark(start: int, step: int, limit: int) -> int {
    var j = start
    var marked = 0
    while j <= limit {
        println(j)
        flags[j] = true
        marked += 1
        j += step
    }
    return marked
}

fn main() {
    flags = make([]bool, 20)
    println(mark(14, 3, 20))
}
