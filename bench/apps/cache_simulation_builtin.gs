// langarena: Etc::CacheSimulation values size iterations
//
// An LRU cache of capacity `size`; each run does 1000 operations on the key
// "item_" + next_int(values): a hit moves the node to the head of the
// recency list and replaces its value with "updated_<run>"; a miss evicts
// the tail when the cache is full and inserts "new_<run>" at the head. The
// state (cache, hits, misses) lasts over all runs; the checksum folds hits,
// misses and the final count.
//
// Memory: the list nodes are slots of a slot pool, linked by index; every
// key and value string is a span of u8 from a slice pool (each operation
// allocates its key there; a hit frees it again). The string -> node map
// is this file's own open-addressing table (linear probing, backward-shift
// deletion) of node indices, made once in prepare: it compares against the
// key bytes in the pool, so keys live only there. (map.Map[string, int]
// would keep its own heap copy of every key and needs a string, so each
// lookup would first copy the pool bytes with from_bytes.)
// Variant: builtin pools (`reusable Node`, `reusable[] u8`); the _library
// file is the same program on pool.slot_pool / pool.slice_pool.
// Usage: cache_simulation_builtin values size iterations expected_checksum
//   Prints `Etc::CacheSimulation: OK in <s>s` or
//   `Etc::CacheSimulation: ERR[actual=<a>, expected=<e>]` (exit status 1).

import "bytes"

const NAME: string = "Etc::CacheSimulation"
const OPS: int = 1000 // operations per run
const NIL: int = -1   // no node: list ends, empty table slots

// LangArena's RNG.
var rng_last: int = 42

fn rng_reset() { rng_last = 42 }

fn next_int(max: int) -> int {
    rng_last = (rng_last * 3877 + 29573) % 139968
    return rng_last * max / 139968
}

fn arg_int(a: []string, i: int) -> int {
    let o = parse_int(a[i])
    if o == none {
        eprintln(NAME + ": bad argument '" + a[i] + "'")
        exit(2)
    }
    return o.unwrap()
}

// Prints the suite line; the exit status.
fn report(sum: u32, expected: int, ns: i64) -> int {
    if sum as int == expected {
        println(NAME + ": OK in " + fmt_f64(ns as f64 / 1e9, 3) + "s")
        return 0
    }
    println(NAME + ": ERR[actual=" + to_string(sum) + ", expected=" + to_string(expected) + "]")
    return 1
}

// The number of decimal digits of n >= 0.
fn digits(n: int) -> int {
    var d = 1
    var v = n
    while v >= 10 {
        v /= 10
        d += 1
    }
    return d
}

// FNV-1a over the bytes (hash() takes strings, and the keys are spans).
fn hash_bytes(a: []u8) -> u64 {
    var h: u64 = 14695981039346656037
    for b in a {
        h = (h ^ b as u64) * 1099511628211
    }
    return h
}

// A node of the recency list (most recent at the head).
struct Node {
    key: []u8   // "item_<n>", a span of Cache.text
    value: []u8 // "new_<run>" / "updated_<run>", a span of Cache.text
    hash: u64   // hash_bytes(key)
    prev: int   // towards the head; NIL at the head
    next: int   // towards the tail; NIL at the tail
}

struct Cache {
    nodes: reusable Node
    text: reusable[] u8
    table: []int // node index or NIL; a power of two >= 2 * capacity
    mask: int
    head: int
    tail: int
    count: int
    capacity: int
    values: int
    hits: u32
    misses: u32
}

fn (c: ref Cache) prepare(values: int, capacity: int) {
    c.values = values
    c.capacity = capacity
    var n = 8
    while n < 2 * capacity {
        n *= 2
    }
    c.table = make([]int, n)
    for i in 0..n {
        c.table[i] = NIL
    }
    c.mask = n - 1
    c.head = NIL
    c.tail = NIL
}

// prefix + decimal n, in a new span of the text pool.
fn (c: ref Cache) make_text(prefix: string, n: int) -> []u8 {
    let a = c.text.alloc(prefix.len + digits(n))
    for i, b in prefix {
        a[i] = b
    }
    var v = n
    var i = a.len
    while i > prefix.len {
        i -= 1
        a[i] = (v % 10 + 48) as u8
        v /= 10
    }
    return a
}

