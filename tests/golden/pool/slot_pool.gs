// The library scalar pool pool.slot_pool[T]: alloc, alloc_ref,
// alloc_index_with, get (a ref to the slot), free, free_ref, len. The first
// half repeats reusable_slot.gs step for step and must print the same
// indices; the second half uses the calls the builtin does not have.
import "pool"

struct Node { key: int, tag: u8, next: int }
struct World { nodes: pool.slot_pool[Node], count: int }

var global_nodes = pool.slot_pool[Node]{}

fn show(p: ref pool.slot_pool[Node], i: int) {
    println("slot", i, p.get(i).key, p.get(i).tag, p.get(i).next)
}

// n is a slot of p: it must stay valid while p grows.
fn grow(p: ref pool.slot_pool[Node], n: ref Node, count: int) {
    for k in 0..count {
        let _ = p.alloc(Node{key: k, tag: 9, next: -1})
    }
    n.key += 1000
}

fn main() {
    var p = pool.slot_pool[Node]{}
    println("empty len", p.len)
    let a = p.alloc(Node{key: 10, tag: 1, next: -1})
    let b = p.alloc(Node{key: 20, tag: 2, next: a})
    let c = p.alloc(Node{key: 30})
    println("indices", a, b, c, "len", p.len)
    p.get(b).key = 21
    p.get(c).key += 5
    p.get(c).next = p.get(b).key
    p.get(a).tag |= 0x80
    show(p, a)
    show(p, b)
    show(p, c)

    p.free(a)
    p.free(c)
    p.free(b)
    println("len after frees", p.len)
    let d = p.alloc(Node{key: 40})
    let e = p.alloc(Node{key: 50})
    let f = p.alloc(Node{key: 60})
    let g = p.alloc(Node{key: 70})
    println("reused", d, e, f, g, "len", p.len)
    show(p, d)
    show(p, f)
    p.free(e)
    let h = p.alloc(Node{key: 80, tag: 8, next: 8})
    println("free then alloc", e, h)
    p.free(g)
    p.free(f)
    let i1 = p.alloc(Node{key: 1})
    let i2 = p.alloc(Node{key: 2})
    let i3 = p.alloc(Node{key: 3})
    println("lifo", i1, i2, i3, "len", p.len)

    var idx: []int
    for n in 0..100 {
        idx.push(p.alloc(Node{key: n, tag: n as u8, next: n * 2}))
    }
    println("after 100 more", p.len, idx[0], idx[99])
    var sum = 0
    for x in idx {
        sum += p.get(x).key + p.get(x).next + p.get(x).tag as int
    }
    println("sum", sum)
    for n in 0..100 {
        p.free(idx[n])
    }
    println("after freeing them", p.len)
    let top = p.alloc(Node{})
    let next = p.alloc(Node{})
    println("top of the free stack", top == idx[99], next == idx[98], p.len)

    let s = p.alloc(Node{key: 5})
    grow(p, p.get(s), 100000)
    println("stable", p.get(s).key, p.get(s).tag, "len", p.len)
    show(p, p.len - 1)

    var w: World
    let w0 = w.nodes.alloc(Node{key: 7})
    let w1 = w.nodes.alloc(Node{key: 8})
    w.nodes.free(w0)
    let w2 = w.nodes.alloc(Node{key: 9})
    w.nodes.get(w1).next = w.nodes.get(w2).key
    println("field pool", w0, w1, w2, w.nodes.len, w.nodes.get(w1).next)
    let g0 = global_nodes.alloc(Node{key: 11})
    global_nodes.get(g0).key *= 3
    println("global pool", g0, global_nodes.get(g0).key, global_nodes.len)

    var ints = pool.slot_pool[int]{}
    let x0 = ints.alloc(5)
    let x1 = ints.alloc(6)
    ints.get(x0) += ints.get(x1)
    ints.free(x1)
    let x2 = ints.alloc(-1)
    println("ints", x0, x1, x2, ints.get(x0), ints.get(x2), ints.len)

    // ---- calls the builtin does not have ----
    var q = pool.slot_pool[Node]{}
    let r0 = q.alloc_ref(Node{key: 100}) // index 0
    let k1 = q.alloc(Node{key: 101})     // index 1
    r0.next = 55                         // writes the slot
    println("alloc_ref", q.get(0).key, q.get(0).next, k1, q.len)
    // get binds a reference: writes through n are writes to the slot.
    let n = q.get(k1)
    n.tag = 7
    n.key -= 1
    println("get ref", q.get(k1).key, q.get(k1).tag)
    // let with a type copies the value instead.
    let copy: Node = q.get(k1)
    q.get(k1).key = 0
    println("copy", copy.key, q.get(k1).key)

    // alloc_index_with calls f with the index the new slot gets: a new one...
    let k2 = q.alloc_index_with(fn(k: int) -> Node { return Node{key: k * 10, next: k} })
    println("index_with new", k2, q.get(k2).key, q.get(k2).next, q.len)
    // ...or the most recently freed one.
    q.free(k1)
    q.free(0)
    let k3 = q.alloc_index_with(fn(k: int) -> Node { return Node{key: k * 10 + 1, next: k} })
    let k4 = q.alloc_index_with(fn(k: int) -> Node { return Node{key: k * 10 + 2, next: k} })
    println("index_with reused", k3, q.get(k3).key, k4, q.get(k4).key, q.len)
    // The closure may capture locals (and change them).
    var calls = 0
    let base = 1000
    let k5 = q.alloc_index_with(fn(k: int) -> Node {
        calls += 1
        return Node{key: base + k}
    })
    println("index_with capture", k5, q.get(k5).key, calls)

    // free_ref finds the slot from the reference; the index is reused next.
    q.free_ref(q.get(k4))
    let k6 = q.alloc(Node{key: 6})
    println("free_ref", k4, k6)
    let r7 = q.alloc_ref(Node{key: 7}) // a new index: 4
    q.free_ref(r7)
    let k8 = q.alloc(Node{key: 8})
    println("free_ref of alloc_ref", k8, q.get(k8).key, q.len)

    // A freed slot stays readable pool memory: get of a freed index is not
    // an error (what it holds is not promised, so only its existence is used).
    q.free(k8)
    let _ = q.get(k8).tag
    println("freed slot readable", q.len)

    // Stable: a ref from alloc_ref sees the slot after the pool grew a lot.
    var big = pool.slot_pool[Node]{}
    let first = big.alloc_ref(Node{key: 1})
    for k in 0..200000 {
        let _ = big.alloc(Node{key: k})
    }
    first.key = 77
    big.get(0).tag = 3
    println("stable ref", big.get(0).key, first.tag, big.len)
    var total = 0
    for k in 1..big.len {
        total += big.get(k).key
    }
    println("total", total)
}
