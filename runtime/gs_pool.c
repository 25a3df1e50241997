/* gs_pool.c — the builtin pools and the library pool primitives (see
 * gs_pool.h): slot storage and its growth, span pools over gs_span_tree
 * and gs_region with an exact live-span table, stable slices, and the
 * messages of pool misuse.
 * Not for: the span tree itself (gs_span_tree.c) or anything about the
 * compiler. A pool is one thread's at a time (docs/language.md, Threads),
 * so a pool's own state needs no lock; the table of stable slices, which
 * every thread's slot pools share, is locked once threads run. */
#define _POSIX_C_SOURCE 200809L

#include "gs_pool.h"

#include "gs_heap.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

extern int gs_rt_threaded; /* goose_rt.c: set when the first thread starts */

/* ---- errors ---- */

void gs_fail_pool_free_range(const gs_site *s, int64_t i, int64_t len) {
    char b[128];
    snprintf(b, sizeof b, "pool free of index %lld out of range for length %lld", (long long)i,
             (long long)len);
    gs_fail_msg(s, b);
}

void gs_fail_pool_free_twice(const gs_site *s, int64_t i) {
    char b[96];
    snprintf(b, sizeof b, "pool free of index %lld that is already free", (long long)i);
    gs_fail_msg(s, b);
}

void gs_fail_pool_negative(const gs_site *s, int64_t n) {
    char b[96];
    snprintf(b, sizeof b, "pool alloc of negative length %lld", (long long)n);
    gs_fail_msg(s, b);
}

void gs_fail_pool_span(const gs_site *s) {
    gs_fail_msg(s, "pool free of a slice that is not a live span of this pool");
}

void gs_fail_str(const gs_site *s, gs_str msg) {
    size_t n = (size_t)GS_SLEN(msg);
    char *b = (char *)malloc(n + 1);
    if (b == NULL) gs_fail_oom(s);
    if (n > 0) memcpy(b, msg.ptr, n);
    b[n] = 0;
    gs_fail_msg(s, b);
}

static void *pool_xrealloc(void *p, size_t n) {
    void *q = realloc(p, n ? n : 1);
    if (q == NULL) gs_fail_oom(NULL);
    return q;
}

/* Reserves r: GS_POOL_RESERVE bytes (less when the address space refuses
 * that much: gs_region_reserve), keeping the memory dial's pages waiting;
 * out of memory when refused. */
static void pool_region_reserve(gs_region *r) {
    if (!gs_region_reserve(r, GS_POOL_RESERVE)) gs_fail_oom(NULL);
    r->keep = gs_heap_pool_keep();
}

/* A new region (pool_region_reserve). */
static gs_region *pool_region_new(void) {
    gs_region *r = (gs_region *)pool_xrealloc(NULL, sizeof *r);
    pool_region_reserve(r);
    return r;
}

/* ---- reusable T ---- */

void gs_slots_grow(gs_slots *p, size_t esz) {
    int64_t ncap = p->cap < 16 ? 16 : p->cap * 2;
    size_t words;
    if (p->region == NULL) {
        p->region = pool_region_new();
        p->ptr = p->region->base;
    }
    if ((uint64_t)ncap > p->region->reserved / esz) ncap = (int64_t)(p->region->reserved / esz);
    if (ncap <= p->len || !gs_region_commit(p->region, (size_t)ncap * esz)) gs_fail_oom(NULL);
    p->free_idx = (int64_t *)pool_xrealloc(p->free_idx, (size_t)ncap * sizeof(int64_t));
    words = ((size_t)ncap + 63) / 64;
    p->live = (uint64_t *)pool_xrealloc(p->live, words * sizeof(uint64_t));
    memset(p->live + ((size_t)p->cap + 63) / 64, 0,
           (words - ((size_t)p->cap + 63) / 64) * sizeof(uint64_t));
    p->cap = ncap;
}

