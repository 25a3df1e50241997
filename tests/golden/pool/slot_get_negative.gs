// expect runtime error: tests/golden/pool/slot_get_negative.gs:11:5: runtime error: index -1 out of range for length 2
// A negative p.get(i) of pool.slot_pool, written through.
import "pool"

struct Node { key: int }

fn main() {
    var p = pool.slot_pool[Node]{}
    let a = p.alloc(Node{key: 1})
    let b = p.alloc(Node{key: 2})
    p.get(a - b).key = 3
}
