// Aliasing of by-pointer parameters (emit-c/cemit_byptr.c): each callee
// below takes a 32-byte struct that it only reads, and some call passes a
// plain local, so the parameter may go by const pointer; then, during the
// call, the caller's value is changed through another path (a closure
// capture, a global, a ref, a pool slot, a reusable slot). The callee
// must still see the value at the call. Every line prints "old new".
import "pool"

struct Big { a: int, b: int, c: int, d: int }

fn mk(k: int) -> Big { return Big{a: k, b: 0, c: 0, d: k} }

var G = Big{a: 1, b: 0, c: 0, d: 0}

// through a closure that writes a captured local of the caller
fn seen_fn(x: Big, f: fn()) -> int {
    f()
    return x.a
}

// through a global
fn seen_global(x: Big) -> int {
    G.a = 77
    return x.a
}

// through a ref to the same variable
fn seen_ref(r: ref Big, x: Big) -> int {
    r.a = 66
    return x.a
}

// through a pool slot
fn seen_slot(x: Big, p: ref pool.slot_pool[Big], i: int) -> int {
    p.get(i).a = 55
    return x.a
}

// through a builtin reusable slot
fn seen_reusable(x: Big, r: ref reusable Big, i: int) -> int {
    r[i].a = 44
    return x.a
}

// passes its parameter on, then changes the source through the closure
fn seen_twice(x: Big, f: fn()) -> int {
    return seen_fn(x, f) + x.d
}

fn main() {
    // plain locals first: these calls make the parameters want a pointer
    let plain = mk(0)
    let noop = fn() {}
    println(seen_fn(plain, noop), seen_global(plain), seen_twice(plain, noop))
    var q = mk(0)
    var p0 = pool.slot_pool[Big]{}
    let i0 = p0.alloc(mk(0))
    var r0: reusable Big
    let j0 = r0.alloc(mk(0))
    println(seen_ref(q, plain), seen_slot(plain, p0, i0), seen_reusable(plain, r0, j0))

    var b = mk(1)
    let set = fn() { b.a = 99 }
    println(seen_fn(b, set), b.a)
    b = mk(2)
    println(seen_twice(b, set), b.a)

    G = mk(3)
    println(seen_global(G), G.a)

    var c = mk(4)
    println(seen_ref(c, c), c.a)

    var p = pool.slot_pool[Big]{}
    let i = p.alloc(mk(5))
    println(seen_slot(p.get(i), p, i), p.get(i).a)

    var r: reusable Big
    let j = r.alloc(mk(6))
    println(seen_reusable(r[j], r, j), r[j].a)
}