/* ---- reusable[] T: the live-span table (start offset -> length) ----
 * Open addressing with linear probing over one array of (key, length)
 * pairs, so a lookup touches one cache line; keys are off + 1 (0 marks
 * empty); deletion shifts later entries back, so there are no tombstones.
 * The hash is Fibonacci hashing (one multiply, the top bits): span starts
 * are distinct offsets, often evenly spaced, which it spreads evenly. At
 * most half full. */

typedef struct live_ent {
    int64_t key, len;
} live_ent;

/* ---- reusable[] T: the exact-size cache ----
 * Recently freed small spans wait here, still free but out of the tree,
 * and an allocation of exactly their size in granules takes the most
 * recent one (LIFO) without a tree search; glibc's tcache stands in front
 * of its bins the same way. The placement rule (docs/language.md, Pools):
 *   - a freed span of at most SPANS_CACHE_SIZES granules that does not
 *     end at the tail enters the cache; when that makes the cache hold
 *     more than SPANS_CACHE_DEPTH spans of its size or more than
 *     SPANS_CACHE_UNITS granules in all, every cached span goes to the
 *     tree (coalescing as any free);
 *   - an allocation takes the most recent cached span of its size; else
 *     the tree's first fit; when the tree has no fit below the tail, the
 *     cache goes to the tree first and the tree is asked again, so the
 *     tail never grows while the cached spans could have served;
 *   - a free that returns spans to the tail also returns a cached span
 *     that then ends at the tail (so the tail stays the end of the highest
 *     live span), and a resize that cannot grow in place, with no live
 *     span right after it, gives the tree the cached spans that start
 *     where it would grow, and tries again (the space after a span is
 *     free whether or not it waits in the cache).
 * How the bounds were measured: docs/benchmarks.md, The slice pool's share
 * of the C gap. */
#define SPANS_CACHE_SIZES 32  /* spans of 1..32 granules (16..512 bytes) */
#define SPANS_CACHE_DEPTH 8   /* spans of one size */
#define SPANS_CACHE_UNITS 512 /* granules in all (8 KiB) */

typedef struct spans_cache {
    int64_t units;                   /* granules held */
    int64_t hi;                      /* no cached span ends above it */
    uint32_t sizes;                  /* bit s: n[s] > 0 */
    uint8_t n[SPANS_CACHE_SIZES];    /* spans held of 1, 2, ... granules */
    int32_t off[SPANS_CACHE_SIZES][SPANS_CACHE_DEPTH]; /* their offsets, oldest first */
} spans_cache;

struct gs_spans_state {
    gs_span_tree tree; /* offsets and lengths in granules (GS_SPAN_UNIT bytes) */
    spans_cache cache; /* free spans out of the tree: free, never live */
    gs_region region;
    bool tagged;       /* the shadow follows the region (gs_shadow_track) */
    size_t esz;
    live_ent *live; /* cap entries, cap a power of two >= 64 */
    size_t mask;    /* cap - 1 */
    unsigned shift; /* 64 - log2(cap) */
    size_t count;
};

#define LIVE_MIN_BITS 6

GS_INLINE size_t live_slot(const gs_spans_state *st, int64_t key) {
    return (size_t)(((uint64_t)key * 0x9E3779B97F4A7C15ull) >> st->shift);
}

/* An empty table of 2^bits entries (the old one, if any, is the caller's). */
static void live_alloc(gs_spans_state *st, unsigned bits) {
    size_t cap = (size_t)1 << bits;
    st->live = (live_ent *)calloc(cap, sizeof(live_ent));
    if (st->live == NULL) gs_fail_oom(NULL);
    st->mask = cap - 1;
    st->shift = 64 - bits;
    st->count = 0;
}

/* Puts a key known to be absent. */
GS_INLINE void live_insert(gs_spans_state *st, int64_t key, int64_t n) {
    size_t i = live_slot(st, key);
    while (st->live[i].key) i = (i + 1) & st->mask;
    st->live[i].key = key;
    st->live[i].len = n;
    st->count++;
}

