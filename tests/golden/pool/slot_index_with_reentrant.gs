// alloc_index_with calls f with the index the new slot gets, even when f
// itself allocates from or frees into the same pool: the index is the one
// the pool would hand out at the call (here 0, then the freed 4 on top of
// the free stack), and what f allocates or frees does not change it.
import "pool"

struct Node { key: int }

fn main() {
    var p = pool.slot_pool[Node]{}
    var seen = -1
    var inner = -1
    let k = p.alloc_index_with(fn(x: int) -> Node {
        seen = x
        inner = p.alloc(Node{key: 99})
        return Node{key: x * 10}
    })
    println("allocating in f:", "index", k, "f saw", seen, "inner", inner, "len", p.len)
    println("keys", p.get(k).key, p.get(inner).key)

    for n in 0..4 {
        let _ = p.alloc(Node{key: n})
    }
    p.free(5)
    p.free(3)
    p.free(4)
    // the top of the free stack is 4; f frees 2 on top of it
    let k2 = p.alloc_index_with(fn(x: int) -> Node {
        seen = x
        p.free(2)
        return Node{key: x * 10}
    })
    println("freeing in f:", "index", k2, "f saw", seen, "key", p.get(k2).key)
    let k3 = p.alloc(Node{key: 7})
    let k4 = p.alloc(Node{key: 8})
    println("then", k3, k4, "len", p.len)
}
