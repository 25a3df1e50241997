// expect runtime error: tests/golden/rterr/loop_bound_call_writes.gs:21:9: runtime error: index 5 out of range for length 4
// The loop bound of i (rule: golden/ir/loop_bound.gs) needs heap's header
// fixed over the loop; here a call in it shrinks heap, so heap[i] keeps
// its check and fails with the new length.
var heap: []int

fn shrink() {
    if heap.len > 4 {
        heap = heap[0:4]
    }
}

fn sift(v: int) {
    var i = heap.len - 1
    while i > 0 {
        let p = (i - 1) / 2
        shrink()
        if heap[p] <= v {
            break
        }
        heap[i] = heap[p]
        i = p
    }
}

fn main() {
    for v in [5, 3, 8, 1, 9, 2] {
        heap.push(v)
    }
    sift(0)
    println("not reached")
}