static GS_COLD void live_grow(gs_spans_state *st) {
    live_ent *old = st->live;
    size_t oc = st->mask + 1, i;
    live_alloc(st, 64 - st->shift + 1);
    for (i = 0; i < oc; i++)
        if (old[i].key) live_insert(st, old[i].key, old[i].len);
    free(old);
}

/* Records the live span [off, off+n); off is not live. */
GS_INLINE void live_put(gs_spans_state *st, int64_t off, int64_t n) {
    if (GS_UNLIKELY((st->count + 1) * 2 > st->mask + 1)) live_grow(st);
    live_insert(st, off + 1, n);
}

/* The slot holding off, or SIZE_MAX. */
GS_INLINE size_t live_find(const gs_spans_state *st, int64_t off) {
    size_t i;
    for (i = live_slot(st, off + 1); st->live[i].key; i = (i + 1) & st->mask)
        if (st->live[i].key == off + 1) return i;
    return SIZE_MAX;
}

GS_INLINE void live_remove_at(gs_spans_state *st, size_t i) {
    size_t j = i, mask = st->mask;
    live_ent *e = st->live;
    st->count--;
    for (;;) {
        size_t home;
        j = (j + 1) & mask;
        if (!e[j].key) break;
        home = live_slot(st, e[j].key);
        /* move j back to i when its home is not in (i, j] (cyclically) */
        if (((j - home) & mask) >= ((j - i) & mask)) {
            e[i] = e[j];
            i = j;
        }
    }
    e[i].key = 0;
}

/* ---- reusable[] T ---- */

static GS_COLD GS_NOINLINE gs_spans_state *spans_state_new(gs_spans *p, size_t esz) {
    gs_spans_state *st = (gs_spans_state *)calloc(1, sizeof *st);
    if (st == NULL) gs_fail_oom(NULL);
    pool_region_reserve(&st->region);
    gs_pool_note(st->region.base, st->region.reserved, true);
    st->tagged = !gs_shadow_off && gs_shadow_track(st->region.base, st->region.reserved);
    st->esz = esz;
    gs_span_tree_init(&st->tree);
    st->tree.limit = (int64_t)(st->region.reserved / GS_SPAN_UNIT);
    live_alloc(st, LIVE_MIN_BITS);
    p->st = st;
    p->base = st->region.base;
    return st;
}

GS_INLINE gs_spans_state *spans_state(gs_spans *p, size_t esz) {
    return GS_LIKELY(p->st != NULL) ? p->st : spans_state_new(p, esz);
}

static GS_COLD GS_NOINLINE void spans_commit_fail(const gs_site *s, gs_spans_state *st, int64_t off,
                                                  int64_t g) {
    gs_span_tree_free(&st->tree, off, g, NULL);
    gs_fail_oom(s);
}

/* The tail in elements (gs_spans.len): the end of the highest live span's
 * granules, rounded up to a whole element. d / esz is a shift when esz is
 * a power of two (a division is ~10-15 cycles of latency here). */
GS_INLINE int64_t spans_tail(const gs_spans_state *st) {
    size_t d = (size_t)st->tree.tail * GS_SPAN_UNIT + st->esz - 1, esz = st->esz;
    return (int64_t)((esz & (esz - 1)) == 0 ? d >> gs_span_ctz(esz) : d / esz);
}

/* The granules of n elements of esz bytes. */
GS_INLINE int64_t spans_granules(int64_t n, size_t esz) {
    return (int64_t)(((size_t)n * esz + GS_SPAN_UNIT - 1) / GS_SPAN_UNIT);
}

GS_INLINE uint8_t *spans_at(const gs_spans_state *st, int64_t off) {
    return st->region.base + (size_t)off * GS_SPAN_UNIT;
}

/* ---- the tree behind the cache ---- */

