// The builtin scalar pool `reusable T`: alloc, checked r[i] places, free,
// r.len as the high-water mark, LIFO reuse of freed indices, slots that
// alloc initialises (a reused slot holds the new value), pools as fields,
// globals and ref parameters, and slots that stay put while the pool grows.
// slot_pool.gs runs the same steps on the library pool.
struct Node { key: int, tag: u8, next: int }
struct World { nodes: reusable Node, count: int }

var global_nodes: reusable Node

fn show(r: ref reusable Node, i: int) {
    println("slot", i, r[i].key, r[i].tag, r[i].next)
}

// n is a slot of r: it must stay valid while r grows.
fn grow(r: ref reusable Node, n: ref Node, count: int) {
    for k in 0..count {
        let _ = r.alloc(Node{key: k, tag: 9, next: -1})
    }
    n.key += 1000
}

fn main() {
    var r: reusable Node
    println("empty len", r.len)
    let a = r.alloc(Node{key: 10, tag: 1, next: -1})
    let b = r.alloc(Node{key: 20, tag: 2, next: a})
    let c = r.alloc(Node{key: 30})
    println("indices", a, b, c, "len", r.len)
    r[b].key = 21
    r[c].key += 5
    r[c].next = r[b].key
    r[a].tag |= 0x80
    show(r, a)
    show(r, b)
    show(r, c)

    // LIFO: the most recently freed index comes back first.
    r.free(a)
    r.free(c)
    r.free(b)
    println("len after frees", r.len)
    let d = r.alloc(Node{key: 40})
    let e = r.alloc(Node{key: 50})
    let f = r.alloc(Node{key: 60})
    let g = r.alloc(Node{key: 70})
    println("reused", d, e, f, g, "len", r.len)
    // A reused slot holds exactly the value given to alloc.
    show(r, d)
    show(r, f)
    r.free(e)
    let h = r.alloc(Node{key: 80, tag: 8, next: 8})
    println("free then alloc", e, h)
    r.free(g)
    r.free(f)
    let i1 = r.alloc(Node{key: 1})
    let i2 = r.alloc(Node{key: 2})
    let i3 = r.alloc(Node{key: 3})
    println("lifo", i1, i2, i3, "len", r.len)

    // High-water mark: freeing everything keeps len.
    var idx: []int
    for n in 0..100 {
        idx.push(r.alloc(Node{key: n, tag: n as u8, next: n * 2}))
    }
    println("after 100 more", r.len, idx[0], idx[99])
    var sum = 0
    for x in idx {
        sum += r[x].key + r[x].next + r[x].tag as int
    }
    println("sum", sum)
    for n in 0..100 {
        r.free(idx[n])
    }
    println("after freeing them", r.len)
    let top = r.alloc(Node{})
    let next = r.alloc(Node{})
    println("top of the free stack", top == idx[99], next == idx[98], r.len)

    // Stable slots: a ref to a slot stays valid across 100000 allocations.
    let s = r.alloc(Node{key: 5})
    grow(r, r[s], 100000)
    println("stable", r[s].key, r[s].tag, "len", r.len)
    show(r, r.len - 1)

    // Pools in fields and globals; the zero value is an empty pool.
    var w: World
    let w0 = w.nodes.alloc(Node{key: 7})
    let w1 = w.nodes.alloc(Node{key: 8})
    w.nodes.free(w0)
    let w2 = w.nodes.alloc(Node{key: 9})
    w.nodes[w1].next = w.nodes[w2].key
    println("field pool", w0, w1, w2, w.nodes.len, w.nodes[w1].next)
    let g0 = global_nodes.alloc(Node{key: 11})
    global_nodes[g0].key *= 3
    println("global pool", g0, global_nodes[g0].key, global_nodes.len)

    // A pool of a scalar type.
    var ints: reusable int
    let x0 = ints.alloc(5)
    let x1 = ints.alloc(6)
    ints[x0] += ints[x1]
    ints.free(x1)
    let x2 = ints.alloc(-1)
    println("ints", x0, x1, x2, ints[x0], ints[x2], ints.len)
}
