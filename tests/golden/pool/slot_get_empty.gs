// expect runtime error: tests/golden/pool/slot_get_empty.gs:9:19: runtime error: index 0 out of range for length 0
// p.get(0) of an empty pool.slot_pool.
import "pool"

struct Node { key: int }

fn main() {
    var p = pool.slot_pool[Node]{}
    let n: Node = p.get(0)
    println(n.key)
}