/* [off, off+g) goes to the tree (coalescing); the free span it became part
 * of gives its pages back as the region's policy says. That span. */
static gs_span spans_tree_put(gs_spans_state *st, int64_t off, int64_t g) {
    gs_span m;
    if (GS_UNLIKELY(!gs_span_tree_free(&st->tree, off, g, &m))) gs_fail_oom(NULL);
    /* gs_region_after_free does nothing for a span under release_min bytes */
    if (GS_UNLIKELY((size_t)m.len * GS_SPAN_UNIT >= st->region.release_min))
        gs_region_after_free(&st->region, (size_t)m.off * GS_SPAN_UNIT, (size_t)(m.off + m.len) * GS_SPAN_UNIT,
                             (size_t)off * GS_SPAN_UNIT, (size_t)(off + g) * GS_SPAN_UNIT);
    return m;
}

/* Every cached span goes to the tree. */
static GS_NOINLINE void spans_cache_flush(gs_spans_state *st) {
    spans_cache *c = &st->cache;
    uint32_t m;
    int s, k;
    for (m = c->sizes; m != 0; m &= m - 1) {
        s = gs_span_ctz(m);
        for (k = 0; k < c->n[s]; k++) spans_tree_put(st, c->off[s][k], s + 1);
        c->n[s] = 0;
    }
    c->sizes = 0;
    c->units = 0;
    c->hi = 0;
}

/* Takes entry k of the spans of s + 1 granules out of the cache (the
 * order of the rest kept); its offset. */
static int64_t spans_cache_drop(spans_cache *c, int s, int k) {
    int64_t off = c->off[s][k];
    memmove(&c->off[s][k], &c->off[s][k + 1], (size_t)(c->n[s] - k - 1) * sizeof c->off[0][0]);
    if (--c->n[s] == 0) c->sizes &= ~((uint32_t)1 << s);
    c->units -= s + 1;
    return off;
}

/* The tail came back to or below c->hi: the cached span that ends at the
 * tail, if any, returns to the tail too, and so on; c->hi is then exact. */
static GS_NOINLINE void spans_cache_untail(gs_spans_state *st) {
    spans_cache *c = &st->cache;
    for (;;) {
        int64_t hi = 0, end;
        uint32_t m;
        int s, k, fs = -1, fk = -1;
        for (m = c->sizes; m != 0; m &= m - 1)
            for (s = gs_span_ctz(m), k = 0; k < c->n[s]; k++) {
                end = (int64_t)c->off[s][k] + s + 1;
                if (end == st->tree.tail) fs = s, fk = k;
                hi = end > hi ? end : hi;
            }
        c->hi = hi;
        if (fs < 0) return;
        spans_tree_put(st, spans_cache_drop(c, fs, fk), fs + 1);
    }
}

/* A freed span [off, off+g) that the cache does not keep goes to the tree;
 * when it returns spans to the tail, a cached span may now end there. */
static void spans_tree_free(gs_spans_state *st, int64_t off, int64_t g) {
    gs_span m = spans_tree_put(st, off, g);
    if (GS_UNLIKELY(m.off == st->tree.tail && st->cache.units > 0 && st->cache.hi >= m.off))
        spans_cache_untail(st);
}

/* The cached spans that start in [lo, hi) go to the tree (one at a time:
 * each may return others to the tail); true when there was one. */
static GS_NOINLINE bool spans_cache_take(gs_spans_state *st, int64_t lo, int64_t hi) {
    spans_cache *c = &st->cache;
    bool any = false;
    for (;;) {
        uint32_t m;
        int s, k, fs = -1, fk = -1;
        for (m = c->sizes; m != 0 && fs < 0; m &= m - 1)
            for (s = gs_span_ctz(m), k = 0; k < c->n[s]; k++)
                if (c->off[s][k] >= lo && c->off[s][k] < hi) {
                    fs = s, fk = k;
                    break;
                }
        if (fs < 0) return any;
        spans_tree_free(st, spans_cache_drop(c, fs, fk), fs + 1);
        any = true;
    }
}

