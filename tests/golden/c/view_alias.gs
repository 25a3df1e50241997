// Aliasing of locals bound to the element they read (lower/pass_view.c):
// each function below binds `let n = <element of storage>` (or a `var`)
// of a 32-byte struct, then changes or gives back that element through
// another path (a store in the same function, a callee's store, a ref to a
// field or to the element, a closure, a push that moves the storage, a
// reusable slot freed and taken again, a span freed and carved again,
// copy_into, defaults, a thread), or writes the var other than by binding
// an element. n must still hold the value it read: the lines print "old
// new". walk, read_box, sum_boxes, sum_read and sum_other only read, so
// their locals (and sum_boxes's match scrutinee) are read through a
// pointer (see view_alias.O2.c), as is read_pool's copy out of a pool's get
// and read_pool_match's scrutinee.
import "pool"
import "thread"

struct Big { a: int, b: int, c: int, d: int }

struct Outer { tag: int, inner: Big }

enum Shape { Box(w: int, h: int, d: int), Dot }

fn mk(k: int) -> Big { return Big{a: k, b: 0, c: 0, d: k} }

var G: []Big
var P: pool.slot_pool[Big]
var R: reusable Big
var Q: pool.slot_pool[Shape]

fn poke(xs: []Big, i: int) { xs[i].a = 9 }

fn bump(x: ref int) { x += 1 }

fn reset(b: ref Big) { b.a = 0 }

fn grow_g() {
    for k in 0..64 {
        G.push(mk(k))
    }
}

// a store in the same function, after the binding
fn seen_store(xs: []Big, i: int) -> int {
    let n = xs[i]
    xs[i].a = 8
    return n.a
}

// a callee's store into the storage
fn seen_callee(xs: []Big, i: int) -> int {
    let n = xs[i]
    poke(xs, i)
    return n.a
}

// a ref to a field of the element
fn seen_field_ref(xs: []Big, i: int) -> int {
    let n = xs[i]
    bump(xs[i].a)
    return n.a
}

// a ref to the element
fn seen_elem_ref(xs: []Big, i: int) -> int {
    let n = xs[i]
    reset(xs[i])
    return n.a
}

// a closure
fn seen_closure(xs: []Big, i: int, f: fn()) -> int {
    let n = xs[i]
    f()
    return n.a
}

// a push that moves the storage (the old storage is given back)
fn seen_push(i: int) -> int {
    let n = G[i]
    grow_g()
    return n.a
}

// a reusable slot freed and taken again (the same slot: LIFO)
fn seen_slot(i: int) -> int {
    let n = R[i]
    R.free(i)
    let j = R.alloc(mk(33))
    return n.a + j - i
}

// a pool.slot_pool slot, read through the ref get gives (no copy: n sees
// the new value)
fn seen_pool_ref(i: int) -> int {
    let n = P.get(i)
    P.free(i)
    let j = P.alloc(mk(34))
    return n.a + j - i
}

// a copy out of the ref a pool.slot_pool's get gives, then the slot
// freed and taken again (the same slot: LIFO)
fn seen_pool_copy(i: int) -> int {
    let n: Big = P.get(i)
    P.free(i)
    let j = P.alloc(mk(35))
    return n.a + j - i
}

// a copy out of a pool.slot_pool's get, then the slot written through get
fn seen_pool_store(i: int) -> int {
    let n: Big = P.get(i)
    P.get(i).a = 36
    return n.a
}

// read only, a copy out of a pool.slot_pool's get: n is bound by pointer
fn read_pool(i: int) -> int {
    let n: Big = P.get(i)
    return n.a + n.d
}

// a match on the ref a pool.slot_pool's get gives, the slot freed and
// taken again inside the arm
fn seen_pool_match(i: int) -> int {
    match Q.get(i) {
        Box(w, _, _) => {
            Q.free(i)
            let j = Q.alloc(Shape.Box(w: 37, h: 0, d: 0))
            return w + j - i
        }
        Dot => return 0
    }
}

// read only, a match on a pool.slot_pool's get: its scrutinee is read
// through a pointer
fn read_pool_match(i: int) -> int {
    match Q.get(i) {
        Box(w, h, d) => return w + h + d
        Dot => return 0
    }
}

// a reusable span freed and carved again
fn seen_span(r: ref reusable[] Big, s: []Big) -> int {
    let n = s[0]
    r.free(s)
    let t = r.alloc(1)
    t[0] = mk(21)
    return n.a
}

// copy_into over the element
fn seen_copy(xs: []Big, ys: []Big) -> int {
    let n = xs[0]
    copy_into(xs[0:1], ys)
    return n.a
}

// defaults over the element
fn seen_defaults(xs: []Big) -> int {
    let n = xs[0]
    defaults(xs)
    return n.a
}

// a sub-struct of the element, its field written by a callee through a ref
fn seen_inner(os: []Outer, i: int) -> int {
    let n = os[i].inner
    bump(os[i].inner.a)
    return n.a
}

