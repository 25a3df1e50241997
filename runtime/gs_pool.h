/* gs_pool.h — the builtin pools (`reusable T`, `reusable[] T`) and the
 * low-level primitives the library pools of stdlib/pool are built on.
 *
 * The emitted C includes this header (after goose_rt.h) when a program
 * uses a pool type or a library primitive.
 *
 * gs_slots (`reusable T`): slots live in a reserved gs_region that is
 * committed as the pool grows, so a slot never moves; slot i of a pool of
 * T is ((T *)p.ptr)[i] and r[i] is one unsigned compare against p.len and
 * a load, like a slice index. Free indices are a LIFO stack; a live bit
 * per slot catches double frees. The zero value is an empty, usable pool
 * (storage is made on the first alloc).
 *
 * gs_spans (`reusable[] T`, and the handle of the library's slice_pool):
 * spans of elements in a reserved region, placed by a small exact-size
 * cache of freed spans in front of a gs_span_tree's first fit (offsets in
 * granules; the rule is at gs_pool.c's spans_cache), zeroed when handed
 * out. Live spans are recorded in a side array, one length per granule
 * (gs_pool.c's lens), so the check on free is exact and O(1): the pointer
 * must lie inside this pool's region, on a granule boundary, start a live
 * span of exactly the slice's length, the slice must carry GS_OWN_BIT (a
 * sub-slice never does) and, when its header has a tag, the span's tag.
 *
 * gs_stable_grow: a slice whose storage is a reserved region, for the
 * library's slot_pool: it gains capacity without ever moving.
 * Not for: element types or anything about the compiler. Compiles under
 * clang, gcc and TinyCC 0.9.27 with -Wall -Wextra. */
#ifndef GS_POOL_H
#define GS_POOL_H

#include "goose_rt.h"
#include "gs_span_tree.h"

/* Address space each pool reserves (lazily, on its first allocation). */
#define GS_POOL_RESERVE ((size_t)1 << 34)

/* ---- runtime errors of pool misuse ---- */
GS_NORETURN GS_COLD void gs_fail_pool_free_range(const gs_site *s, int64_t i, int64_t len);
GS_NORETURN GS_COLD void gs_fail_pool_free_twice(const gs_site *s, int64_t i);
GS_NORETURN GS_COLD void gs_fail_pool_negative(const gs_site *s, int64_t n);
GS_NORETURN GS_COLD void gs_fail_pool_span(const gs_site *s);
/* The library's __fail(msg): `runtime error: <msg>`. */
GS_NORETURN GS_COLD void gs_fail_str(const gs_site *s, gs_str msg);

/* ---- reusable T ---- */
typedef struct gs_slots {
    void *ptr;          /* region base: slot i is ((T *)ptr)[i] */
    int64_t len;        /* slots ever created (high-water mark) */
    int64_t cap;        /* slots committed */
    int64_t *free_idx;  /* LIFO stack of free indices, room for cap */
    int64_t nfree;
    uint64_t *live;     /* one bit per slot: allocated */
    gs_region *region;
} gs_slots;

/* Makes room for at least one more slot (commits more of the region). */
void gs_slots_grow(gs_slots *p, size_t esz);

/* The index of an allocated slot; the caller stores the value in it. */
GS_INLINE int64_t gs_slots_alloc(gs_slots *p, size_t esz) {
    int64_t i;
    if (p->nfree > 0) {
        i = p->free_idx[--p->nfree];
    } else {
        if (GS_UNLIKELY(p->len == p->cap)) gs_slots_grow(p, esz);
        i = p->len++;
    }
    p->live[i >> 6] |= (uint64_t)1 << (i & 63);
    return i;
}

GS_INLINE void gs_slots_free(const gs_site *s, gs_slots *p, int64_t i) {
    uint64_t m;
    if (GS_UNLIKELY((uint64_t)i >= (uint64_t)p->len)) gs_fail_pool_free_range(s, i, p->len);
    m = (uint64_t)1 << (i & 63);
    if (GS_UNLIKELY(!(p->live[i >> 6] & m))) gs_fail_pool_free_twice(s, i);
    p->live[i >> 6] &= ~m;
    p->free_idx[p->nfree++] = i;
}

