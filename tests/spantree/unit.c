/* unit.c — directed tests of gs_span_tree and gs_region: each case builds a
 * small situation by hand and checks the exact placements, merged spans,
 * tail moves, node recycling, failure injection, lengths past 2^31 and the
 * conversion to 64-bit nodes, and the
 * region's commit / zero / give-back behaviour (page residency read back
 * with mincore). The random differential test is diff.c. The last line
 * names the variant that ran; with --want VARIANT a run on another one is
 * a skip or a failure (variant.h).
 * Not for: timing (bench/spantree). */
#ifndef _DEFAULT_SOURCE
#define _DEFAULT_SOURCE /* mincore */
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "gs_span_tree.h"
#include "testalloc.h"
#include "variant.h"

static int failures;

#define CHECK(cond)                                                                                \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond);               \
            failures++;                                                                            \
        }                                                                                          \
    } while (0)

#define CHECK_TREE(t)                                                                              \
    do {                                                                                           \
        const char *e_ = gs_span_tree_check(t);                                                    \
        if (e_) {                                                                                  \
            fprintf(stderr, "%s:%d: tree invalid: %s\n", __FILE__, __LINE__, e_);                  \
            failures++;                                                                            \
        }                                                                                          \
    } while (0)

/* ---- helpers ---- */

typedef struct spans {
    gs_span s[64];
    int n;
} spans;

static void spans_add(void *ctx, gs_span sp) {
    spans *l = (spans *)ctx;
    if (l->n < 64)
        l->s[l->n] = sp;
    l->n++;
}

static spans list(const gs_span_tree *t) {
    spans l;
    l.n = 0;
    gs_span_tree_visit(t, spans_add, &l);
    return l;
}

/* The free spans are exactly the (off, len) pairs given, ended by -1. */
static int same_spans(const gs_span_tree *t, const int64_t *want) {
    spans l = list(t);
    int i;
    for (i = 0; want[2 * i] >= 0; i++)
        if (i >= l.n || l.s[i].off != want[2 * i] || l.s[i].len != want[2 * i + 1])
            return 0;
    return i == l.n;
}

/* ---- the tree ---- */

static void test_basics(void) {
    gs_span_tree t;
    gs_span m;
    gs_span_tree_init(&t);
    CHECK(gs_span_tree_alloc(&t, 0) == -1);
    CHECK(gs_span_tree_alloc(&t, 10) == 0);
    CHECK(gs_span_tree_alloc(&t, 20) == 10);
    CHECK(gs_span_tree_alloc(&t, 5) == 30);
    CHECK(t.tail == 35);
    /* a hole in the middle */
    CHECK(gs_span_tree_free(&t, 10, 20, &m));
    CHECK(m.off == 10 && m.len == 20);
    CHECK(same_spans(&t, (const int64_t[]){ 10, 20, -1 }));
    CHECK(gs_span_tree_largest(&t) == 20);
    /* first fit carves its front */
    CHECK(gs_span_tree_alloc(&t, 15) == 10);
    CHECK(same_spans(&t, (const int64_t[]){ 25, 5, -1 }));
    /* too big for the hole: the tail */
    CHECK(gs_span_tree_alloc(&t, 6) == 35);
    CHECK(t.tail == 41);
    CHECK_TREE(&t);
    /* [0,10) freed: no neighbour is free */
    CHECK(gs_span_tree_free(&t, 0, 10, &m));
    CHECK(m.off == 0 && m.len == 10);
    CHECK(same_spans(&t, (const int64_t[]){ 0, 10, 25, 5, -1 }));
    /* [30,35) joins [25,30); [35,41) then joins it and reaches the tail */
    CHECK(gs_span_tree_free(&t, 30, 5, &m));
    CHECK(m.off == 25 && m.len == 10);
    CHECK(gs_span_tree_free(&t, 35, 6, &m));
    CHECK(m.off == 25 && m.len == 16 && t.tail == 25);
    CHECK(same_spans(&t, (const int64_t[]){ 0, 10, -1 }));
    /* [10,25) joins both sides: [0,10) and the tail */
    CHECK(gs_span_tree_free(&t, 10, 15, &m));
    CHECK(m.off == 0 && m.len == 25 && t.tail == 0);
    CHECK(t.root == NULL && t.nspans == 0 && t.nfree == 0);
    CHECK_TREE(&t);
    gs_span_tree_destroy(&t);
}

