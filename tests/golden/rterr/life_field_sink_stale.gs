// expect runtime error: tests/golden/rterr/life_field_sink_stale.gs:24:13: runtime error: use of freed storage
// A near miss of the sink-parameter rule (lower/pass_fields.c): `fill`
// only stores its slice parameter, once, but one call passes a header a
// local still holds (not fresh), so the field is not confined; a push
// through the local moves the storage and the field's use stops.
struct Bag {
    items: []int
}

fn fill(b: ref Bag, xs: []int) {
    b.items = xs
}

fn main() {
    var b = Bag{}
    fill(b, make([]int, 1, 1))
    println(b.items.len)
    var xs = make([]int, 1, 1)
    fill(b, xs)
    for i in 0..8 {
        xs.push(i)
    }
    println(xs.len)
    println(b.items[0])
}
