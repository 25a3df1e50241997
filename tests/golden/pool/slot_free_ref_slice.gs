// expect runtime error: tests/golden/pool/slot_free_ref_slice.gs:11:5: runtime error: pool free_ref of a reference that does not point into this pool
// free_ref of a reference to a slice element.
import "pool"

struct Node { key: int }

fn main() {
    var p = pool.slot_pool[Node]{}
    let _a = p.alloc(Node{key: 1})
    var xs = make([]Node, 4)
    p.free_ref(xs[1])
}
