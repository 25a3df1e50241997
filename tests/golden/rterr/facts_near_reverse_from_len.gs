// expect runtime error: tests/golden/rterr/facts_near_reverse_from_len.gs:9:14: runtime error: index 3 out of range for length 3
// A reverse loop that starts at xs.len, not xs.len - 1: the first xs[i] is
// past the end, so the loop bound i <= xs.len does not prove i < xs.len.
fn main() {
    let xs = make([]int, 3)
    var i = xs.len
    var s = 0
    while i >= 0 {
        s += xs[i]
        i -= 1
    }
    println(s)
}
