// expect runtime error: tests/golden/rterr/life_field_store_alias.gs:14:13: runtime error: use of freed storage
// A near miss of the confined-field rule: the field is given a header that
// a local also holds (not a fresh make), and the local's storage is
// deleted: the field's header is stale.
struct Bag { items: []int }

fn main() {
    var b = Bag{items: make([]int, 2)}
    let xs = make([]int, 3)
    b.items = xs
    println(b.items.len)
    delete(xs)
    var ys = make([]int, 3)
    println(b.items[1], ys[0])
}
