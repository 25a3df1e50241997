// expect runtime error: tests/golden/rterr/delete_subslice.gs:5:5: runtime error: delete of a sub-slice
fn main() {
    let xs = make([]int, 4)
    let all = xs[0:xs.len]
    delete(all)
}