// The table slot holding the node whose key is k, else the empty slot
// where k belongs.
fn (c: ref Cache) find(k: []u8, h: u64) -> int {
    var i = (h as int) & c.mask
    while true {
        let n = c.table[i]
        if n == NIL {
            return i
        }
        if c.nodes[n].hash == h && bytes.equal(c.nodes[n].key, k) {
            return i
        }
        i = (i + 1) & c.mask
    }
}

// Empties table slot i, moving later entries of its probe run back.
fn (c: ref Cache) table_remove(slot: int) {
    var i = slot
    var j = slot
    while true {
        j = (j + 1) & c.mask
        let n = c.table[j]
        if n == NIL {
            break
        }
        let home = (c.nodes[n].hash as int) & c.mask
        // n may move to i unless its home lies cyclically in (i, j].
        if !cyclic_in(home, i, j) {
            c.table[i] = n
            i = j
        }
    }
    c.table[i] = NIL
}

// Whether home lies cyclically in (i, j].
fn cyclic_in(home: int, i: int, j: int) -> bool {
    if i <= j {
        return i < home && home <= j
    }
    return i < home || home <= j
}

fn (c: ref Cache) unlink(n: int) {
    let p = c.nodes[n].prev
    let q = c.nodes[n].next
    if p == NIL {
        c.head = q
    } else {
        c.nodes[p].next = q
    }
    if q == NIL {
        c.tail = p
    } else {
        c.nodes[q].prev = p
    }
}

fn (c: ref Cache) push_front(n: int) {
    c.nodes[n].prev = NIL
    c.nodes[n].next = c.head
    if c.head == NIL {
        c.tail = n
    } else {
        c.nodes[c.head].prev = n
    }
    c.head = n
}

// Removes the least recently used node and gives back its memory.
fn (c: ref Cache) evict() {
    let t = c.tail
    let slot = c.find(c.nodes[t].key, c.nodes[t].hash)
    c.table_remove(slot)
    c.unlink(t)
    c.text.free(c.nodes[t].key)
    c.text.free(c.nodes[t].value)
    c.nodes.free(t)
    c.count -= 1
}

fn (c: ref Cache) op(run: int) {
    let k = c.make_text("item_", next_int(c.values))
    let h = hash_bytes(k)
    var slot = c.find(k, h)
    let found = c.table[slot]
    if found != NIL {
        c.hits += 1
        c.text.free(k)
        c.unlink(found)
        c.push_front(found)
        c.text.free(c.nodes[found].value)
        let v = c.make_text("updated_", run)
        c.nodes[found].value = v
        return
    }
    c.misses += 1
    if c.count >= c.capacity {
        c.evict()
        slot = c.find(k, h)
    }
    let v = c.make_text("new_", run)
    let n = c.nodes.alloc(Node{key: k, value: v, hash: h, prev: NIL, next: NIL})
    c.table[slot] = n
    c.push_front(n)
    c.count += 1
}

fn (c: ref Cache) run(i: int) {
    for _ in 0..OPS {
        c.op(i)
    }
}

fn (c: ref Cache) checksum() -> u32 {
    var r: u32 = 5432
    r = (r << 5) + c.hits
    r = (r << 5) + c.misses
    r = (r << 5) + c.count as u32
    return r
}

fn main() -> int {
    let a = args()
    if a.len != 4 {
        eprintln("usage: cache_simulation values size iterations expected_checksum")
        return 2
    }
    let values = arg_int(a, 0)
    let size = arg_int(a, 1)
    let iterations = arg_int(a, 2)
    let expected = arg_int(a, 3)
    if values < 1 || size < 1 || iterations < 0 {
        eprintln(NAME + ": values and size must be >= 1, iterations >= 0")
        return 2
    }
    var c = Cache{}
    rng_reset()
    c.prepare(values, size)
    for i in 0..max(1, iterations * 2 / 10) { c.run(i) }
    rng_reset()
    let t0 = clock_ns()
    for i in 0..iterations { c.run(i) }
    let t1 = clock_ns()
    return report(c.checksum(), expected, t1 - t0)
}
