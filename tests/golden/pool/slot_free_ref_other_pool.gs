// expect runtime error: tests/golden/pool/slot_free_ref_other_pool.gs:12:5: runtime error: pool free_ref of a reference that does not point into this pool
// free_ref of a reference into another pool of the same type.
import "pool"

struct Node { key: int }

fn main() {
    var p = pool.slot_pool[Node]{}
    var other = pool.slot_pool[Node]{}
    let _a = p.alloc(Node{key: 1})
    let r = other.alloc_ref(Node{key: 2})
    p.free_ref(r)
}
