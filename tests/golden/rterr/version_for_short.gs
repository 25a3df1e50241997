// expect runtime error: tests/golden/rterr/version_for_short.gs:8:9: runtime error: index 3 out of range for length 3
// Twin of ir/version_loops.gs: the guard n <= xs.len fails, so the loop
// runs with its check, which fires at k = 3 after the prints before it.
fn prefix_sum(xs: []int, n: int) -> int {
    var s = 0
    for k in 0..n {
        println(k, s)
        xs[k] = k
        s += k
        s += xs[k]
    }
    return s
}

fn main() {
    println(prefix_sum(make([]int, 3), 5))
}
