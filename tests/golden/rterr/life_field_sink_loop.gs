// expect runtime error: tests/golden/rterr/life_field_sink_loop.gs:24:13: runtime error: use of freed storage
// A near miss of the sink-parameter rule (lower/pass_fields.c): a store of
// the parameter in a loop runs more than once a call, so the header is in
// several places and the field is not confined; a stale copy's use stops.
struct Bag {
    items: []int
}

fn keep(bags: ref []Bag, b: Bag, n: int) {
    for _ in 0..n {
        bags.push(b)
    }
}

fn main() {
    var bags: []Bag
    keep(bags, Bag{items: make([]int, 1, 1)}, 2)
    for i in 0..8 {
        bags[0].items.push(i)
    }
    println(bags[0].items.len)
    println(bags.len)
    println(bags[1].items.len)
    println(bags[1].items[0])
}
