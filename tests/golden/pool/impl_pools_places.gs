// Pools in struct fields, globals, ref parameters and closures; r[i] with
// a u8 index; r.len through a reference; slot_pool and slice_pool as fields.
import "pool"
struct Node { key: int }
struct Graph { nodes: reusable Node, bufs: reusable[] int, lib: pool.slot_pool[Node] }
var gp: reusable int
var gq = pool.slice_pool[int]{}

fn add(g: ref Graph, k: int) -> int {
    let i = g.nodes.alloc(Node{key: k})
    let j = g.lib.alloc(Node{key: k})
    return i + j
}

fn total(r: ref reusable Node) -> int {
    var s = 0
    for i in 0..r.len { s += r[i].key }
    return s
}

fn main() {
    var g: Graph
    for k in 0..10 { add(g, k) }
    println(g.nodes.len, g.lib.len, total(g.nodes))
    g.nodes.free(3)
    let b = g.bufs.alloc(5)
    b[4] = 2
    println(b[4], g.bufs.len)
    let x: u8 = 2
    println(g.nodes[x].key)
    let f = fn(v: int) { let _i = gp.alloc(v) }
    f(7)
    f(8)
    println(gp.len, gp[1])
    let a = gq.alloc_slice(3)
    let c = gq.resize(a, 6)
    println(c.len, gq.spans.len)
    let _r = g.lib.alloc_ref(Node{key: 77})
}