/* ---- reusable[] T ---- */
typedef struct gs_spans_state gs_spans_state; /* private to gs_pool.c */

typedef struct gs_spans {
    uint8_t *base;      /* region base (NULL before the first span) */
    int64_t len;        /* the tail, in elements: the end of the highest live span's granules */
    gs_spans_state *st;
} gs_spans;

/* Spans are placed in granules of 16 bytes (a span of n elements of esz
 * bytes takes ceil(n * esz / 16)), the heap's shadow granule: no two live
 * spans share one, so each span has a storage tag of its own (gs_heap.h).
 * Offsets (gs_spans_find, gs_spans_at, the tree) count granules. */
#define GS_SPAN_UNIT 16

/* n elements, zeroed, placed as the cache and the tree say:
 * {ptr, n | GS_OWN_BIT | tag}; n == 0: {NULL, 0} (no span); n < 0: an
 * error. */
gs_grow gs_spans_alloc(const gs_site *s, gs_spans *p, int64_t n, size_t esz);
/* The header of the live span of n elements at granule off. */
gs_grow gs_spans_at(const gs_spans *p, int64_t off, int64_t n);
/* Frees the slice (ptr, len, cap): a no-op when len == 0, an error when it
 * is not exactly a live span of this pool; first of all, an error ("pool
 * free of a span already freed") when the header's tag is not its
 * storage's (gs_is_live), so the caller makes no lifetime check of it. */
void gs_spans_free(const gs_site *s, gs_spans *p, const void *ptr, int64_t len, int64_t cap,
                   size_t esz);
/* The span's offset when (ptr, len, cap) is exactly a live span of this
 * pool; -2 when it is one but the header is older than the span (its own
 * span was freed or moved); else -1. */
int64_t gs_spans_find(const gs_spans *p, const void *ptr, int64_t len, int64_t cap, size_t esz);
/* Frees the live span at off (its length is recorded). */
void gs_spans_release(gs_spans *p, int64_t off, size_t esz);
/* Resizes the live span at off to m >= 1 elements without moving it,
 * zeroing what it gains, with a new tag (the old header is stale as after
 * a move); false (nothing changed) when it cannot. */
bool gs_spans_resize_in_place(gs_spans *p, int64_t off, int64_t m, size_t esz);
/* Gives everything back; the pool is then empty and usable. */
void gs_spans_destroy(gs_spans *p);

#define GS_SPAN_CAP(n) ((n) > 0 ? (int64_t)(n) | GS_OWN_BIT : (int64_t)0)

/* ---- library primitives ---- */
/* __grow_stable(xs): more capacity for a slice backed by a reserved region
 * (a zero slice gets a new region); ptr never changes once set, len is
 * kept; the cap returned has no GS_OWN_BIT. */
gs_grow gs_stable_grow(void *ptr, int64_t len, int64_t cap, size_t esz);
/* The same on the slice whose ptr and cap fields are at ptr_field (any T *,
 * read and written with memcpy) and cap_field: one call in the caller. */
GS_COLD GS_NOINLINE void gs_stable_grow_at(void *ptr_field, int64_t len, int64_t *cap_field, size_t esz);
/* __ref_index(xs, r): the index of the element r points at when it is one
 * of xs[0:len] (inside, on an element boundary), else -1. */
GS_INLINE int64_t gs_ref_index(const void *ptr, int64_t len, const void *r, size_t esz) {
    uintptr_t a = (uintptr_t)ptr, b = (uintptr_t)r, d;
    if (b < a || ptr == NULL) return -1;
    d = b - a;
    if (d % esz != 0 || d / esz >= (uint64_t)len) return -1;
    return (int64_t)(d / esz);
}

#endif
