// Slice fields that only their own place holds (the confined-field rule,
// lower/pass_fields.c: their checks are removed) used as a program may:
// pushes that move the storage, indexing across calls that push, pop and
// clear, a field given a fresh make, a pool in a struct field reached
// through a ref. Nothing here may stop.
import "pool"

struct Bag { items: []int, n: int }

var bag = Bag{items: make([]int, 1, 1)}

fn grow() -> int {
    for i in 0..8 {
        bag.items.push(i)
    }
    return 0
}

fn sum(b: ref Bag) -> int {
    var s = 0
    for i in 0..b.items.len {
        s += b.items[i]
    }
    return s
}

struct Nodes { p: pool.slot_pool[int] }

fn fill(ns: ref Nodes, k: int) -> int {
    var t = 0
    var held: []int
    for i in 0..k {
        let j = ns.p.alloc(i)
        t += ns.p.get(j)
        held.push(j)
    }
    for j in held {
        ns.p.free(j)
    }
    delete(held)
    return t
}

fn main() {
    bag.items[0] = 1
    bag.items[grow()] = 5
    println(bag.items[0], bag.items.len, sum(bag))
    bag.items.pop()
    bag.items.clear()
    bag.items = make([]int, 3)
    bag.items[2] = 7
    println(sum(bag))
    var ns = Nodes{}
    println(fill(ns, 100), fill(ns, 10))
}
