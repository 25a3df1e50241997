// App: an LRU cache generic in key and value, on a pool.slot_pool of
// list nodes indexed by a map.Map; evictions, hits and misses counted.
import "pool"
import "map"

struct Node[K, V] { key: K, val: V, prev: int, next: int }

struct Lru[K, V] {
    nodes: pool.slot_pool[Node[K, V]]
    index: map.Map[K, int]
    head: int
    tail: int
    cap: int
    size: int
    hits: int
    misses: int
    evicted: []K
}

fn new_lru[K, V](cap: int, k: K, v: V) -> Lru[K, V] {
    return Lru[K, V]{head: -1, tail: -1, cap: cap}
}

fn (c: ref Lru[K, V]) unlink(i: int) {
    let n = c.nodes.get(i)
    if n.prev >= 0 { c.nodes.get(n.prev).next = n.next } else { c.head = n.next }
    if n.next >= 0 { c.nodes.get(n.next).prev = n.prev } else { c.tail = n.prev }
    n.prev = -1
    n.next = -1
}

fn (c: ref Lru[K, V]) push_front(i: int) {
    let n = c.nodes.get(i)
    n.prev = -1
    n.next = c.head
    if c.head >= 0 { c.nodes.get(c.head).prev = i }
    c.head = i
    if c.tail < 0 { c.tail = i }
}

fn (c: ref Lru[K, V]) get(k: K) -> ?V {
    let o = c.index.get(k)
    if o == none {
        c.misses += 1
        return none
    }
    let i = o.unwrap()
    c.hits += 1
    c.unlink(i)
    c.push_front(i)
    return c.nodes.get(i).val
}

fn (c: ref Lru[K, V]) put(k: K, v: V) {
    if c.index.has(k) {
        let i = c.index.get(k).unwrap()
        c.nodes.get(i).val = v
        c.unlink(i)
        c.push_front(i)
        return
    }
    if c.size == c.cap {
        let t = c.tail
        let old: Node[K, V] = c.nodes.get(t)
        c.unlink(t)
        c.index.remove(old.key)
        c.nodes.free(t)
        c.evicted.push(old.key)
        c.size -= 1
    }
    let i = c.nodes.alloc(Node[K, V]{key: k, val: v, prev: -1, next: -1})
    c.index.put(k, i)
    c.push_front(i)
    c.size += 1
}

fn (c: ref Lru[K, V]) order() -> []K {
    var out: []K
    var i = c.head
    while i >= 0 {
        out.push(c.nodes.get(i).key)
        i = c.nodes.get(i).next
    }
    return out
}

fn join_ints(xs: []int) -> string {
    var s = "["
    for i, x in xs {
        if i > 0 { s = s + "," }
        s = s + to_string(x)
    }
    return s + "]"
}

fn main() {
    var c = new_lru(3, 0, "")
    c.put(1, "one")
    c.put(2, "two")
    c.put(3, "three")
    println(join_ints(c.order()))
    println(c.get(1).or("?"), c.get(5).or("?"))
    c.put(4, "four")
    println(join_ints(c.order()), join_ints(c.evicted))
    c.put(3, "THREE")
    println(c.get(3).unwrap(), join_ints(c.order()))
    for k in 10..20 {
        c.put(k, "n" + to_string(k))
        if k % 3 == 0 { c.get(k - 1) }
    }
    println(join_ints(c.order()), "size", c.size, "pool", c.nodes.len)
    println("hits", c.hits, "misses", c.misses, "evicted", join_ints(c.evicted))

    var s = new_lru(2, "", 0_u16)
    s.put("a", 1)
    s.put("b", 65535)
    s.get("a")
    s.put("c", 3)
    let ob = s.get("b")
    println(ob == none, s.get("a").unwrap() + 1, s.get("c").or(0) * 30000)
    var total: u16 = 0
    for k in ["a", "c", "zz"] { total += s.get(k).or(7) }
    println(total, s.evicted.len, s.evicted[0])
}