static void test_coalesce_both(void) {
    gs_span_tree t;
    gs_span m;
    gs_span_tree_init(&t);
    CHECK(gs_span_tree_alloc(&t, 4) == 0);
    CHECK(gs_span_tree_alloc(&t, 4) == 4);
    CHECK(gs_span_tree_alloc(&t, 4) == 8);
    CHECK(gs_span_tree_alloc(&t, 4) == 12);
    CHECK(gs_span_tree_free(&t, 0, 4, &m));
    CHECK(gs_span_tree_free(&t, 8, 4, &m));
    CHECK(same_spans(&t, (const int64_t[]){ 0, 4, 8, 4, -1 }));
    CHECK(gs_span_tree_free(&t, 4, 4, &m));
    CHECK(m.off == 0 && m.len == 12);
    CHECK(same_spans(&t, (const int64_t[]){ 0, 12, -1 }));
    CHECK(!gs_span_tree_overlaps_free(&t, 12, 4));
    CHECK(gs_span_tree_overlaps_free(&t, 11, 2));
    CHECK(gs_span_tree_overlaps_free(&t, 12, 5)); /* past the tail */
    CHECK(gs_span_tree_overlaps_free(&t, -1, 1));
    CHECK(!gs_span_tree_overlaps_free(&t, 16, 0));
    CHECK_TREE(&t);
    gs_span_tree_destroy(&t);
}

static void test_resize(void) {
    gs_span_tree t;
    gs_span m;
    gs_span_tree_init(&t);
    CHECK(gs_span_tree_alloc(&t, 10) == 0);
    CHECK(gs_span_tree_alloc(&t, 10) == 10);
    CHECK(gs_span_tree_alloc(&t, 10) == 20);
    CHECK(gs_span_tree_free(&t, 10, 10, &m));
    /* grow into the free span after it, partly then wholly */
    CHECK(gs_span_tree_resize_in_place(&t, 0, 10, 14, &m) && m.len == 0);
    CHECK(same_spans(&t, (const int64_t[]){ 14, 6, -1 }));
    CHECK(!gs_span_tree_resize_in_place(&t, 0, 14, 21, &m));
    CHECK(gs_span_tree_resize_in_place(&t, 0, 14, 20, &m));
    CHECK(t.root == NULL);
    /* grow at the tail, and past a limit */
    CHECK(gs_span_tree_resize_in_place(&t, 20, 10, 15, &m) && t.tail == 35);
    /* shrink: the rest is freed and returns to the tail */
    CHECK(gs_span_tree_resize_in_place(&t, 20, 15, 5, &m));
    CHECK(m.off == 25 && m.len == 10 && t.tail == 25);
    /* shrink in the middle: the rest becomes a free span */
    CHECK(gs_span_tree_resize_in_place(&t, 0, 20, 8, &m));
    CHECK(m.off == 8 && m.len == 12);
    CHECK(same_spans(&t, (const int64_t[]){ 8, 12, -1 }));
    CHECK(!gs_span_tree_resize_in_place(&t, 0, 8, 0, &m));
    CHECK_TREE(&t);
    gs_span_tree_destroy(&t);
}

static void test_limit(void) {
    gs_span_tree t;
    gs_span_allocator mem;
    st_alloc a;
    gs_span m;
    st_alloc_init(&a);
    mem = st_alloc_hooks(&a);
    gs_span_tree_init_with(&t, &mem, 100);
    CHECK(gs_span_tree_alloc(&t, 101) == -1);
    CHECK(gs_span_tree_alloc(&t, 60) == 0);
    CHECK(gs_span_tree_alloc(&t, 41) == -1 && t.tail == 60);
    CHECK(gs_span_tree_alloc(&t, 40) == 60);
    CHECK(!gs_span_tree_resize_in_place(&t, 60, 40, 41, &m));
    CHECK(gs_span_tree_free(&t, 0, 60, &m));
    CHECK(gs_span_tree_alloc(&t, 61) == -1);
    CHECK(gs_span_tree_alloc(&t, 60) == 0);
    CHECK_TREE(&t);
    gs_span_tree_destroy(&t);
    CHECK(a.live == 0);
}

/* Many separate holes: the tree grows several levels; freeing the rest
 * coalesces everything back to the tail, collapsing the root on the way,
 * and every node goes back to the allocator on destroy. */
