// expect runtime error: tests/golden/rterr/worklist_i8_head_wraps.gs:10:17: runtime error: index -128 out of range for length 200
// An i8 worklist counter wraps from 120 + 8 to -128 while (head as int) < q.len
// still holds: the check of q[head] stays.
fn main() {
    println("before")
    var q = make([]int, 200)
    var head: i8 = 120
    var t = 0
    while (head as int) < q.len {
        let v = q[head]
        head += 8
        t += v
    }
    println(t)
}
