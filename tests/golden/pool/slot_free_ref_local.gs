// expect runtime error: tests/golden/pool/slot_free_ref_local.gs:11:5: runtime error: pool free_ref of a reference that does not point into this pool
// free_ref of a reference to a local variable.
import "pool"

struct Node { key: int }

fn main() {
    var p = pool.slot_pool[Node]{}
    let _a = p.alloc(Node{key: 1})
    var local = Node{key: 5}
    p.free_ref(local)
}