static void test_grow_and_collapse(void) {
    enum { N = 20000 };
    gs_span_tree t;
    gs_span_allocator mem;
    st_alloc a;
    gs_span m;
    int64_t i;
    int32_t max_height = 0;
    st_alloc_init(&a);
    mem = st_alloc_hooks(&a);
    gs_span_tree_init_with(&t, &mem, INT64_MAX);
    for (i = 0; i < N; i++)
        CHECK(gs_span_tree_alloc(&t, 3) == 3 * i);
    for (i = 0; i < N; i += 2) { /* every other span: N/2 holes */
        CHECK(gs_span_tree_free(&t, 3 * i, 3, &m));
        max_height = t.height > max_height ? t.height : max_height;
    }
    CHECK(t.nspans == N / 2 && max_height >= 2);
    CHECK_TREE(&t);
    /* first fit takes the lowest hole */
    CHECK(gs_span_tree_alloc(&t, 3) == 0);
    CHECK(gs_span_tree_alloc(&t, 4) == 3 * N);
    CHECK(gs_span_tree_free(&t, 3 * N, 4, &m) && t.tail == 3 * N);
    CHECK(gs_span_tree_free(&t, 0, 3, &m));
    for (i = N - 1; i >= 1; i -= 2) { /* from the top: each free merges and pulls the tail */
        CHECK(gs_span_tree_free(&t, 3 * i, 3, &m));
        CHECK(t.tail == 3 * (i - 1));
        if (i % 1001 == 0)
            CHECK_TREE(&t);
    }
    CHECK(t.tail == 0 && t.root == NULL && t.nnodes == 0);
    CHECK(t.nspare[0] <= 64 && t.nspare[1] <= 64);
    CHECK_TREE(&t);
    st_alloc_verify(&a);
    gs_span_tree_destroy(&t);
    CHECK(a.live == 0);
}

/* A free that needs a node when none can be had changes nothing: the
 * spares are topped up before every insertion, so once a split has used
 * some, the next hole-making free must allocate, and is refused. */
static void test_fail_after_n(void) {
    gs_span_tree t;
    gs_span_allocator mem;
    st_alloc a;
    gs_span m;
    int64_t i, refused = 0;
    spans before, after;
    st_alloc_init(&a);
    mem = st_alloc_hooks(&a);
    gs_span_tree_init_with(&t, &mem, INT64_MAX);
    for (i = 0; i < 400; i++)
        gs_span_tree_alloc(&t, 1);
    a.fail_after = 0;
    CHECK(!gs_span_tree_free(&t, 10, 1, &m)); /* the first node: refused */
    CHECK(t.root == NULL && a.failures == 1);
    a.fail_after = -1;
    for (i = 0; i < 400; i += 4)
        CHECK(gs_span_tree_free(&t, i, 1, &m));
    a.fail_after = 0;
    before = list(&t);
    for (i = 2; i < 400; i += 4) {
        bool ok = gs_span_tree_free(&t, i, 1, &m);
        CHECK_TREE(&t);
        after = list(&t);
        if (!ok) {
            refused++;
            CHECK(after.n == before.n && !gs_span_tree_overlaps_free(&t, i, 1));
        } else {
            CHECK(after.n == before.n + 1);
        }
        before = after;
    }
    CHECK(refused > 0);
    a.fail_after = -1;
    for (i = 2; i < 400; i += 4)
        if (!gs_span_tree_overlaps_free(&t, i, 1))
            CHECK(gs_span_tree_free(&t, i, 1, &m));
    CHECK(t.nspans == 200);
    CHECK_TREE(&t);
    st_alloc_verify(&a);
    gs_span_tree_destroy(&t);
    CHECK(a.live == 0);
}

