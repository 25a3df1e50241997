// expect runtime error: tests/golden/rterr/life_field_struct_copy.gs:15:13: runtime error: use of freed storage
// A near miss of the confined-field rule: a copy of the whole struct holds
// the field's header too, so the field is not confined, and the copy's
// field used after a push through the original moved the storage stops.
struct Bag { items: []int }

fn main() {
    var b = Bag{items: make([]int, 1, 1)}
    let c = b
    for i in 0..8 {
        b.items.push(i)
    }
    println(b.items.len)
    println(c.items.len)
    println(c.items[0])
}
