// A confined field given to a sink parameter (lower/pass_fields.c): keep
// only stores its Bag parameter whole, once, and every call passes a
// struct literal of a fresh make, so Bag.items stays confined and sum's
// loop over it reads the field with no lifetime check (as a pool's alloc
// of a struct literal). The near misses: rterr/life_field_sink_*.
struct Bag {
    items: []int
    weight: int
}

fn keep(bags: ref []Bag, b: Bag) {
    bags.push(b)
}

fn sum(b: ref Bag) -> int {
    var s = 0
    for x in b.items {
        s += x
    }
    return s
}

fn main() {
    var bags: []Bag
    keep(bags, Bag{items: make([]int, 0, 4), weight: 1})
    bags[0].items.push(3)
    bags[0].items.push(4)
    println(sum(bags[0]))
}