/* Lengths past 2^24 (the floats' exact range) and 2^31. */
static void test_huge_spans(void) {
    const int64_t G = (int64_t)1 << 30;
    gs_span_tree t;
    gs_span m;
    gs_span_tree_init(&t);
    CHECK(gs_span_tree_alloc(&t, 3 * G) == 0);        /* [0, 3G) */
    CHECK(gs_span_tree_alloc(&t, 1) == 3 * G);        /* separator */
    CHECK(gs_span_tree_alloc(&t, 5 * G) == 3 * G + 1); /* [3G+1, 8G+1) */
    CHECK(gs_span_tree_alloc(&t, 1) == 8 * G + 1);
    CHECK(gs_span_tree_alloc(&t, (1 << 24) + 3) == 8 * G + 2);
    CHECK(gs_span_tree_alloc(&t, 1) == 8 * G + 2 + (1 << 24) + 3);
    CHECK(gs_span_tree_free(&t, 0, 3 * G, &m));
    CHECK(gs_span_tree_free(&t, 3 * G + 1, 5 * G, &m));
    CHECK(gs_span_tree_free(&t, 8 * G + 2, (1 << 24) + 3, &m));
    CHECK(gs_span_tree_largest(&t) == 5 * G);
    CHECK(gs_span_tree_alloc(&t, 4 * G) == 3 * G + 1);   /* past 2^31: exact compare */
    CHECK(gs_span_tree_alloc(&t, (1 << 24) + 2) == 0);    /* both holes fit: the lower */
    CHECK(gs_span_tree_alloc(&t, 3 * G) == 8 * G + 3 + (1 << 24) + 3); /* none fits: tail */
    CHECK(gs_span_tree_largest(&t) == 3 * G - (1 << 24) - 2);
    CHECK_TREE(&t);
    gs_span_tree_destroy(&t);
}

/* A tree holds int32 offsets and lengths until a free must store a span
 * ending past 2^31 - 256; it is then converted, same shape, to int64
 * (t.wide), and goes back to int32 when emptied. The conversion allocates
 * a copy of every node: when that fails, the free fails and nothing
 * changes. */
static void widen_case(int fail) {
    enum { N = 3000 };
    const int64_t G = (int64_t)1 << 30;
    gs_span_tree t;
    gs_span_allocator mem;
    st_alloc a;
    gs_span m;
    spans before;
    int64_t i, big;
    st_alloc_init(&a);
    mem = st_alloc_hooks(&a);
    gs_span_tree_init_with(&t, &mem, INT64_MAX);
    for (i = 0; i < N; i++)
        CHECK(gs_span_tree_alloc(&t, 3) == 3 * i);
    for (i = 0; i < N; i += 2) /* N/2 holes: a tree of several levels */
        CHECK(gs_span_tree_free(&t, 3 * i, 3, &m));
    CHECK(t.wide == 0 && t.height >= 1);
    big = gs_span_tree_alloc(&t, 2 * G); /* ends past 2^31 */
    CHECK(big == 3 * N);
    CHECK(gs_span_tree_alloc(&t, 4) == 3 * N + 2 * G); /* keeps it off the tail (no hole holds 4) */
    before = list(&t);
    if (fail) {
        int64_t nodes = t.nnodes;
        a.fail_after = 3; /* the copy runs out part way */
        CHECK(!gs_span_tree_free(&t, big, 2 * G, &m));
        CHECK(t.wide == 0 && t.nnodes == nodes && t.nspans == N / 2);
        CHECK(list(&t).n == before.n && !gs_span_tree_overlaps_free(&t, big, 2 * G));
        CHECK_TREE(&t);
        st_alloc_verify(&a);
        a.fail_after = -1;
    }
    CHECK(gs_span_tree_free(&t, big, 2 * G, &m));
    CHECK(m.off == big && m.len == 2 * G);
    CHECK(t.wide == 1 && t.nspans == N / 2 + 1);
    CHECK_TREE(&t);
    CHECK(gs_span_tree_largest(&t) == 2 * G);
    /* first fit still takes the lowest hole, and the big one when needed */
    CHECK(gs_span_tree_alloc(&t, 3) == 0);
    CHECK(gs_span_tree_alloc(&t, 4) == big);
    CHECK(gs_span_tree_alloc(&t, G) == big + 4);
    CHECK(gs_span_tree_overlaps_free(&t, big + 4 + G, 1) && !gs_span_tree_overlaps_free(&t, big + 3, 1));
    CHECK_TREE(&t);
    /* everything back: the tail returns to 0 and the tree empties */
    CHECK(gs_span_tree_free(&t, 0, 3, &m));
    CHECK(gs_span_tree_free(&t, big, 4, &m));
    CHECK(gs_span_tree_free(&t, big + 4, G, &m));
    CHECK(gs_span_tree_free(&t, 3 * N + 2 * G, 4, &m));
    for (i = 1; i < N; i += 2)
        CHECK(gs_span_tree_free(&t, 3 * i, 3, &m));
    CHECK(t.tail == 0 && t.root == NULL && t.nnodes == 0);
    CHECK_TREE(&t);
    /* the next insertion is narrow again */
    CHECK(gs_span_tree_alloc(&t, 10) == 0 && gs_span_tree_alloc(&t, 10) == 10);
    CHECK(gs_span_tree_free(&t, 0, 10, &m));
    CHECK(t.wide == 0 && t.nspans == 1);
    CHECK_TREE(&t);
    st_alloc_verify(&a);
    gs_span_tree_destroy(&t);
    CHECK(a.live == 0);
}

