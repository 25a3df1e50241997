// expect runtime error: tests/golden/rterr/facts_near_let_len_store.gs:10:14: runtime error: index 1 out of range for length 1
// `let n = b.len` is b's old length after `b = make([]int, 1)`: the
// range loop 0..n - 1 is not below b.len - 1, and b[i + 1] keeps its check.
fn main() {
    var b = make([]int, 5)
    let n = b.len
    var s = 0
    b = make([]int, 1)
    for i in 0..n - 1 {
        s += b[i + 1]
    }
    println(s)
}
