// expect runtime error: tests/golden/rterr/life_carried_loop_if.gs:12:18: runtime error: use of freed storage
// A near miss of the carried loop test (lower/pass_live.c, lv_choose): a
// parameter checked inside an `if` in a loop that keeps it is tested by
// the caller, and the check reads that answer, so it still stops only
// where and when it would: the first call never reaches the check (the
// key matches no step) and prints 0; the second reaches it with a stale
// slice and stops there.
fn count(xs: []int, key: int) -> int {
    var n = 0
    for i in 0..3 {
        if i == key {
            n += xs[0]
        }
    }
    return n
}

fn main() {
    var a = make([]int, 2)
    a[0] = 7
    println(count(a, 1))
    let b = a
    delete(a)
    println(count(b, 5))
    println(count(b, 1))
}