static void test_widen(void) {
    widen_case(0);
    widen_case(1);
}

/* ---- the region ---- */

static int resident(const gs_region *r, size_t off) {
    unsigned char v = 0;
    if (mincore(r->base + off / r->page * r->page, r->page, &v) != 0)
        return -1;
    return v & 1;
}

static int all_zero(const uint8_t *p, size_t n) {
    size_t i;
    for (i = 0; i < n; i++)
        if (p[i])
            return 0;
    return 1;
}

static void test_region(void) {
    gs_region r;
    size_t pg;
    CHECK(gs_region_init(&r, (size_t)1 << 32));
    pg = r.page;
    CHECK(r.committed == 0 && r.reserved == (size_t)1 << 32);
    CHECK(gs_region_commit(&r, 100 * pg));
    CHECK(r.committed >= 100 * pg && r.committed % pg == 0);
    CHECK(all_zero(r.base, 100 * pg));
    CHECK(!gs_region_commit(&r, ((size_t)1 << 32) + 1));
    /* dirty 64 pages, zero a slice of them */
    gs_region_dirty(&r, 0, 64 * pg); /* handed out, then written */
    memset(r.base, 0xAB, 64 * pg);
    gs_region_zero(&r, 100, 3 * pg);
    CHECK(r.base[99] == 0xAB && all_zero(r.base + 100, 3 * pg) && r.base[100 + 3 * pg] == 0xAB);
    /* give back whole pages only: [pg/2, 40.5 pg) keeps its partial pages.
     * (Residency first: reading a given-back page maps the zero page.) */
    gs_region_release(&r, pg / 2, 40 * pg + pg / 2);
    CHECK(r.released == 39);
    CHECK(resident(&r, 10 * pg) == 0 && resident(&r, 0) == 1);
    /* zeroing pages known to be zero does not touch (fault in) them */
    gs_region_zero(&r, 2 * pg, 10 * pg);
    CHECK(resident(&r, 5 * pg) == 0);
    CHECK(r.base[50] == 0xAB && r.base[40 * pg] == 0xAB);
    CHECK(all_zero(r.base + pg, 39 * pg));
    /* ...but they are no longer known zero: a second zero writes */
    r.base[5 * pg] = 7;
    gs_region_zero(&r, 5 * pg, 1);
    CHECK(r.base[5 * pg] == 0);
    gs_region_destroy(&r);
}

static void test_region_policy(void) {
    gs_region r;
    size_t pg, big;
    CHECK(gs_region_init(&r, (size_t)1 << 30));
    r.keep = 0; /* every release at once; retention is test_region_keep */
    pg = r.page;
    big = r.release_min;
    CHECK(gs_region_commit(&r, 4 * big));
    gs_region_dirty(&r, 0, 4 * big);
    memset(r.base, 0x5A, 4 * big);
    /* a small free span keeps its pages */
    gs_region_after_free(&r, 0, big - 1, 0, big - 1);
    CHECK(r.released == 0 && r.base[pg] == 0x5A);
    /* a large one gives back its whole pages */
    gs_region_after_free(&r, 10, 2 * big + 10, 10, 2 * big + 10);
    CHECK(r.released == 2 * big / pg - 1);
    CHECK(r.base[9] == 0x5A && all_zero(r.base + pg, 2 * big - pg));
    /* a small free beside it scans only its own pages (and they are released) */
    gs_region_zero(&r, 2 * big + pg, pg);
    memset(r.base + 2 * big + pg, 0x5A, pg);
    gs_region_after_free(&r, 10, 3 * big, 2 * big + 10, 3 * big);
    CHECK(all_zero(r.base + 2 * big, big));
    gs_region_destroy(&r);
}

/* Frees in address order grow one hole a few bytes at a time: its pages
 * wait and go back once the waiting runs pass `keep` bytes, never while
 * handed out again. */
