// expect runtime error: tests/golden/rterr/facts_near_range_past_end.gs:10:14: runtime error: index 3 out of range for length 3
// for i in 1..xs.len + 1: xs[i - 1] is in range, xs[i] is not on the last
// step; only the first loses its check.
fn main() {
    let xs = make([]int, 3)
    var s = 0
    for i in 1..xs.len + 1 {
        s += xs[i - 1]
        println(i)
        s += xs[i]
    }
    println(s)
}
