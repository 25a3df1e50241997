/* spans_test.c — the slice pools' span records (runtime/gs_pool.c's
 * gs_spans_*) against a plain model: random alloc/free churn with tens of
 * thousands of live spans (the live-span record over many pages; cached
 * spans zeroed at their free, tree spans at their allocation), element
 * sizes 1, 8 and 24.
 * After every operation batch: each live span is found at its offset, its
 * elements were zero when handed out, and slices that are not exactly a
 * live span are rejected: a freed span (also once its range holds other
 * live spans, or lies inside a bigger free span), a sub-slice, a slice one
 * element longer or shorter, one without GS_OWN_BIT, a pointer off an
 * element boundary, one past the tail. The span tree's invariants hold.
 * Stable slices (gs_stable_grow, the library slot pool's storage): each
 * begins at its own cache-line-aligned offset within a page, and growth
 * keeps its pointer.
 * One PASS/FAIL line per case; exits non-zero on any failure.
 * Not for: placements (tests/pool's differential tests compare them with
 * a model) or runtime error messages (tests/golden/pool). */
#define _POSIX_C_SOURCE 200809L

#include "gs_pool.h"

#include <stdio.h>
#include <stdlib.h>

static int n_pass, n_fail;

static void check(const char *name, bool ok) {
    printf("%s: %s\n", ok ? "PASS" : "FAIL", name);
    if (ok)
        n_pass++;
    else
        n_fail++;
}

static uint64_t rng = 88172645463325252ull;

