// expect runtime error: tests/golden/rterr/licm_call_writes.gs:27:14: runtime error: index 3 out of range for length 3
// Twin of ir/licm_globals.gs: the global is replaced two calls deep
// (step -> refill), so the loop reads its header at every step and
// data[3] fails against the new length, after the prints before it.
var data: []int
var other: []int

fn refill(n: int) {
    data = make([]int, n)
}

fn step(i: int) {
    other.push(i)
    if i == 2 {
        refill(3)
    }
}

fn main() {
    data = make([]int, 6)
    for i in 0..6 {
        data[i] = 10 * i
    }
    var s = 0
    var i = 0
    while i < 6 {
        s += data[i]
        println(i, s)
        step(i)
        i += 1
    }
    println(s)
}
