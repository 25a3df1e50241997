/* gs_pool.c — the builtin pools and the library pool primitives (see
 * gs_pool.h): slot storage and its growth, span pools over gs_span_tree
 * and gs_region with an exact live-span table, stable slices, and the
 * messages of pool misuse.
 * Not for: the span tree itself (gs_span_tree.c) or anything about the
 * compiler. A pool is one thread's at a time (docs/language.md, Threads),
 * so a pool's own state needs no lock; the table of stable slices, which
 * every thread's slot pools share, is locked once threads run. */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS, MAP_NORESERVE */

#include "gs_pool.h"

#include "gs_heap.h"

#include <pthread.h>
#include <sys/mman.h>
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

/* ---- reusable[] T: the live-span record ----
 * One uint32 per granule of the region, in address space reserved beside
 * it (MAP_NORESERVE: a page of it is touched only where spans start): the
 * length in elements of the live span that starts at that granule, 0 where
 * none does. So the exact-span check of a free is one load and compare, and
 * so is "a live span starts here" (resize). A span of SPANS_LEN_BIG
 * elements or more (4 GiB and up: at most SPANS_BIG_MAX fit in a region)
 * records SPANS_LEN_BIG there and its length in big[]. */
#define SPANS_LEN_BIG UINT32_MAX
#define SPANS_BIG_MAX 4

typedef struct spans_big {
    int64_t off, n; /* n 0: unused */
} spans_big;

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
    uint8_t n[SPANS_CACHE_SIZES];    /* spans held of 1, 2, ... granules */
    int32_t off[SPANS_CACHE_SIZES][SPANS_CACHE_DEPTH]; /* their offsets, oldest first */
} spans_cache;

struct gs_spans_state {
    gs_span_tree tree; /* offsets and lengths in granules (GS_SPAN_UNIT bytes); first (tests/runtime/spans_test.c) */
    uint32_t *lens;    /* the live-span record, lens_bytes of address space */
    bool tagged;       /* the shadow follows the region (gs_shadow_track) */
    spans_cache cache; /* free spans out of the tree: free, never live */
    gs_region region;
    size_t esz;
    size_t lens_bytes;
    spans_big big[SPANS_BIG_MAX];
};

/* The length of the live span at granule off, 0 when none starts there. */
static int64_t spans_len(const gs_spans_state *st, int64_t off) {
    int k;
    if (GS_LIKELY(st->lens[off] != SPANS_LEN_BIG)) return st->lens[off];
    for (k = 0; k < SPANS_BIG_MAX; k++)
        if (st->big[k].n != 0 && st->big[k].off == off) return st->big[k].n;
    return 0;
}

/* Records n >= 1 as the length of the span at granule off (none before). */
static void spans_len_big(gs_spans_state *st, int64_t off, int64_t n) {
    int k;
    for (k = 0; st->big[k].n != 0; k++)
        if (k + 1 == SPANS_BIG_MAX) gs_fail_oom(NULL); /* more than the region holds */
    st->big[k].off = off;
    st->big[k].n = n;
    st->lens[off] = SPANS_LEN_BIG;
}

GS_INLINE void spans_len_set(gs_spans_state *st, int64_t off, int64_t n) {
    if (GS_LIKELY((uint64_t)n < SPANS_LEN_BIG))
        st->lens[off] = (uint32_t)n;
    else
        spans_len_big(st, off, n);
}

/* No live span starts at granule off any more (its length was n). */
GS_INLINE void spans_len_clear(gs_spans_state *st, int64_t off, int64_t n) {
    int k;
    if (GS_UNLIKELY((uint64_t)n >= SPANS_LEN_BIG))
        for (k = 0; k < SPANS_BIG_MAX; k++)
            if (st->big[k].off == off) st->big[k].n = 0;
    st->lens[off] = 0;
}

/* Reserves the record for st->region (less when the address space refuses
 * that much: the tree's limit then stops at what it covers); false when
 * refused. */
