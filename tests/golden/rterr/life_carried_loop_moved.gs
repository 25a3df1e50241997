// expect runtime error: tests/golden/rterr/life_carried_loop_moved.gs:8:10: runtime error: use of freed storage
// The caller's test of a carried argument is made once before a loop only
// when nothing in the loop may give the storage back; here the loop's push
// moves the storage a view was made from, so the view passed on the third
// step is stale and the callee's read stops.
fn first(v: []int, k: int) -> int {
    var s = k
    s += v[0]
    return s
}

fn main() {
    var xs = make([]int, 2, 2)
    let v = xs[0:1]
    var n = 0
    for i in 0..5 {
        n += first(v, i)
        if i == 1 {
            xs.push(7)
        }
    }
    println(n)
}
