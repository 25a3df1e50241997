// expect runtime error: tests/golden/pool/slot_free_twice.gs:16:5: runtime error: pool free of index 1 that is already free
// Freeing a slot of pool.slot_pool twice.
import "pool"

struct Node { key: int }

fn main() {
    var p = pool.slot_pool[Node]{}
    let a = p.alloc(Node{key: 1})
    let b = p.alloc(Node{key: 2})
    let c = p.alloc(Node{key: 3})
    p.free(c)
    let d = p.alloc(Node{key: 4})
    p.free(b)
    println(a, b, c, d)
    p.free(b)
}
