// expect runtime error: tests/golden/pool/slot_free_too_large.gs:12:5: runtime error: pool free of index 3 out of range for length 3
// p.free of index p.len of pool.slot_pool.
import "pool"

struct Node { key: int }

fn main() {
    var p = pool.slot_pool[Node]{}
    for k in 0..3 {
        let _ = p.alloc(Node{key: k})
    }
    p.free(p.len)
}
