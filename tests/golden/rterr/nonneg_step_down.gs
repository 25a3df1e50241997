// expect runtime error: tests/golden/rterr/nonneg_step_down.gs:15:17: runtime error: index -1 out of range for length 2
// Twin of ir/nonneg_step.gs: a step after a passed check proves a local
// stays >= 0 only when every step goes up. Here head also steps down, so
// `q[head]` keeps its check at -O2 and fails with head = -1 after the
// lines printed before it.
fn main() {
    var q: []int
    q.push(5)
    q.push(6)
    var head = 1
    var n = 0
    while head < q.len {
        n += 1
        println("step", n)
        let v = q[head]
        head += 1
        println(v)
        head -= 3
    }
}
