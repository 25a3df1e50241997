// expect runtime error: tests/golden/rterr/life_field_sink_twice.gs:24:13: runtime error: use of freed storage
// A near miss of the sink-parameter rule (lower/pass_fields.c): a function
// that stores its parameter whole twice in one call puts one header in two
// places, so the field is not confined, and the second place's header used
// after a push through the first moved the storage stops.
struct Bag {
    items: []int
}

fn keep(bags: ref []Bag, b: Bag) {
    bags.push(b)
    bags.push(b)
}

fn main() {
    var bags: []Bag
    keep(bags, Bag{items: make([]int, 1, 1)})
    keep(bags, Bag{items: make([]int, 1, 1)})
    for i in 0..8 {
        bags[0].items.push(i)
    }
    println(bags[0].items.len)
    println(bags[1].items.len)
    println(bags[1].items[0])
}
