// expect runtime error: tests/golden/rterr/life_field_copied_out.gs:16:13: runtime error: use of freed storage
// A near miss of the confined-field rule (lower/pass_fields.c): the
// field's header is copied out (`let v = b.items`), so the field is not
// confined, and the copy used after a push moved the storage must stop.
struct Bag { items: []int }

fn main() {
    var b = Bag{items: make([]int, 1, 1)}
    b.items[0] = 4
    let v = b.items
    println(v[0])
    for i in 0..8 {
        b.items.push(i)
    }
    println(b.items[0])
    println(v[0])
}
