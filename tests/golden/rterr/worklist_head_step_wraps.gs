// expect runtime error: tests/golden/rterr/worklist_head_step_wraps.gs:10:17: runtime error: index -9223372036854775808 out of range for length 4
// The worklist rule (head only advanced by a constant >= 0 after q[head])
// must not hold when the constant makes head wrap to a negative index.
fn main() {
    println("before")
    var q = make([]int, 4)
    var head = 1
    var t = 0
    while head < q.len {
        let v = q[head]
        head += 9223372036854775807
        t += v
    }
    println(t)
}
