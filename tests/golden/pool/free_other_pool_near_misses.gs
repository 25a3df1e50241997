// Frees the compiler must not reject as a span of another pool
// (diag/pool_free_other_pool_*): each runs without a pool error.
import "pool"

// The pool through a ref parameter: the same pool as the caller's.
fn free_via(r: ref reusable[] int, x: []int) {
    r.free(x)
}

fn free_via_lib(r: ref pool.slice_pool[u8], x: []u8) {
    r.free(x)
}

// Two ref parameters may name one pool: cross(s, s) frees its own span.
fn cross(p: ref reusable[] int, q: ref reusable[] int) {
    let x = q.alloc(4)
    p.free(x)
}

fn cross_lib(p: ref pool.slice_pool[u8], q: ref pool.slice_pool[u8]) {
    let x = q.alloc_slice(4)
    p.free(x)
}

// A span passed through a function.
fn keep(a: []int) -> []int {
    return a
}

fn main() {
    var s: reusable[] int
    var t: reusable[] int
    let a = s.alloc(8)
    free_via(s, a)
    cross(t, t)

    // an empty span (alloc of 0, constant or not): its free does nothing
    let e = t.alloc(0)
    s.free(e)
    let n = args().len
    let e2 = t.alloc(n)
    s.free(e2)

    // a var reassigned to a span of the freeing pool
    var v = s.alloc(4)
    v = t.alloc(4)
    t.free(v)

    // a span through a function, freed by its own pool
    let k = keep(t.alloc(3))
    t.free(k)

    // a copy of a pool shares its spans: u is not a second pool
    var u: reusable[] int
    u = s
    let y = s.alloc(5)
    u.free(y)

    var q = pool.slice_pool[u8]{}
    var other = pool.slice_pool[u8]{}
    let b = q.alloc_slice(8)
    free_via_lib(q, b)
    cross_lib(other, other)
    let c = other.alloc_slice(0)
    q.free(c)
    var w = q.alloc_slice(2)
    w = other.alloc_slice(2)
    other.free(w)
    var q2 = q
    let d = q.alloc_slice(6)
    q2.free(d)
    // the pools that were never copied have no live span left
    println("tails: " + to_string(t.len) + " " + to_string(other.spans.len))
}
