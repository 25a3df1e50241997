// expect runtime error: tests/golden/rterr/copy_dst_moved_len.gs:11:5: runtime error: copy_into length mismatch: 102 != 2
// The source grows xs: the destination is xs as it is after the source
// was evaluated (102 elements), not the 2-element header read before.
var xs: []int
fn grow() -> []int {
    for _i in 0..100 { xs.push(0) }
    return make([]int, 2)
}
fn main() {
    xs = make([]int, 2, 2)
    copy_into(xs, grow())
}