static void test_region_keep(void) {
    gs_region r;
    size_t pg, at, step = 96, keep;
    CHECK(gs_region_init(&r, (size_t)1 << 30));
    pg = r.page;
    r.keep = keep = (size_t)1 << 20; /* small, to keep the test's memory small */
    CHECK(keep >= 16 * pg);
    CHECK(gs_region_commit(&r, 4 * keep));
    gs_region_dirty(&r, 0, 4 * keep);
    memset(r.base, 0x5A, 4 * keep);
    /* the hole [0, at) grows; nothing goes back until the run is keep long */
    for (at = step; at < r.release_min + keep / 2; at += step)
        gs_region_after_free(&r, 0, at, at - step, at);
    CHECK(r.released == 0 && r.pend_hi > r.pend_lo && r.pend_bytes == r.pend_hi - r.pend_lo);
    CHECK(r.base[pg] == 0x5A);
    for (; at < r.release_min + 2 * keep; at += step)
        gs_region_after_free(&r, 0, at, at - step, at);
    CHECK(r.released >= keep / pg && r.released <= (at + pg) / pg);
    CHECK(all_zero(r.base + pg, keep - pg));
    /* handing out bytes inside a waiting run takes them out of it */
    CHECK(r.pend_hi > r.pend_lo);
    {
        size_t lo = r.pend_lo, hi = r.pend_hi, mid = lo + (hi - lo) / 2;
        gs_region_zero(&r, mid, 10);
        memset(r.base + mid, 0x77, 10);
        CHECK(r.pend_hi <= mid || r.pend_lo >= mid + 10);
        gs_region_flush(&r);
        CHECK(r.base[mid] == 0x77 && r.base[mid + 9] == 0x77);
        CHECK(r.pend_lo == r.pend_hi && r.pend_bytes == 0);
    }
    gs_region_destroy(&r);
}

/* Free spans in different places wait side by side, each resident until
 * the waiting runs pass `keep` bytes; then the oldest goes back first. A
 * span handed out again from a waiting run needs no page fault, and a new
 * free that touches a waiting run joins it. */
static void test_region_runs(void) {
    gs_region r;
    size_t span, i;
    CHECK(gs_region_init(&r, (size_t)1 << 30));
    span = 4 * r.release_min;
    r.keep = 3 * span;
    CHECK(gs_region_commit(&r, 16 * span));
    gs_region_dirty(&r, 0, 16 * span);
    memset(r.base, 0x5A, 16 * span);
    /* three free spans with live bytes between them: all three wait */
    for (i = 0; i < 3; i++)
        gs_region_after_free(&r, 2 * i * span, (2 * i + 1) * span, 2 * i * span, (2 * i + 1) * span);
    CHECK(r.released == 0 && r.pend_bytes == 3 * span);
    CHECK(r.base[0] == 0x5A && r.base[4 * span] == 0x5A);
    /* a fourth passes keep: the oldest (at 0) goes back, the others stay */
    gs_region_after_free(&r, 6 * span, 7 * span, 6 * span, 7 * span);
    CHECK(r.released == span / r.page && all_zero(r.base, span));
    CHECK(r.base[2 * span] == 0x5A && r.base[6 * span] == 0x5A && r.pend_bytes == 3 * span);
    /* handed out again: out of the waiting runs, still resident */
    gs_region_dirty(&r, 2 * span, span);
    CHECK(r.pend_bytes == 2 * span && r.base[2 * span + 100] == 0x5A);
    /* the bytes between two waiting runs freed: one run */
    gs_region_after_free(&r, 4 * span, 7 * span, 5 * span, 6 * span);
    CHECK(r.pend_bytes == 3 * span && r.pend_lo == 4 * span && r.pend_hi == 7 * span && r.released == span / r.page);
    gs_region_flush(&r);
    CHECK(r.pend_bytes == 0 && all_zero(r.base + 4 * span, 3 * span));
    gs_region_destroy(&r);
}

int main(int argc, char **argv) {
    const char *want = st_want(argc, argv);
    if (argc != 1 && !(argc == 3 && want)) {
        fprintf(stderr, "usage: unit [--want VARIANT]\n");
        return 2;
    }
    test_region_keep();
    test_region_runs();
    test_basics();
    test_coalesce_both();
    test_resize();
    test_limit();
    test_grow_and_collapse();
    test_fail_after_n();
    test_huge_spans();
    test_widen();
    test_region();
    test_region_policy();
    return st_finish("spantree unit", failures, want);
}
