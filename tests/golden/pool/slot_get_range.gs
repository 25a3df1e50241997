// expect runtime error: tests/golden/pool/slot_get_range.gs:13:13: runtime error: index 7 out of range for length 3
// p.get(i) of pool.slot_pool is checked against p.len, at the call.
import "pool"

struct Node { key: int }

fn main() {
    var p = pool.slot_pool[Node]{}
    for k in 0..3 {
        let _ = p.alloc(Node{key: k})
    }
    let i = 7
    println(p.get(i).key)
}
