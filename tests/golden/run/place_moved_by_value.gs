// A place evaluated before a value that moves it: the value grows the
// slice the place is an element of (the push copies into new storage and
// gives the old back). The place's checks run first, then the value, then
// the place is rebuilt from the slice as it is now, so the store goes to
// the current storage, not to the storage given back.
struct C { v: int }
struct S { items: []int }

var xs: []int
var cs: []C
var rows: [][]int

fn grow() -> int {
    for i in 0..100 { xs.push(i) }
    return 7
}
fn grow_ref(v: ref []int) -> int {
    for i in 0..100 { v.push(i) }
    return 7
}
fn grow_cs() -> int {
    for i in 0..100 { cs.push(C{v: i}) }
    return 7
}
fn grow_rows() -> int {
    for _i in 0..100 { rows.push(make([]int, 0)) }
    return 7
}
fn (s: ref S) grow() -> int {
    for i in 0..100 { s.items.push(i) }
    return 7
}
fn (c: ref C) put(v: int) { c.v = v }
fn set(r: ref int, v: int) { r = v }

fn main() {
    // a global grown by the called function
    xs = make([]int, 2, 2)
    xs[1] = 1
    xs[0] = grow()
    println(xs[0], xs[1], xs[11])

    // a local passed by reference
    var ys = make([]int, 2, 2)
    ys[1] = 1
    ys[0] += grow_ref(ys)
    println(ys[0], ys[1], ys.len)

    // a local captured by a closure
    var zs = make([]int, 2, 2)
    zs[1] = 1
    let grow_zs = fn() -> int {
        for i in 0..100 { zs.push(i) }
        return 7
    }
    zs[0] = grow_zs()
    println(zs[0], zs[1], zs.len)

    // a field grown through a ref receiver, read by op=
    var s = S{items: make([]int, 2, 2)}
    s.items[1] = 1
    s.items[0] += 1 + s.grow()
    println(s.items[0], s.items[1])

    // a ref argument before a later argument that moves it
    xs = make([]int, 2, 2)
    xs[1] = 1
    set(xs[0], grow())
    println(xs[0], xs[1])

    // a ref receiver before an argument that moves it
    cs = make([]C, 2, 2)
    cs[1].v = 1
    cs[0].put(grow_cs())
    println(cs[0].v, cs[1].v)

    // a push onto an element of a slice the pushed value grows
    rows = make([][]int, 1, 1)
    rows[0].push(1)
    rows[0].push(grow_rows())
    println(rows[0].len, rows[0][1], rows.len)
}