/* The tree's first fit for g granules, carved at the tail when none fits;
 * but when none fits and the cache holds spans, they go to the tree first
 * and the tree is asked again. -1 when the region is full. */
static int64_t spans_tree_alloc(gs_spans_state *st, int64_t g) {
    int64_t tail = st->tree.tail, off = gs_span_tree_alloc(&st->tree, g);
    if (GS_UNLIKELY((off == tail || off < 0) && st->cache.units > 0)) {
        if (off >= 0) gs_span_tree_free(&st->tree, off, g, NULL); /* back to the tail: no node needed */
        spans_cache_flush(st);
        off = gs_span_tree_alloc(&st->tree, g);
    }
    return off;
}

/* The freed span [off, off+g) enters the cache when the rule at
 * spans_cache lets it: true; false, and nothing changed, when it goes to
 * the tree (spans_free_tree). */
GS_INLINE bool spans_cache_put(gs_spans_state *st, int64_t off, int64_t g) {
    spans_cache *c = &st->cache;
    int k;
    if (g > SPANS_CACHE_SIZES || off + g == st->tree.tail) return false;
    k = c->n[g - 1];
    if (k >= SPANS_CACHE_DEPTH || c->units + g > SPANS_CACHE_UNITS) return false;
    c->off[g - 1][k] = (int32_t)off;
    c->n[g - 1] = (uint8_t)(k + 1);
    c->sizes |= (uint32_t)1 << (g - 1);
    c->units += g;
    c->hi = off + g > c->hi ? off + g : c->hi;
    return true;
}

/* The freed span the cache did not take goes to the tree, after the cache
 * when it would have passed a bound; p->len follows the tail. */
static void spans_free_tree(gs_spans *p, gs_spans_state *st, int64_t off, int64_t g) {
    int64_t tail = st->tree.tail;
    if (g <= SPANS_CACHE_SIZES && off + g != tail) spans_cache_flush(st);
    spans_tree_free(st, off, g);
    if (st->tree.tail != tail) p->len = spans_tail(st);
}

/* The header of a span of n elements (g granules) at granule off just
 * handed out: its storage gets a new tag (uniform: the span was freed
 * whole and cached since, so its granules hold one tag). */
GS_INLINE gs_grow spans_new_header(const gs_spans_state *st, int64_t off, int64_t n, int64_t g, bool uniform) {
    gs_grow h;
    h.ptr = spans_at(st, off);
    h.cap = n | GS_OWN_BIT;
    if (st->tagged) {
        int t = gs_shadow_stamp_fast(h.ptr, (size_t)g * GS_SPAN_UNIT, uniform);
        h.cap |= t >= 0 && !gs_shadow_off ? (int64_t)(t & GS_SHADOW_TAG_MAX) << GS_TAG_SHIFT : gs_tag_of(h.ptr);
    }
    return h;
}

/* The header of the span of n elements at granule off: its pointer and its
 * cap word (n, GS_OWN_BIT and the span's tag). */
GS_INLINE gs_grow spans_header(const gs_spans_state *st, int64_t off, int64_t n) {
    gs_grow g;
    g.ptr = spans_at(st, off);
    g.cap = n | GS_OWN_BIT | (st->tagged ? gs_tag_of(g.ptr) : 0);
    return g;
}

/* n elements (g granules) from the tree: committed, zeroed; p->len follows
 * the tail. */
static int64_t spans_alloc_tree(const gs_site *s, gs_spans *p, gs_spans_state *st, int64_t n, int64_t g) {
    int64_t off = spans_tree_alloc(st, g);
    size_t end;
    if (GS_UNLIKELY(off < 0)) gs_fail_oom(s);
    end = (size_t)(off + g) * GS_SPAN_UNIT;
    if (GS_UNLIKELY(end > st->region.committed) && !gs_region_commit(&st->region, end))
        spans_commit_fail(s, st, off, g);
    gs_region_zero(&st->region, (size_t)off * GS_SPAN_UNIT, (size_t)n * st->esz);
    p->len = spans_tail(st);
    return off;
}

