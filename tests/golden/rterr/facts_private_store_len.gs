// expect runtime error: tests/golden/rterr/facts_private_store_len.gs:12:16: runtime error: index 2 out of range for length 1
// A store of a new slice into a private local between two checks of the
// same index against its length: the second check is against the new
// length, read after the store, and stays.
fn main() {
    var xs = make([]int, 3)
    let ys = make([]int, 1)
    let k = 2
    var t = 0
    t += xs[k]
    xs = ys
    println(t, xs[k])
}
