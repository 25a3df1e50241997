// expect runtime error: tests/golden/rterr/version_sum_step.gs:8:9: runtime error: index 6 out of range for length 5
// k steps by 2 while i steps by 1: not a counter that moves with i
// (golden/ir/version_sum.gs), so out[k] keeps its check.
fn stride(a: []int, out: []int) {
    var i = 0
    var k = 0
    while i < a.len {
        out[k] = a[i]
        i += 1
        k += 2
    }
}

fn main() {
    let a = make([]int, 4)
    var o = make([]int, 5)
    stride(a, o)
    println("not reached")
}
