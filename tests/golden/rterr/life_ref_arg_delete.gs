// expect runtime error: tests/golden/rterr/life_ref_arg_delete.gs:8:5: runtime error: delete of storage that a live ref points into: use of freed storage
// A callee deletes the global slice its ref argument points into: the
// delete stops before the storage is given back.
var cells: []int

fn reset(c: ref int) {
    c = 1
    delete(cells)
    c = 2
}

fn main() {
    cells = make([]int, 3)
    reset(cells[2])
    println(cells.len)
}
