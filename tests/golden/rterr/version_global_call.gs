// expect runtime error: tests/golden/rterr/version_global_call.gs:15:9: runtime error: index 2 out of range for length 2
// Twin of ir/version_loops.gs: a call in the loop may change the global
// slice (here it does), so no guard before the loop can vouch for g[j].
var g: []int

fn shrink() {
    g = make([]int, 2)
}

fn main() {
    g = make([]int, 10)
    var j = 0
    while j < 5 {
        println(j)
        g[j] = j
        if j == 1 {
            shrink()
        }
        j += 1
    }
}
