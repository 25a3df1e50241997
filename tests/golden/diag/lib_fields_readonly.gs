// The fields of a standard library type (map.Map, pool.slot_pool, ...)
// are read-only outside the library: reading m.len is fine, writing it,
// its slices' elements, or setting fields in a literal is an error (it
// would corrupt the table or the pool). A user struct holding one may
// still replace it whole.
import "map"
import "pool"
struct Node { key: int }
struct Holder { m: map.Map[int, int] }
fn main() {
    var m = map.Map[int, int]{}
    m.put(1, 2)
    println(m.len)
    m.len = 5
    m.slots = m.slots[0:0]
    m.slots[0] = m.slots[1]
    m.len += 1
    var p = pool.slot_pool[Node]{}
    let i = p.alloc(Node{key: 1})
    p.get(i).key = 4
    p.len = 3
    var h = Holder{}
    h.m = map.Map[int, int]{}
    h.m.len = 2
    let q = pool.slot_pool[Node]{len: 3}
    println(q.len)
}
