// expect runtime error: tests/golden/rterr/delete_twice.gs:6:5: runtime error: delete of storage already deleted
fn main() {
    let xs = make([]int, 4)
    let ys = xs
    delete(xs)
    delete(ys)
}
