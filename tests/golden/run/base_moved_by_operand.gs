// An index or slice bound that grows the slice being indexed or sliced:
// the base's path is evaluated first (with its checks), the operand next,
// and the base's header is read after it, so the element comes from the
// current storage, not from the storage the push gave back.
struct A { a: [3]int }
var xs: []int
var arrs: []A
var rows: [][]int
fn grow() -> int {
    for i in 0..100 { xs.push(i) }
    return 1
}
fn grow_arrs() -> int {
    for _i in 0..100 { arrs.push(A{}) }
    return 2
}
fn grow_rows() -> int {
    for _i in 0..100 { rows.push(make([]int, 0)) }
    return 0
}
fn main() {
    xs = make([]int, 2, 2)
    xs[1] = 5
    arrs = make([]A, 1, 1)
    arrs[0].a[2] = 7
    println(xs[grow()], xs[0:grow() + 1].len, arrs[0].a[grow_arrs()])
    rows = make([][]int, 1, 1)
    rows[0] = make([]int, 3)
    rows[0][2] = 6
    var t = 0
    for x in rows[grow_rows()] { t += x }
    println(t, rows.len)
}