// a thread writing the element
fn seen_thread(xs: []Big) -> int {
    let n = xs[0]
    thread.parallel(1, fn(k: int) { xs[k].a = 5 })
    return n.a
}

// a var bound to one element, then to another that a callee writes
fn seen_var_callee(xs: []Big) -> int {
    var c = xs[0]
    c = xs[1]
    poke(xs, 1)
    return c.a
}

// a var whose own field is written (a copy's field, not the element's)
fn seen_var_field(xs: []Big) -> int {
    var c = xs[0]
    c.a = 31
    return c.a + xs[0].a
}

// a var given a value that is no element
fn seen_var_value(xs: []Big) -> int {
    var c = xs[0]
    if c.a > 0 {
        c = mk(32)
    }
    return c.a
}

// an enum element whose payload a callee changes through match ref
fn grow_box(ss: []Shape) {
    match ref ss[0] {
        Box(w, _, _) => w += 1
        Dot => {}
    }
}

fn seen_enum(ss: []Shape) -> int {
    let s = ss[0]
    grow_box(ss)
    match s {
        Box(w, _, _) => return w
        Dot => return 0
    }
}

// read only: n is bound by pointer
fn walk(xs: []Big, i: int) -> int {
    var c = xs[i]
    var sum = 0
    while c.b > 0 {
        sum += c.a
        c = xs[c.b]
    }
    return sum + c.a
}

// read only: n is bound by pointer
fn sum_read(xs: []Big, i: int) -> int {
    let n = xs[i]
    println(n.b)
    return n.a + n.d
}

// read only, an enum
fn read_box(ss: []Shape) -> int {
    let s = ss[0]
    match s {
        Box(w, h, d) => return w + h + d
        Dot => return 0
    }
}

// read only, the scrutinee of a match read in place
fn sum_boxes(ss: []Shape) -> int {
    var sum = 0
    for i in 0..ss.len {
        match ss[i] {
            Box(w, h, d) => sum += w + h + d
            Dot => {}
        }
    }
    return sum
}

// read only, with a call that writes other storage
fn sum_other(xs: []Big, ys: []int, i: int) -> int {
    let n = xs[i]
    ys[0] = n.a
    return n.a + ys[0]
}

fn main() {
    var xs = make([]Big, 4)
    for k in 0..4 {
        xs[k] = mk(k + 1)
    }
    println(seen_store(xs, 0), xs[0].a)
    println(seen_callee(xs, 1), xs[1].a)
    println(seen_field_ref(xs, 2), xs[2].a)
    println(seen_elem_ref(xs, 3), xs[3].a)
    xs[0] = mk(11)
    println(seen_closure(xs, 0, fn() { xs[0].a = 12 }), xs[0].a)

    G.push(mk(13))
    println(seen_push(0), G[0].a)

    let ri = R.alloc(mk(14))
    println(seen_slot(ri), R[ri].a)
    let pi = P.alloc(mk(14))
    println(seen_pool_ref(pi), P.get(pi).a)
    let pc = P.alloc(mk(15))
    println(seen_pool_copy(pc), P.get(pc).a)
    println(seen_pool_store(pc), P.get(pc).a)
    println(read_pool(pc))
    let qi = Q.alloc(Shape.Box(w: 36, h: 1, d: 2))
    println(seen_pool_match(qi), read_pool_match(qi))

    var r: reusable[] Big
    let s = r.alloc(1)
    s[0] = mk(15)
    println(seen_span(r, s), r.alloc(1).len)

    var ys = make([]Big, 1)
    ys[0] = mk(17)
    xs[0] = mk(16)
    println(seen_copy(xs, ys), xs[0].a)
    xs[0] = mk(18)
    println(seen_defaults(xs), xs[0].a)

    var os = make([]Outer, 1)
    os[0] = Outer{tag: 1, inner: mk(19)}
    println(seen_inner(os, 0), os[0].inner.a)

    xs[0] = mk(20)
    println(seen_thread(xs), xs[0].a)

    xs[0] = mk(22)
    xs[1] = mk(23)
    println(seen_var_callee(xs), xs[1].a)
    println(seen_var_field(xs), xs[0].a)
    println(seen_var_value(xs), xs[0].a)
    xs[0] = Big{a: 1, b: 2, c: 0, d: 0}
    xs[2] = Big{a: 10, b: 3, c: 0, d: 0}
    xs[3] = Big{a: 100, b: 0, c: 0, d: 0}
    println(walk(xs, 0))

    var ss = make([]Shape, 1)
    ss[0] = Shape.Box(w: 40, h: 1, d: 1)
    println(seen_enum(ss), read_box(ss), sum_boxes(ss))

    xs[1] = mk(2)
    var ints = make([]int, 1)
    println(sum_read(xs, 1), sum_other(xs, ints, 1))
}
