// expect runtime error: tests/golden/rterr/life_copy_after_delete.gs:12:13: runtime error: use of freed storage
// A copied slice header read after the storage was deleted through the
// original: the block has been handed out again (zs), and the read stops
// instead of seeing zs's 5.
fn main() {
    var xs = make([]int, 4)
    let ys = xs
    delete(xs)
    var zs = make([]int, 4)
    zs[1] = 5
    println("before")
    println(ys[1])
}