gs_grow gs_spans_alloc(const gs_site *s, gs_spans *p, int64_t n, size_t esz) {
    gs_spans_state *st;
    spans_cache *c;
    int64_t off, g;
    bool cached;
    if (GS_UNLIKELY(n <= 0)) {
        gs_grow none = { NULL, 0 };
        if (n < 0) gs_fail_pool_negative(s, n);
        return none;
    }
    if (GS_UNLIKELY((uint64_t)n > (uint64_t)(GS_POOL_RESERVE / esz))) gs_fail_oom(s);
    st = spans_state(p, esz);
    g = spans_granules(n, esz);
    c = &st->cache;
    cached = g <= SPANS_CACHE_SIZES && c->n[g - 1] > 0;
    if (cached) {
        /* A cached span was handed out before (so its pages are not known
         * zero) and has not been in the tree since (so no waiting run of
         * free pages covers them): gs_region_zero would clear it as is. */
        off = c->off[g - 1][--c->n[g - 1]];
        if (c->n[g - 1] == 0) c->sizes &= ~((uint32_t)1 << (g - 1));
        c->units -= g;
        memset(spans_at(st, off), 0, (size_t)n * esz);
    } else {
        off = spans_alloc_tree(s, p, st, n, g);
    }
    live_put(st, off, n);
    return spans_new_header(st, off, n, g, cached);
}

gs_grow gs_spans_at(const gs_spans *p, int64_t off, int64_t n) { return spans_header(p->st, off, n); }

/* The live-table slot of the span (ptr, len, cap) when it is exactly a
 * live span of this pool, else SIZE_MAX; SPANS_STALE when it is one but
 * the header's tag is older than the span's (the span it was made for was
 * freed or moved, and this one handed out at the same place since); *off
 * gets its offset. */
#define SPANS_STALE (SIZE_MAX - 1)
GS_INLINE size_t spans_lookup(const gs_spans *p, const void *ptr, int64_t len, int64_t cap,
                              size_t esz, int64_t *off) {
    const gs_spans_state *st = p->st;
    uintptr_t a, b;
    size_t i;
    if (st == NULL || len <= 0 || !(cap & GS_OWN_BIT) || (cap & GS_LEN_MASK) != len) return SIZE_MAX;
    a = (uintptr_t)st->region.base;
    b = (uintptr_t)ptr;
    if (b < a || b - a >= (uintptr_t)st->tree.tail * GS_SPAN_UNIT || (b - a) % GS_SPAN_UNIT != 0)
        return SIZE_MAX;
    *off = (int64_t)((b - a) / GS_SPAN_UNIT);
    i = live_find(st, *off);
    if (i == SIZE_MAX || st->live[i].len != len) return SIZE_MAX;
    if ((cap & GS_TAG_MASK) != 0 && !gs_is_live(ptr, len, cap)) return SPANS_STALE;
    return i;
}

int64_t gs_spans_find(const gs_spans *p, const void *ptr, int64_t len, int64_t cap, size_t esz) {
    int64_t off = -1;
    size_t i = spans_lookup(p, ptr, len, cap, esz, &off);
    return i == SPANS_STALE ? -2 : i == SIZE_MAX ? -1 : off;
}

/* The freed span [off, off+g), its tag moved on: to the cache or the tree. */
GS_INLINE void spans_put_free(gs_spans *p, gs_spans_state *st, int64_t off, int64_t g) {
    if (!spans_cache_put(st, off, g)) spans_free_tree(p, st, off, g);
}

/* spans_release_at when the shadow's inline part could not free the
 * span's tag. A span whose tag cannot move on is retired instead: it stays
 * allocated, so it is never handed out again. */
