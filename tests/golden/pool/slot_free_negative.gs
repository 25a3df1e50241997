// expect runtime error: tests/golden/pool/slot_free_negative.gs:12:5: runtime error: pool free of index -1 out of range for length 3
// p.free of a negative index of pool.slot_pool.
import "pool"

struct Node { key: int }

fn main() {
    var p = pool.slot_pool[Node]{}
    for k in 0..3 {
        let _ = p.alloc(Node{key: k})
    }
    p.free(-1)
}
