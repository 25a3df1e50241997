// copy_into/move_from whose source moves the destination's storage (the
// call grows the slice the destination is, is a sub-slice of, or is an
// element of): the destination is evaluated first with its checks, then
// rebuilt after the source from the slice as it is now, so the copy goes
// to the current storage, not into the storage given back.
struct A { a: [2]int }
var xs: []int
var arrs: []A
fn grow() -> []int {
    for _i in 0..100 { xs.push(0) }
    let t = make([]int, 2)
    t[0] = 7
    t[1] = 7
    return t
}
fn grow_arrs() -> [2]int {
    for _i in 0..100 { arrs.push(A{}) }
    return [7, 7]
}
fn main() {
    xs = make([]int, 4, 4)
    var i = 1
    copy_into(xs[i:i + 2], grow())
    println(xs[0], xs[1], xs[2], xs[3], xs.len)
    arrs = make([]A, 2, 2)
    move_from(arrs[1].a, grow_arrs())
    println(arrs[1].a[0], arrs[1].a[1], arrs.len)
}
