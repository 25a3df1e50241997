// expect runtime error: tests/golden/pool/slot_get_field.gs:14:21: runtime error: index 2 out of range for length 2
// A library error for a pool held in a field is reported at the first
// token of the call expression (the struct variable).
import "pool"

struct Node { key: int }
struct World { name: string, nodes: pool.slot_pool[Node] }

fn main() {
    var w = World{name: "w"}
    let a = w.nodes.alloc(Node{key: 1})
    let b = w.nodes.alloc(Node{key: 2})
    println(a, b)
    let total = a + w.nodes.get(b + 1).key
    println(total)
}
