// expect runtime error: tests/golden/rterr/version_sum_start.gs:8:9: runtime error: index 6 out of range for length 6
// k starts past where the copy fits: the guard (k - i stays fixed,
// golden/ir/version_sum.gs) fails and the unguarded loop stops at tmp[6].
fn tail(a: []int, tmp: []int, k0: int) {
    var i = 0
    var k = k0
    while i < a.len {
        tmp[k] = a[i]
        i += 1
        k += 1
    }
}

fn main() {
    let a = make([]int, 4)
    var t = make([]int, 6)
    tail(a, t, 3)
    println("not reached")
}
