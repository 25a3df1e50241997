// The slice of a range loop is assigned in the loop: its index check stays.
// Twin of ir/range_loop.gs.
// expect runtime error: tests/golden/rterr/bce_range_reassigned.gs:10:14: runtime error: index 1 out of range for length 1
fn main() {
    var xs = make([]int, 3)
    let ys = make([]int, 1)
    var s = 0
    for i in 0..xs.len {
        xs = ys
        s += xs[i]
    }
    println(s)
}
