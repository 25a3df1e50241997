// expect runtime error: tests/golden/rterr/facts_private_store_read.gs:13:9: runtime error: index 5 out of range for length 3
// A check before a store into a private local proves nothing about the
// local after it: xs[i] after `i = 5` keeps its check (the window of
// facts walks over such a store only when nothing in it reads the local).
fn main() {
    var xs = make([]int, 3)
    var i = 1
    var s = 0
    if i < xs.len {
        s += xs[i]
        i = 5
        println("before", s)
        xs[i] = 1
    }
}