static GS_NOINLINE void spans_release_unstamp(gs_spans *p, gs_spans_state *st, int64_t off, int64_t g) {
    if (gs_shadow_unstamp(spans_at(st, off), (size_t)g * GS_SPAN_UNIT) == 1) spans_put_free(p, st, off, g);
}

/* Frees the live span at off, held in live-table slot i: it leaves the
 * live table, its tag moves on (the rare retiring case out of line), and
 * it goes to the cache or the tree. */
GS_INLINE void spans_release_at(gs_spans *p, int64_t off, size_t i, size_t esz) {
    gs_spans_state *st = p->st;
    int64_t n = st->live[i].len, g = spans_granules(n, esz);
    live_remove_at(st, i);
    if (st->tagged && GS_UNLIKELY(!gs_shadow_unstamp_quick(spans_at(st, off), (size_t)g * GS_SPAN_UNIT)))
        spans_release_unstamp(p, st, off, g);
    else
        spans_put_free(p, st, off, g);
}

void gs_spans_release(gs_spans *p, int64_t off, size_t esz) {
    spans_release_at(p, off, live_find(p->st, off), esz);
}

/* Whether a reference is noted (gs_borrow_check then looks at the span),
 * read without a call where the thread's list is reachable. */
#ifdef __TINYC__
#define spans_borrowed() 1
#else
#define spans_borrowed() (gs_brw.n != 0)
#endif

/* gs_spans_free's end when a reference is noted: the check, then the free;
 * out of line so that the common free makes no call before its last. */
static GS_NOINLINE void spans_free_borrowed(const gs_site *s, gs_spans *p, const void *ptr, int64_t len,
                                            int64_t off, size_t i, size_t esz) {
    gs_borrow_check(s, ptr, (size_t)len * esz, "pool free of");
    spans_release_at(p, off, i, esz);
}

static GS_COLD GS_NOINLINE void spans_fail_stale(const gs_site *s) {
    gs_fail_msg(s, "pool free of a span already freed");
}

void gs_spans_free(const gs_site *s, gs_spans *p, const void *ptr, int64_t len, int64_t cap,
                   size_t esz) {
    int64_t off = -1;
    size_t i;
    if (len == 0) return;
    i = spans_lookup(p, ptr, len, cap, esz, &off);
    if (GS_UNLIKELY(i >= SPANS_STALE)) {
        if (i == SPANS_STALE) spans_fail_stale(s);
        gs_fail_pool_span(s);
    }
    if (spans_borrowed()) {
        spans_free_borrowed(s, p, ptr, len, off, i, esz);
        return;
    }
    spans_release_at(p, off, i, esz);
}

/* In place, the span at off (n elements, g granules) becomes m elements
 * (gm granules): the tree, the memory it gains (committed, zeroed) or
 * gives back. */
static bool spans_resize_tree(gs_spans_state *st, int64_t off, int64_t n, int64_t m, size_t esz) {
    int64_t g = spans_granules(n, esz), gm = spans_granules(m, esz);
    gs_span mg = { 0, 0 };
    /* a live span right after it: no room (the common case, one probe) */
    if (gm > g && off + g < st->tree.tail && live_find(st, off + g) != SIZE_MAX) return false;
    if (gm != g && !gs_span_tree_resize_in_place(&st->tree, off, g, gm, &mg)) {
        /* the space the span grows into may be free in the cache */
        if (gm < g || !spans_cache_take(st, off + g, off + gm)) return false;
        if (!gs_span_tree_resize_in_place(&st->tree, off, g, gm, &mg)) return false;
    }
    if (m > n) {
        if (!gs_region_commit(&st->region, (size_t)(off + gm) * GS_SPAN_UNIT)) {
            if (gm != g) gs_span_tree_resize_in_place(&st->tree, off, gm, g, NULL);
            return false;
        }
        gs_region_zero(&st->region, (size_t)off * GS_SPAN_UNIT + (size_t)n * esz, (size_t)(m - n) * esz);
    } else if (mg.len > 0) {
        gs_region_after_free(&st->region, (size_t)mg.off * GS_SPAN_UNIT, (size_t)(mg.off + mg.len) * GS_SPAN_UNIT,
                             (size_t)(off + gm) * GS_SPAN_UNIT, (size_t)(off + g) * GS_SPAN_UNIT);
    }
    return true;
}