static bool spans_lens_reserve(gs_spans_state *st) {
    size_t want = st->region.reserved / GS_SPAN_UNIT * sizeof(uint32_t);
    int i;
    for (i = 0; i < 7; i++, want /= 2) {
        void *m = mmap(NULL, want, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
        if (m != MAP_FAILED) {
            st->lens = (uint32_t *)m;
            st->lens_bytes = want;
            return true;
        }
    }
    return false;
}

/* ---- reusable[] T ---- */

static GS_COLD GS_NOINLINE gs_spans_state *spans_state_new(gs_spans *p, size_t esz) {
    gs_spans_state *st = (gs_spans_state *)calloc(1, sizeof *st);
    int64_t units;
    if (st == NULL) gs_fail_oom(NULL);
    pool_region_reserve(&st->region);
    if (!spans_lens_reserve(st)) gs_fail_oom(NULL);
    gs_pool_note(st->region.base, st->region.reserved, true);
    st->tagged = !gs_shadow_off && gs_shadow_track(st->region.base, st->region.reserved);
    st->esz = esz;
    gs_span_tree_init(&st->tree);
    units = (int64_t)(st->region.reserved / GS_SPAN_UNIT);
    st->tree.limit = units < (int64_t)(st->lens_bytes / sizeof(uint32_t)) ? units
                                                                          : (int64_t)(st->lens_bytes / sizeof(uint32_t));
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

/* The first size index from s on whose spans the cache holds, else
 * SPANS_CACHE_SIZES (eight empty sizes a step). */
static int spans_cache_next(const spans_cache *c, int s) {
    uint64_t w;
    while (s < SPANS_CACHE_SIZES) {
        if (s % 8 == 0 && (memcpy(&w, c->n + s, 8), w == 0))
            s += 8;
        else if (c->n[s] == 0)
            s++;
        else
            return s;
    }
    return SPANS_CACHE_SIZES;
}

/* Every cached span goes to the tree. */
static GS_NOINLINE void spans_cache_flush(gs_spans_state *st) {
    spans_cache *c = &st->cache;
    int s, k;
    for (s = spans_cache_next(c, 0); s < SPANS_CACHE_SIZES; s = spans_cache_next(c, s + 1)) {
        for (k = 0; k < c->n[s]; k++) spans_tree_put(st, c->off[s][k], s + 1);
        c->n[s] = 0;
    }
    c->units = 0;
    c->hi = 0;
}

/* Takes entry k of the spans of s + 1 granules out of the cache (the
 * order of the rest kept); its offset. */
static int64_t spans_cache_drop(spans_cache *c, int s, int k) {
    int64_t off = c->off[s][k];
    memmove(&c->off[s][k], &c->off[s][k + 1], (size_t)(c->n[s] - k - 1) * sizeof c->off[0][0]);
    c->n[s]--;
    c->units -= s + 1;
    return off;
}

/* The tail came back to or below c->hi: the cached span that ends at the
 * tail, if any, returns to the tail too, and so on; c->hi is then exact. */
static GS_NOINLINE void spans_cache_untail(gs_spans_state *st) {
    spans_cache *c = &st->cache;
    for (;;) {
        int64_t hi = 0, end;
        int s, k, fs = -1, fk = -1;
        for (s = spans_cache_next(c, 0); s < SPANS_CACHE_SIZES; s = spans_cache_next(c, s + 1))
            for (k = 0; k < c->n[s]; k++) {
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
        int s, k, fs = -1, fk = -1;
        for (s = spans_cache_next(c, 0); s < SPANS_CACHE_SIZES && fs < 0; s = spans_cache_next(c, s + 1))
            for (k = 0; k < c->n[s]; k++)
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

/* The freed span [off, off+g) enters the cache, zeroed (so that an
 * allocation from the cache needs no memset before it returns), when the
 * rule at spans_cache lets it: true; false, and nothing changed, when it
 * goes to the tree (spans_free_tree). */
GS_INLINE bool spans_cache_put(gs_spans_state *st, int64_t off, int64_t g) {
    spans_cache *c = &st->cache;
    int k;
    if (g > SPANS_CACHE_SIZES || off + g == st->tree.tail) return false;
    k = c->n[g - 1];
    if (k >= SPANS_CACHE_DEPTH || c->units + g > SPANS_CACHE_UNITS) return false;
    c->off[g - 1][k] = (int32_t)off;
    c->n[g - 1] = (uint8_t)(k + 1);
    c->units += g;
    c->hi = off + g > c->hi ? off + g : c->hi;
    memset(spans_at(st, off), 0, (size_t)g * GS_SPAN_UNIT);
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

/* ---- storage tags of spans (the heap's shadow, gs_heap.h) ----
 * A span is stamped and unstamped as a heap block is (gs_shadow_stamp_fast,
 * gs_shadow_unstamp_fast); the cached spans' fast paths in gs_spans_alloc
 * and gs_spans_free set their few granules with gs_shadow_set. */

/* Whether the g granules from index i (GS_SHADOW_INDEX) stay in one 4 GiB
 * range of the shadow. */
#define SPANS_ONE_CHUNK(i, g) ((i) + (g) <= GS_SHADOW_GRANULES)

/* The span of g granules at q gets a new tag (gs_shadow_stamp_fast:
 * uniform, its granules hold one tag, so the first stands for them all);
 * the header's tag bits (0 once the shadow is off). */
GS_INLINE int64_t spans_stamp(uint8_t *q, int64_t g, bool uniform) {
    int m = gs_shadow_stamp_fast(q, (size_t)g * GS_SPAN_UNIT, uniform);
    if (m < 0) return gs_tag_of(q);
    return gs_shadow_off ? 0 : (int64_t)m << GS_TAG_SHIFT;
}

/* The span of g granules at q is freed: its tag moves on (+ 1); false when
 * it cannot, and the span is retired instead (gs_shadow_unstamp). */
GS_INLINE bool spans_unstamp(uint8_t *q, int64_t g) {
    return gs_shadow_unstamp_fast(q, (size_t)g * GS_SPAN_UNIT) == 1;
}

/* ---- allocation ---- */

/* The header of a span of n elements at granule off: its pointer and its
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

/* Takes the most recent cached span of g granules (there is one); its
 * offset. */
GS_INLINE int64_t spans_cache_pop(spans_cache *c, int64_t g, int k) {
    c->n[g - 1] = (uint8_t)(k - 1);
    c->units -= g;
    return c->off[g - 1][k - 1];
}

/* A span of n >= 1 elements (g granules) from st: a cached one, else the
 * tree's; zeroed, recorded, tagged. */
static GS_NOINLINE gs_grow spans_alloc_at(const gs_site *s, gs_spans *p, gs_spans_state *st, int64_t n, int64_t g) {
    gs_grow h;
    int64_t off;
    int k;
    bool cached = g <= SPANS_CACHE_SIZES && (k = st->cache.n[g - 1]) > 0;
    if (cached)
        off = spans_cache_pop(&st->cache, g, k); /* zeroed at its free */
    else
        off = spans_alloc_tree(s, p, st, n, g);
    spans_len_set(st, off, n);
    h.ptr = spans_at(st, off);
    h.cap = n | GS_OWN_BIT;
    if (st->tagged) h.cap |= spans_stamp(h.ptr, g, cached); /* a cached span's granules hold one tag */
    return h;
}

/* gs_spans_alloc, every case: n <= 0 (no span or an error), too many
 * elements, the first span (the state is made), then spans_alloc_at. */
static GS_NOINLINE gs_grow spans_alloc_any(const gs_site *s, gs_spans *p, int64_t n, size_t esz) {
    if (GS_UNLIKELY(n <= 0)) {
        gs_grow none = { NULL, 0 };
        if (n < 0) gs_fail_pool_negative(s, n);
        return none;
    }
    if (GS_UNLIKELY((uint64_t)n > (uint64_t)(GS_POOL_RESERVE / esz))) gs_fail_oom(s);
    return spans_alloc_at(s, p, spans_state(p, esz), n, spans_granules(n, esz));
}

gs_grow gs_spans_at(const gs_spans *p, int64_t off, int64_t n) { return spans_header(p->st, off, n); }

/* ---- the exact-span check and free ---- */

/* The offset of the span (ptr, len, cap), len != 0, when it is exactly a
 * live span of this pool; SPANS_NOT_LIVE when it is not; SPANS_STALE when
 * it is one but the header's tag is older than the span's (the span it was
 * made for was freed or moved, and this one handed out at the same place
 * since). A negative len fails the cap word's test. */
#define SPANS_NOT_LIVE (-1)
#define SPANS_STALE (-2)
GS_INLINE int64_t spans_lookup(const gs_spans_state *st, const void *ptr, int64_t len, int64_t cap) {
    uintptr_t d;
    int64_t off;
    if (st == NULL || (cap & (GS_OWN_BIT | GS_LEN_MASK)) != (GS_OWN_BIT | len)) return SPANS_NOT_LIVE;
    d = (uintptr_t)ptr - (uintptr_t)st->region.base; /* wraps below the region */
    if (d >= (uintptr_t)st->tree.tail * GS_SPAN_UNIT || d % GS_SPAN_UNIT != 0) return SPANS_NOT_LIVE;
    off = (int64_t)(d / GS_SPAN_UNIT);
    if (GS_UNLIKELY((uint64_t)len >= SPANS_LEN_BIG || st->lens[off] != (uint64_t)len) && spans_len(st, off) != len)
        return SPANS_NOT_LIVE;
    if ((cap & GS_TAG_MASK) != 0 && !gs_is_live(ptr, len, cap)) return SPANS_STALE;
    return off;
}

int64_t gs_spans_find(const gs_spans *p, const void *ptr, int64_t len, int64_t cap, size_t esz) {
    (void)esz;
    return len > 0 ? spans_lookup(p->st, ptr, len, cap) : SPANS_NOT_LIVE;
}

/* The freed span [off, off+g), its tag moved on: to the cache or the tree. */
GS_INLINE void spans_put_free(gs_spans *p, gs_spans_state *st, int64_t off, int64_t g) {
    if (!spans_cache_put(st, off, g)) spans_free_tree(p, st, off, g);
}

/* Frees the live span of n elements at off: it leaves the live-span
 * record, its tag moves on, and it goes to the cache or the tree. A span
 * whose tag cannot move on is retired instead: it stays allocated, so it
 * is never handed out again. */
static GS_NOINLINE void spans_release(gs_spans *p, gs_spans_state *st, int64_t off, int64_t n, size_t esz) {
    int64_t g = spans_granules(n, esz);
    spans_len_clear(st, off, n);
    if (st->tagged && !spans_unstamp(spans_at(st, off), g)) return;
    spans_put_free(p, st, off, g);
}

void gs_spans_release(gs_spans *p, int64_t off, size_t esz) {
    spans_release(p, p->st, off, spans_len(p->st, off), esz);
}

/* Whether a reference is noted (gs_borrow_check then looks at the span),
 * read without a call where the thread's list is reachable. */
#ifdef __TINYC__
#define spans_borrowed() 1
#else
#define spans_borrowed() (gs_brw.n != 0)
#endif

static GS_NORETURN GS_COLD GS_NOINLINE void spans_fail_free(const gs_site *s, int64_t r) {
    if (r == SPANS_STALE) gs_fail_msg(s, "pool free of a span already freed");
    gs_fail_pool_span(s);
}

/* gs_spans_free, every case: the header's tag first (a header older than
 * its storage: "already freed", whether or not a span starts there now),
 * then the check (its errors), a noted reference, the release. */
static GS_NOINLINE void spans_free_any(const gs_site *s, gs_spans *p, const void *ptr, int64_t len, int64_t cap,
                                       size_t esz) {
    int64_t off;
    if (GS_UNLIKELY(!gs_is_live(ptr, len, cap))) gs_fail_msg(s, "pool free of a span already freed");
    if (len == 0) return;
    off = spans_lookup(p->st, ptr, len, cap);
    if (GS_UNLIKELY(off < 0)) spans_fail_free(s, off);
    if (spans_borrowed()) gs_borrow_check(s, ptr, (size_t)len * esz, "pool free of");
    spans_release(p, p->st, off, len, esz);
}

/* ---- the fast paths ----
 * A cached size in a tagged pool, the common case of both: alloc takes a
 * cached span, free puts one in the cache, inline, with every other case
 * (and every error) one tail call away, so that they need a small frame.
 * Cached spans are zeroed at their free, so that alloc makes no call: by a
 * few plain stores up to SPANS_SMALL granules, else by memset, the free's
 * tail call. */
#define SPANS_SMALL 16
typedef char spans_unit_is_16[GS_SPAN_UNIT == 16 ? 1 : -1];
/* alloc: below these, n * esz needs no overflow check */
#define SPANS_QUICK_N ((uint64_t)SPANS_CACHE_SIZES * GS_SPAN_UNIT)

/* The g (1..SPANS_SMALL) granules at q become zero: two overlapping blocks
 * of 1, 2, 4 or 8 granules, the first at q and the last ending where the
 * span does (fixed-size copies, so no call). */
GS_INLINE void spans_zero_small(uint8_t *q, uint64_t g) {
#ifdef __TINYC__
    memset(q, 0, (size_t)g * GS_SPAN_UNIT);
#else
    static const uint8_t z[8 * GS_SPAN_UNIT];
    uint8_t *e = q + g * GS_SPAN_UNIT;
    if (g <= 2) {
        memcpy(q, z, GS_SPAN_UNIT);
        memcpy(e - GS_SPAN_UNIT, z, GS_SPAN_UNIT);
    } else if (g <= 4) {
        memcpy(q, z, 2 * GS_SPAN_UNIT);
        memcpy(e - 2 * GS_SPAN_UNIT, z, 2 * GS_SPAN_UNIT);
    } else if (g <= 8) {
        memcpy(q, z, 4 * GS_SPAN_UNIT);
        memcpy(e - 4 * GS_SPAN_UNIT, z, 4 * GS_SPAN_UNIT);
    } else {
        memcpy(q, z, 8 * GS_SPAN_UNIT);
        memcpy(e - 8 * GS_SPAN_UNIT, z, 8 * GS_SPAN_UNIT);
    }
#endif
}


/* The tag: the span's granules hold one tag, the one its free gave them,
 * so the first stands for their maximum; and that tag is above the
 * shadow's floors there, which do not change while the pool holds the
 * region (the heap drops only its own memory's shadow pages), so the new
 * tag needs no look at them (gs_shadow_stamp_fast). A tagged pool's region
 * has its shadow chunks (gs_shadow_track). */
gs_grow gs_spans_alloc(const gs_site *s, gs_spans *p, int64_t n, size_t esz) {
    gs_spans_state *st = p->st;
    if (GS_LIKELY(st != NULL && ((uint64_t)n | esz) <= SPANS_QUICK_N)) {
        spans_cache *c = &st->cache;
        uint64_t g = ((uint64_t)n * esz + GS_SPAN_UNIT - 1) / GS_SPAN_UNIT, i; /* 0 for n == 0 */
        int k;
        if (GS_UNLIKELY(g - 1 >= SPANS_CACHE_SIZES)) return spans_alloc_any(s, p, n, esz);
        if (GS_LIKELY((k = c->n[g - 1]) > 0 && st->tagged)) {
            int64_t off = c->off[g - 1][k - 1];
            uint8_t *q = spans_at(st, off);
            i = GS_SHADOW_INDEX(q);
            if (GS_LIKELY(SPANS_ONE_CHUNK(i, g) && !gs_shadow_off)) {
                uint16_t *sh = GS_SHADOW_CHUNK(q) + i;
                uint16_t t = (uint16_t)(sh[0] + 1); /* at most GS_SHADOW_TAG_MAX: see gs_spans_free */
                int64_t cap = n | GS_OWN_BIT | (int64_t)t << GS_TAG_SHIFT;
                gs_grow h;
                c->n[g - 1] = (uint8_t)(k - 1);
                c->units -= (int64_t)g;
                st->lens[off] = (uint32_t)n;
                gs_shadow_set(sh, (size_t)g, t);
                h.ptr = q;
                h.cap = cap;
                return h;
            }
        }
        return spans_alloc_at(s, p, st, (int64_t)n, (int64_t)g);
    }
    return spans_alloc_any(s, p, n, esz);
}

/* The exact-span check of the fast path (which implies the tag test
 * spans_free_any makes first: the header's tag is not 0 and is the
 * shadow's): the cap word holds GS_OWN_BIT
 * and len (len > 0 then: a negative or zero len fails), the pointer is a
 * granule of the region below the tail, where the live-span record holds
 * len (so len < SPANS_LEN_BIG, and it is a live span's: n * esz did not
 * overflow), and the header's tag is the shadow's. A tag that is not 0
 * was stamped by this pool, so the pool is tagged; it moves on to t + 1,
 * which stays below GS_SHADOW_TAG_MAX (gs_spans_alloc relies on it), else
 * the span is retired (spans_release). */
void gs_spans_free(const gs_site *s, gs_spans *p, const void *ptr, int64_t len, int64_t cap, size_t esz) {
    gs_spans_state *st = p->st;
    uintptr_t d;
    uint64_t off, g, t, i;
    uint16_t *sh;
    spans_cache *c;
    int k;
    if (GS_UNLIKELY(st == NULL || (cap & (GS_OWN_BIT | GS_LEN_MASK)) != (GS_OWN_BIT | len))) goto any;
    d = (uintptr_t)ptr - (uintptr_t)st->region.base; /* wraps below the region */
    off = d >> 4 | d << 60; /* rotated (GS_SPAN_UNIT is 16): off a granule, it is 2^60 or more */
    if (GS_UNLIKELY(off >= (uint64_t)st->tree.tail)) goto any;
    if (GS_UNLIKELY(st->lens[off] != (uint64_t)len)) goto any;
    g = ((uint64_t)len * esz + GS_SPAN_UNIT - 1) / GS_SPAN_UNIT;
    t = ((uint64_t)cap >> GS_TAG_SHIFT) & GS_SHADOW_TAG_MAX;
    i = GS_SHADOW_INDEX(ptr);
    if (GS_UNLIKELY(g - 1 >= SPANS_CACHE_SIZES || t - 1 >= GS_SHADOW_TAG_MAX - 2 || !SPANS_ONE_CHUNK(i, g)))
        goto any; /* g 0: a header (ptr, 0, GS_OWN_BIT) where no span starts */
    sh = GS_SHADOW_CHUNK(ptr) + i;
    if (GS_UNLIKELY(sh[0] != t || spans_borrowed())) goto any;
    /* exactly a live span, its header current: freed here */
    c = &st->cache;
    if (GS_UNLIKELY(off + g == (uint64_t)st->tree.tail || (k = c->n[g - 1]) >= SPANS_CACHE_DEPTH ||
                    c->units + (int64_t)g > SPANS_CACHE_UNITS)) {
        spans_release(p, st, (int64_t)off, len, esz);
        return;
    }
    st->lens[off] = 0;
    c->off[g - 1][k] = (int32_t)off;
    c->n[g - 1] = (uint8_t)(k + 1);
    c->units += (int64_t)g;
    c->hi = (int64_t)(off + g) > c->hi ? (int64_t)(off + g) : c->hi;
    gs_shadow_set(sh, (size_t)g, (uint16_t)(t + 1));
    if (g > SPANS_SMALL) {
        memset((uint8_t *)(uintptr_t)ptr, 0, (size_t)g * GS_SPAN_UNIT); /* the tail call */
        return;
    }
    spans_zero_small((uint8_t *)(uintptr_t)ptr, g);
    return;
any:
    spans_free_any(s, p, ptr, len, cap, esz);
}

/* ---- resize ---- */

/* In place, the span at off (n elements, g granules) becomes m elements
 * (gm granules): the tree, the memory it gains (committed, zeroed) or
 * gives back. */
static bool spans_resize_tree(gs_spans_state *st, int64_t off, int64_t n, int64_t m, size_t esz) {
    int64_t g = spans_granules(n, esz), gm = spans_granules(m, esz);
    gs_span mg = { 0, 0 };
    /* a live span right after it: no room (the common case, one load) */
    if (gm > g && off + g < st->tree.tail && st->lens[off + g] != 0) return false;
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
    int64_t n = spans_len(st, off);
    uint8_t *at = spans_at(st, off);
    if (st->tagged && !gs_shadow_can_retag(at)) return false;
    if (!spans_resize_tree(st, off, n, m, esz)) return false;
    if (st->tagged) {
        spans_unstamp(at, spans_granules(n, esz)); /* it can: gs_shadow_can_retag */
        spans_stamp(at, spans_granules(m, esz), false);
    }
    spans_len_clear(st, off, n);
    spans_len_set(st, off, m);
    p->len = spans_tail(st);
    return true;
}

void gs_spans_destroy(gs_spans *p) {
    gs_spans_state *st = p->st;
    if (st == NULL) return;
    gs_pool_note(st->region.base, st->region.reserved, false);
    gs_span_tree_destroy(&st->tree);
    gs_region_destroy(&st->region);
    munmap(st->lens, st->lens_bytes);
    free(st);
    memset(p, 0, sizeof *p);
}

/* ---- stable slices (library slot_pool storage) ----
 * The region of a stable slice is found from its base pointer in a small
 * table (only the slow path, growth, looks it up).
 * Each slice begins at its own offset within its region's first page,
 * 64 * (39k mod 64) bytes for the k-th region (cache-line aligned, spread
 * over the page): regions are page-aligned, and two pools whose slots
 * began at the same offset would put their first slots at equal
 * addresses modulo 4096, where a load from one pool waits on an earlier
 * store to the other (the CPU matches a load with pending stores by the
 * address's low 12 bits first). Etc::NeuralNet's library variant, which
 * reads neurons while it stores synapses: 1.68 s of CPU at the same
 * offset, 1.25 s apart, as the plain port with two heap slices. */

static struct {
    gs_region **r;
    size_t n, cap;
} stable;
static pthread_mutex_t stable_mu = PTHREAD_MUTEX_INITIALIZER;

/* Where the k-th region's slice begins. */
static size_t stable_offset(size_t k) {
    return k * 39 % 64 * 64;
}

static gs_region *stable_region_locked(void *ptr, size_t *off) {
    size_t i;
    gs_region *r;
    for (i = 0; ptr != NULL && i < stable.n; i++)
        if ((void *)(stable.r[i]->base + stable_offset(i)) == ptr) {
            *off = stable_offset(i);
            return stable.r[i];
        }
    r = pool_region_new();
    if (stable.n == stable.cap) {
        stable.cap = stable.cap ? stable.cap * 2 : 8;
        stable.r = (gs_region **)pool_xrealloc(stable.r, stable.cap * sizeof *stable.r);
    }
    *off = stable_offset(stable.n);
    stable.r[stable.n++] = r;
    return r;
}

/* The region behind a stable slice (a new one for ptr NULL) and where in
 * it the slice begins. A region is never dropped from the table, so it
 * outlives the lock. */
static gs_region *stable_region(void *ptr, size_t *off) {
    gs_region *r;
    if (!gs_rt_threaded) return stable_region_locked(ptr, off);
    pthread_mutex_lock(&stable_mu);
    r = stable_region_locked(ptr, off);
    pthread_mutex_unlock(&stable_mu);
    return r;
}

gs_grow gs_stable_grow(void *ptr, int64_t len, int64_t cap, size_t esz) {
    size_t off;
    gs_region *r = stable_region(ptr, &off);
    int64_t c = cap & GS_LEN_MASK, nc = c < 16 ? 16 : c * 2;
    gs_grow g;
    if ((uint64_t)nc > (r->reserved - off) / esz) nc = (int64_t)((r->reserved - off) / esz);
    if (nc <= len || !gs_region_commit(r, off + (size_t)nc * esz)) gs_fail_oom(NULL);
    g.ptr = r->base + off;
    g.cap = nc;
    return g;
}

void gs_stable_grow_at(void *ptr_field, int64_t len, int64_t *cap_field, size_t esz) {
    gs_grow_fields(gs_stable_grow, ptr_field, len, cap_field, esz);
}
