// slice_pool.gs — pool.slice_pool[T]: spans of T handed out as slices,
// placed by the runtime exactly as the builtin `reusable[] T` places them
// (the exact-size cache of freed spans, then first fit in address order,
// carved at the tail, coalescing on free, zeroed when handed out;
// docs/language.md, Pools). A span never moves while allocated.
//
// The pool's handle is a `reusable[] T` (the runtime's span tree, region
// and live-span table); resize uses the library primitives __span_find,
// __span_resize and __span_at. Runtime errors are reported at the user's
// call. Not for: single slots (slot_pool.gs).

struct slice_pool[T] {
    spans: reusable[] T
}

// n zeroed elements; n == 0: an empty slice and no span.
fn (q: ref slice_pool[T]) alloc_slice(n: int) -> []T {
    return q.spans.alloc(n)
}

// A new span holding a copy of a's elements.
fn (q: ref slice_pool[T]) alloc_copy(a: []T) -> []T {
    let c = q.spans.alloc(a.len)
    copy_into(c, a)
    return c
}

// b resized to m elements, keeping min(b.len, m) of them and zeroing the
// rest: in place when it shrinks or the space after it is free, else moved
// to a new span (b is freed). b must not be used afterwards.
fn (q: ref slice_pool[T]) resize(b: []T, m: int) -> []T {
    if m < 0 {
        __fail("pool alloc of negative length " + to_string(m))
    }
    if b.len == 0 {
        return q.spans.alloc(m)
    }
    let off = __span_find(q.spans, b)
    if off == -2 {
        __fail("pool resize of a span already freed")
    }
    if off < 0 {
        __fail("pool resize of a slice that is not a live span of this pool")
    }
    if m == 0 {
        q.spans.free(b)
        return b[0:0]
    }
    if __span_resize(q.spans, off, m) {
        return __span_at(q.spans, off, m)
    }
    let c = q.spans.alloc(m)
    let keep = min(b.len, m)
    copy_into(c[0:keep], b[0:keep])
    q.spans.free(b)
    return c
}

// Frees a, which must be exactly a live span of this pool (freeing an
// empty slice does nothing).
fn (q: ref slice_pool[T]) free(a: []T) {
    q.spans.free(a)
}