/* A resize in place gives the span a new tag as a move would (the old
 * granules freed, the new extent stamped), so the old header is stale
 * whether or not the span moved; a span whose tag cannot move on is
 * moved instead (false: the library then frees it, which retires it). */
bool gs_spans_resize_in_place(gs_spans *p, int64_t off, int64_t m, size_t esz) {
    gs_spans_state *st = p->st;
    size_t i = live_find(st, off);
    int64_t n = st->live[i].len;
    uint8_t *at = spans_at(st, off);
    if (st->tagged && !gs_shadow_can_retag(at)) return false;
    if (!spans_resize_tree(st, off, n, m, esz)) return false;
    if (st->tagged) {
        gs_shadow_unstamp_fast(at, (size_t)spans_granules(n, esz) * GS_SPAN_UNIT);
        gs_shadow_stamp_fast(at, (size_t)spans_granules(m, esz) * GS_SPAN_UNIT, false);
    }
    st->live[i].len = m;
    p->len = spans_tail(st);
    return true;
}

void gs_spans_destroy(gs_spans *p) {
    gs_spans_state *st = p->st;
    if (st == NULL) return;
    gs_pool_note(st->region.base, st->region.reserved, false);
    gs_span_tree_destroy(&st->tree);
    gs_region_destroy(&st->region);
    free(st->live);
    free(st);
    memset(p, 0, sizeof *p);
}

/* ---- stable slices (library slot_pool storage) ----
 * The region of a stable slice is found from its base pointer in a small
 * table (only the slow path, growth, looks it up). */

static struct {
    gs_region **r;
    size_t n, cap;
} stable;
static pthread_mutex_t stable_mu = PTHREAD_MUTEX_INITIALIZER;

static gs_region *stable_region_locked(void *ptr) {
    size_t i;
    gs_region *r;
    for (i = 0; ptr != NULL && i < stable.n; i++)
        if ((void *)stable.r[i]->base == ptr) return stable.r[i];
    r = pool_region_new();
    if (stable.n == stable.cap) {
        stable.cap = stable.cap ? stable.cap * 2 : 8;
        stable.r = (gs_region **)pool_xrealloc(stable.r, stable.cap * sizeof *stable.r);
    }
    stable.r[stable.n++] = r;
    return r;
}

/* The region behind a stable slice (a new one for ptr NULL). A region is
 * never dropped from the table, so it outlives the lock. */
static gs_region *stable_region(void *ptr) {
    gs_region *r;
    if (!gs_rt_threaded) return stable_region_locked(ptr);
    pthread_mutex_lock(&stable_mu);
    r = stable_region_locked(ptr);
    pthread_mutex_unlock(&stable_mu);
    return r;
}

gs_grow gs_stable_grow(void *ptr, int64_t len, int64_t cap, size_t esz) {
    gs_region *r = stable_region(ptr);
    int64_t c = cap & GS_LEN_MASK, nc = c < 16 ? 16 : c * 2;
    gs_grow g;
    if ((uint64_t)nc > r->reserved / esz) nc = (int64_t)(r->reserved / esz);
    if (nc <= len || !gs_region_commit(r, (size_t)nc * esz)) gs_fail_oom(NULL);
    g.ptr = r->base;
    g.cap = nc;
    return g;
}

void gs_stable_grow_at(void *ptr_field, int64_t len, int64_t *cap_field, size_t esz) {
    gs_grow_fields(gs_stable_grow, ptr_field, len, cap_field, esz);
}
