// expect runtime error: tests/golden/pool/slot_free_ref_freed.gs:13:5: runtime error: pool free of index 2 that is already free
// free_ref of a reference to a slot that is already free.
import "pool"

struct Node { key: int }

fn main() {
    var p = pool.slot_pool[Node]{}
    let _a = p.alloc(Node{key: 1})
    let _b = p.alloc(Node{key: 2})
    let r = p.alloc_ref(Node{key: 3})
    p.free_ref(r)
    p.free_ref(r)
}
