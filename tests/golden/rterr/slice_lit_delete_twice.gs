// expect runtime error: tests/golden/rterr/slice_lit_delete_twice.gs:7:5: runtime error: delete of storage already deleted
// A slice literal owns its storage: deleting it once is fine, twice is an error.
fn main() {
    var xs = []int{1, 2, 3}
    let ys = xs
    delete(xs)
    delete(ys)
}