static uint64_t next(void) {
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

typedef struct Span {
    uint8_t *ptr;
    int64_t len;
    int64_t cap; /* the cap word the pool gave: len, GS_OWN_BIT, the tag */
} Span;

typedef struct Pool {
    gs_spans p;
    size_t esz;
    Span *live;
    int64_t nlive, cap;
    Span *dead; /* recently freed: must be rejected until reused exactly */
    int64_t ndead;
    int bad; /* the first failure, kept short */
    char why[160];
} Pool;

static const gs_site site = { "spans_test.c", 1, 1, NULL };

static void fail(Pool *q, const char *what, int64_t a, int64_t b) {
    if (!q->bad)
        snprintf(q->why, sizeof q->why, "%s (%lld, %lld)", what, (long long)a, (long long)b);
    q->bad = 1;
}

static int64_t find(Pool *q, const uint8_t *ptr, int64_t len, int64_t cap) {
    return gs_spans_find(&q->p, ptr, len, cap, q->esz);
}

static void alloc_one(Pool *q, int64_t n) {
    gs_grow g = gs_spans_alloc(&site, &q->p, n, q->esz);
    uint8_t *a = (uint8_t *)g.ptr;
    size_t i;
    if ((g.cap & GS_LEN_MASK) != n || !(g.cap & GS_OWN_BIT) || (g.cap & GS_TAG_MASK) == 0)
        fail(q, "cap word not n | GS_OWN_BIT | a tag", n, g.cap);
    for (i = 0; i < (size_t)n * q->esz; i++)
        if (a[i] != 0) {
            fail(q, "span not zeroed", (long long)(a - q->p.base), (long long)i);
            break;
        }
    memset(a, 0xA5, (size_t)n * q->esz); /* the next owner must get zeros again */
    if (q->nlive == q->cap) {
        q->cap = q->cap ? 2 * q->cap : 1024;
        q->live = (Span *)realloc(q->live, (size_t)q->cap * sizeof *q->live);
    }
    q->live[q->nlive].ptr = a;
    q->live[q->nlive].len = n;
    q->live[q->nlive].cap = g.cap;
    q->nlive++;
}

static void free_one(Pool *q, int64_t k) {
    Span s = q->live[k];
    if (find(q, s.ptr, s.len, s.cap) < 0)
        fail(q, "live span not found before free", s.ptr - q->p.base, s.len);
    gs_spans_free(&site, &q->p, s.ptr, s.len, s.cap, q->esz);
    q->live[k] = q->live[--q->nlive];
    q->dead[q->ndead++ % 256] = s;
}

static void verify(Pool *q) {
    int64_t k, base_tail = q->p.len;
    /* the span tree is the first member of gs_pool.c's private state */
    const char *e = gs_span_tree_check((const gs_span_tree *)(const void *)q->p.st);
    if (e)
        fail(q, e, 0, 0);
    for (k = 0; k < q->nlive; k++) {
        Span s = q->live[k];
        int64_t off = (s.ptr - q->p.base) / GS_SPAN_UNIT;
        if ((s.ptr - q->p.base) % GS_SPAN_UNIT != 0)
            fail(q, "span not on a granule", s.ptr - q->p.base, s.len);
        if (find(q, s.ptr, s.len, s.cap) != off || find(q, s.ptr, s.len, GS_SPAN_CAP(s.len)) != off)
            fail(q, "live span not found", off, s.len);
        if (find(q, s.ptr, s.len + 1, GS_SPAN_CAP(s.len + 1)) >= 0)
            fail(q, "one element longer accepted", off, s.len);
        if (s.len > 1 && find(q, s.ptr, s.len - 1, GS_SPAN_CAP(s.len - 1)) >= 0)
            fail(q, "one element shorter accepted", off, s.len);
        if (s.len > 1 && find(q, s.ptr + q->esz, s.len - 1, GS_SPAN_CAP(s.len - 1)) >= 0)
            fail(q, "sub-slice accepted", off, s.len);
        if (find(q, s.ptr, s.len, s.len) >= 0)
            fail(q, "slice without GS_OWN_BIT accepted", off, s.len);
        if (find(q, s.ptr + 1, s.len, GS_SPAN_CAP(s.len)) >= 0)
            fail(q, "pointer off a granule accepted", off, s.len);
    }
    for (k = 0; k < (q->ndead < 256 ? q->ndead : 256); k++) {
        Span s = q->dead[k];
        int64_t off = (s.ptr - q->p.base) / GS_SPAN_UNIT, j, ok = 0;
        for (j = 0; j < q->nlive && !ok; j++)
            ok = q->live[j].ptr == s.ptr && q->live[j].len == s.len;
        if (!ok && find(q, s.ptr, s.len, GS_SPAN_CAP(s.len)) >= 0)
            fail(q, "freed span accepted", off, s.len);
        if (find(q, s.ptr, s.len, s.cap) >= 0) /* its own header: stale by its tag */
            fail(q, "freed span's own header accepted", off, s.len);
    }
    if (find(q, q->p.base + ((size_t)base_tail * q->esz + GS_SPAN_UNIT - 1) / GS_SPAN_UNIT * GS_SPAN_UNIT, 1,
             GS_SPAN_CAP(1)) >= 0)
        fail(q, "slice at the tail accepted", base_tail, 1);
}

/* Churn at up to `target` live spans of 1..maxlen elements, then free all. */
static void churn(const char *name, size_t esz, int64_t target, int64_t maxlen, int64_t ops) {
    Pool q;
    int64_t i;
    memset(&q, 0, sizeof q);
    q.esz = esz;
    q.dead = (Span *)calloc(256, sizeof(Span));
    for (i = 0; i < ops && !q.bad; i++) {
        bool grow = q.nlive < target / 2 || (q.nlive < target && next() % 2);
        if (grow || q.nlive == 0)
            alloc_one(&q, 1 + (int64_t)(next() % (uint64_t)maxlen));
        else
            free_one(&q, (int64_t)(next() % (uint64_t)q.nlive));
        if (i % (ops / 8) == ops / 8 - 1)
            verify(&q);
    }
    while (q.nlive > 0 && !q.bad)
        free_one(&q, (int64_t)(next() % (uint64_t)q.nlive));
    if (!q.bad) {
        verify(&q);
        if (q.p.len != 0)
            fail(&q, "tail not back at 0 after freeing everything", q.p.len, 0);
    }
    if (q.bad)
        printf("  %s\n", q.why);
    check(name, !q.bad);
    gs_spans_destroy(&q.p);
    free(q.live);
    free(q.dead);
}

/* In a fresh pool of 16-byte elements (one granule each): a freed span of
 * 8 whose range now holds two live spans of 4, then a span of 4 inside a
 * free span of 8, then a header of a span freed and handed out again at
 * the same place with the same length: found only as stale (-2). */
static void stale(void) {
    Pool q;
    uint8_t *a;
    int64_t old;
    memset(&q, 0, sizeof q);
    q.esz = GS_SPAN_UNIT;
    q.dead = (Span *)calloc(256, sizeof(Span));
    alloc_one(&q, 8);                  /* [0, 8) */
    alloc_one(&q, 1);                  /* [8, 9): keeps the tail away */
    a = q.live[0].ptr;
    free_one(&q, 0);                   /* live: [8, 9) */
    alloc_one(&q, 4);                  /* [0, 4) */
    alloc_one(&q, 4);                  /* [4, 8) */
    if (q.live[1].ptr != a || q.live[2].ptr != a + 4 * GS_SPAN_UNIT)
        fail(&q, "not placed first fit", q.live[1].ptr - a, q.live[2].ptr - a);
    if (find(&q, a, 8, GS_SPAN_CAP(8)) >= 0)
        fail(&q, "stale span over two live spans accepted", 0, 8);
    verify(&q);
    free_one(&q, 2);
    free_one(&q, 1);                   /* [0, 8) free again */
    if (find(&q, a, 4, GS_SPAN_CAP(4)) >= 0 || find(&q, a + 4 * GS_SPAN_UNIT, 4, GS_SPAN_CAP(4)) >= 0)
        fail(&q, "span inside a free span accepted", 0, 4);
    verify(&q);
    alloc_one(&q, 8);                  /* [0, 8) again */
    old = q.live[q.nlive - 1].cap;
    free_one(&q, q.nlive - 1);
    alloc_one(&q, 8);                  /* [0, 8) once more, a newer tag */
    if (q.live[q.nlive - 1].ptr != a || find(&q, a, 8, old) != -2 || find(&q, a, 8, q.live[q.nlive - 1].cap) != 0)
        fail(&q, "stale header of a span handed out again not told apart", find(&q, a, 8, old), 8);
    free_one(&q, q.nlive - 1);
    free_one(&q, 0);
    if (q.p.len != 0)
        fail(&q, "tail not back at 0", q.p.len, 0);
    if (q.bad)
        printf("  %s\n", q.why);
    check("stale slices over live and free spans", !q.bad);
    gs_spans_destroy(&q.p);
    free(q.live);
    free(q.dead);
}

/* Three stable slices of 24-byte elements: distinct offsets modulo the
 * page (4096), 64-byte aligned; grown twice, each keeps its pointer and
 * its elements, and its new capacity is writable. */
static void stable_offsets(void) {
    uint8_t *p[3];
    int64_t cap[3];
    bool ok = true;
    for (int k = 0; k < 3; k++) {
        gs_grow g = gs_stable_grow(NULL, 0, 0, 24);
        p[k] = (uint8_t *)g.ptr;
        cap[k] = g.cap;
        ok &= ((uintptr_t)p[k] & 63) == 0 && cap[k] >= 1;
        p[k][0] = (uint8_t)(k + 1);
    }
    for (int i = 0; i < 3; i++)
        for (int j = i + 1; j < 3; j++)
            ok &= ((uintptr_t)p[i] & 4095) != ((uintptr_t)p[j] & 4095);
    for (int round = 0; round < 2; round++)
        for (int k = 0; k < 3; k++) {
            gs_grow g = gs_stable_grow(p[k], cap[k], cap[k], 24);
            ok &= g.ptr == (void *)p[k] && g.cap > cap[k] && p[k][0] == (uint8_t)(k + 1);
            cap[k] = g.cap;
            p[k][cap[k] * 24 - 1] = 1;
        }
    check("stable slices: distinct page offsets, growth in place", ok);
}

int main(void) {
    stable_offsets();
    stale();
    churn("u8 spans, 3k live, 1..24 elements", 1, 3000, 24, 200000);
    churn("u8 spans, 40k live, 1..16 elements (many record pages)", 1, 40000, 16, 300000);
    churn("8-byte spans, 5k live, 1..600 elements (page-crossing zeroing)", 8, 5000, 600, 60000);
    churn("24-byte spans, 2k live, 1..40 elements", 24, 2000, 40, 100000);
    printf("%d passed, %d failed\n", n_pass, n_fail);
    return n_fail ? 1 : 0;
}
