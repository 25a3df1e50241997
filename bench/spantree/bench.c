/* bench.c — the span tree on its own: random free+alloc pairs of 1..1024
 * units at a fixed number of live spans, in ns per pair, beside the same
 * workload on glibc malloc/free, on an O(1) bucketed offset allocator
 * (offset_alloc.h: a reference point, not first fit) and on a null tree
 * (the harness alone).
 * One process measures one arm at one size;
 * run.py interleaves processes (arms, node orders) and takes medians.
 *
 * A pair: pick a random live span, free it, allocate a new random size
 * 1..1024 and keep it in the same slot. Before timing, the live set is
 * built by allocation and then churned with 2 x live pairs so the free
 * spans reach their fragmented steady state. Sizes and slots are drawn
 * before the clock starts, so the timed loop is the allocator and nothing
 * else. The timed loop is the function bench_pairs_*, so
 *   valgrind --tool=callgrind --toggle-collect='bench_pairs_*' ./bench ...
 * counts only its instructions (run.py --callgrind does this).
 * Not for: checking correctness (tests/spantree does), the pools' zeroing
 * or page handling (gs_region).
 *
 * usage: bench tree|offset|null|malloc LIVE [PAIRS] [SEED]
 *        bench offset-check LIVE [PAIRS] [SEED]   (offset_alloc.h's self-check)
 * prints: arm live pairs ns_per_pair free_spans height checksum */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "gs_span_tree.h"
#include "offset_alloc.h"

typedef struct pair {
    uint32_t slot, size;
} pair;

static uint64_t rng_state;

static uint64_t rng(void) {
    uint64_t z = (rng_state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static pair *make_pairs(int64_t n, int64_t live) {
    pair *p = (pair *)malloc((size_t)n * sizeof *p);
    int64_t i;
    for (i = 0; i < n; i++) {
        p[i].slot = (uint32_t)(rng() % (uint64_t)live);
        p[i].size = (uint32_t)(1 + rng() % 1024);
    }
    return p;
}

static double now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts); /* CPU time: the machine is shared */
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

/* ---- the span tree arm ---- */

/* The timed loop over a tree API (FREE, ALLOC): the tree arm and the null
 * arm below run the same code around different calls. */
#define PAIRS_LOOP(FREE, ALLOC)                                              \
    int64_t i, sum = 0;                                                      \
    for (i = 0; i < n; i++) {                                                \
        gs_span *s = &live[p[i].slot];                                       \
        FREE(t, s->off, s->len, NULL);                                       \
        s->len = p[i].size;                                                  \
        s->off = ALLOC(t, s->len);                                           \
        sum += s->off;                                                       \
    }                                                                        \
    return sum

static inline int64_t pairs_tree(gs_span_tree *t, gs_span *live, const pair *p, int64_t n) {
    PAIRS_LOOP(gs_span_tree_free, gs_span_tree_alloc);
}

/* Two copies of the loop so callgrind can count the timed one alone. */
__attribute__((noinline)) int64_t bench_warm_tree(gs_span_tree *t, gs_span *live, const pair *p, int64_t n) {
    return pairs_tree(t, live, p, n);
}

__attribute__((noinline)) int64_t bench_pairs_tree(gs_span_tree *t, gs_span *live, const pair *p, int64_t n) {
    return pairs_tree(t, live, p, n);
}

static double run_tree(int64_t nlive, int64_t npairs, int64_t *sum, int64_t *spans, int *height) {
    gs_span_tree t;
    gs_span *live = (gs_span *)malloc((size_t)nlive * sizeof *live);
    pair *warm = make_pairs(2 * nlive, nlive), *timed = make_pairs(npairs, nlive);
    int64_t i;
    double t0, t1;
    gs_span_tree_init(&t);
    for (i = 0; i < nlive; i++) {
        live[i].len = (int64_t)(1 + rng() % 1024);
        live[i].off = gs_span_tree_alloc(&t, live[i].len);
    }
    bench_warm_tree(&t, live, warm, 2 * nlive);
    t0 = now_ns();
    *sum = bench_pairs_tree(&t, live, timed, npairs);
    t1 = now_ns();
    *spans = t.nspans;
    *height = t.root ? t.height + 1 : 0;
    if (gs_span_tree_check(&t)) {
        fprintf(stderr, "bench: tree invalid: %s\n", gs_span_tree_check(&t));
        exit(1);
    }
    gs_span_tree_destroy(&t);
    free(live);
    free(warm);
    free(timed);
    return (t1 - t0) / (double)npairs;
}

/* ---- the null arm: the harness alone ----
 * The same loop, live-span bookkeeping and checksum with a stand-in for the
 * tree that does no work (a call that hands out a fixed offset), so that
 * tree minus null is the tree's own cost. The stand-ins are not inlined:
 * the tree arm pays two calls per pair too. */

__attribute__((noinline)) bool null_free(gs_span_tree *t, int64_t off, int64_t n, gs_span *merged) {
    __asm__ volatile("" ::"r"(t), "r"(off), "r"(n), "r"(merged) : "memory");
    return true;
}

__attribute__((noinline)) int64_t null_alloc(gs_span_tree *t, int64_t n) {
    __asm__ volatile("" ::"r"(t), "r"(n) : "memory");
    return n;
}

static inline int64_t pairs_null(gs_span_tree *t, gs_span *live, const pair *p, int64_t n) {
    PAIRS_LOOP(null_free, null_alloc);
}

__attribute__((noinline)) int64_t bench_pairs_null(gs_span_tree *t, gs_span *live, const pair *p, int64_t n) {
    return pairs_null(t, live, p, n);
}

static double run_null(int64_t nlive, int64_t npairs, int64_t *sum) {
    gs_span_tree t;
    gs_span *live = (gs_span *)malloc((size_t)nlive * sizeof *live);
    pair *timed = make_pairs(npairs, nlive);
    int64_t i;
    double t0, t1;
    gs_span_tree_init(&t);
    for (i = 0; i < nlive; i++) {
        live[i].len = (int64_t)(1 + rng() % 1024);
        live[i].off = i * 1024;
    }
    t0 = now_ns();
    *sum = bench_pairs_null(&t, live, timed, npairs);
    t1 = now_ns();
    free(live);
    free(timed);
    return (t1 - t0) / (double)npairs;
}

/* ---- the offset allocator arm (offset_alloc.h) ----
 * The same pairs, live count and warm-up/churn as the tree arm, on an O(1)
 * bucketed allocator that is not first fit (its placements, so its
 * checksum, are its own). A live span keeps its offset and its node handle
 * (16 bytes, as gs_span). The allocator's functions are called, not
 * inlined into the loop: the tree arm pays two calls per pair too. */

typedef struct oa_live {
    int64_t off, node;
} oa_live;

/* The range: more than the pairs can ever carve even with no reuse at all
 * (main refuses runs that could), so an alloc never fails. */
#define OA_TOTAL 0xffffffffu

__attribute__((noinline)) void offset_free(oa_allocator *a, uint32_t node) {
    oa_free(a, node);
}

__attribute__((noinline)) oa_allocation offset_alloc(oa_allocator *a, uint32_t size) {
    return oa_alloc(a, size);
}

static inline int64_t pairs_offset(oa_allocator *a, oa_live *live, const pair *p, int64_t n) {
    int64_t i, sum = 0;
    for (i = 0; i < n; i++) {
        oa_live *s = &live[p[i].slot];
        oa_allocation r;
        offset_free(a, (uint32_t)s->node);
        r = offset_alloc(a, p[i].size);
        s->off = r.off;
        s->node = r.node;
        sum += s->off;
    }
    return sum;
}

__attribute__((noinline)) int64_t bench_warm_offset(oa_allocator *a, oa_live *live, const pair *p, int64_t n) {
    return pairs_offset(a, live, p, n);
}

__attribute__((noinline)) int64_t bench_pairs_offset(oa_allocator *a, oa_live *live, const pair *p, int64_t n) {
    return pairs_offset(a, live, p, n);
}

static double run_offset(int64_t nlive, int64_t npairs, int64_t *sum, int64_t *spans) {
    oa_allocator a;
    oa_live *live = (oa_live *)malloc((size_t)nlive * sizeof *live);
    pair *warm = make_pairs(2 * nlive, nlive), *timed = make_pairs(npairs, nlive);
    int64_t i;
    uint32_t nfree = 0;
    double t0, t1;
    const char *err;
    if (oa_init(&a, OA_TOTAL, (uint32_t)(2 * nlive + 2))) {
        fprintf(stderr, "bench: out of memory\n");
        exit(1);
    }
    for (i = 0; i < nlive; i++) {
        oa_allocation r = oa_alloc(&a, (uint32_t)(1 + rng() % 1024));
        live[i].off = r.off;
        live[i].node = r.node;
    }
    bench_warm_offset(&a, live, warm, 2 * nlive);
    t0 = now_ns();
    *sum = bench_pairs_offset(&a, live, timed, npairs);
    t1 = now_ns();
    if ((err = oa_check(&a, &nfree)) || a.nfail) {
        fprintf(stderr, "bench: offset allocator invalid: %s\n", err ? err : "an alloc failed");
        exit(1);
    }
    *spans = nfree;
    oa_destroy(&a);
    free(live);
    free(warm);
    free(timed);
    return (t1 - t0) / (double)npairs;
}

/* offset-check: the allocator against its invariants (oa_check: every op
 * up to 2000 live spans, every 1000th op beyond), its O(1) bin search
 * against a linear one on every alloc, the live spans pairwise disjoint at
 * the end, then everything freed in random order must coalesce back to one
 * free span of the whole range. Not timed. */
typedef struct oa_span3 {
    uint32_t off, len, node;
} oa_span3;

static int cmp_off(const void *x, const void *y) {
    uint32_t a = ((const oa_span3 *)x)->off, b = ((const oa_span3 *)y)->off;
    return (a > b) - (a < b);
}

static void check_fail(const char *what, int64_t op) {
    fprintf(stderr, "offset-check: %s (op %lld)\n", what, (long long)op);
    exit(1);
}

static void check_alloc(oa_allocator *a, oa_span3 *s, uint32_t size, int64_t op, int full) {
    uint32_t want = OA_NONE, b;
    oa_allocation r;
    const char *err;
    for (b = oa_bin_up(size); b < OA_BINS; b++) /* brute force: the first non-empty bin that fits */
        if (a->head[b] != OA_NONE) {
            want = a->head[b];
            break;
        }
    r = oa_alloc(a, size);
    if (r.node == OA_NONE || r.node != want)
        check_fail("alloc did not take the head of the first bin that fits", op);
    if (a->nodes[r.node].off != r.off || a->nodes[r.node].size != size || !a->nodes[r.node].used)
        check_fail("alloc's node does not hold the span it returned", op);
    s->off = r.off;
    s->len = size;
    s->node = r.node;
    if (full && (err = oa_check(a, NULL)))
        check_fail(err, op);
}

static void run_offset_check(int64_t nlive, int64_t npairs) {
    oa_allocator a;
    oa_span3 *live = (oa_span3 *)malloc((size_t)nlive * sizeof *live);
    pair *p = make_pairs(npairs, nlive);
    int64_t i, op = 0, every = nlive <= 2000 ? 1 : 1000;
    uint32_t nfree = 0;
    const char *err;
    uint32_t b;
    for (b = 0; b + 1 < OA_BINS; b++) /* the size classes: increasing, and rounding brackets the size */
        if (oa_bin_size(b) >= oa_bin_size(b + 1))
            check_fail("bin sizes not increasing", b);
    for (i = 1; i < 1 << 20; i++)
        if (oa_bin_size(oa_bin_down((uint32_t)i)) > (uint64_t)i || oa_bin_size(oa_bin_up((uint32_t)i)) < (uint64_t)i ||
            oa_bin_down((uint32_t)i) > oa_bin_up((uint32_t)i) || oa_bin_up((uint32_t)i) - oa_bin_down((uint32_t)i) > 1)
            check_fail("rounding", i);
    if (oa_bin_up(0xffffffffu) >= OA_BINS)
        check_fail("the largest size has no bin", 0);
    if (oa_init(&a, OA_TOTAL, (uint32_t)(2 * nlive + 2)))
        check_fail("out of memory", 0);
    for (i = 0; i < nlive; i++, op++)
        check_alloc(&a, &live[i], (uint32_t)(1 + rng() % 1024), op, op % every == 0);
    for (i = 0; i < npairs; i++, op++) {
        oa_span3 *s = &live[p[i].slot];
        int full = op % every == 0;
        oa_free(&a, s->node);
        if (full && (err = oa_check(&a, NULL)))
            check_fail(err, op);
        check_alloc(&a, s, p[i].size, op, full);
    }
    if ((err = oa_check(&a, &nfree)))
        check_fail(err, op);
    qsort(live, (size_t)nlive, sizeof *live, cmp_off);
    for (i = 0; i < nlive; i++) /* disjoint, inside the range */
        if ((uint64_t)live[i].off + live[i].len > (i + 1 < nlive ? (uint64_t)live[i + 1].off : (uint64_t)OA_TOTAL))
            check_fail("live spans overlap", op);
    printf("offset-check live=%lld pairs=%lld free_spans=%u nodes_in_use=%u: invariants hold, spans disjoint\n",
           (long long)nlive, (long long)npairs, nfree, a.cap - a.nstack);
    for (i = nlive - 1; i > 0; i--) { /* free everything, in random order */
        int64_t j = (int64_t)(rng() % (uint64_t)(i + 1));
        oa_span3 t = live[i];
        live[i] = live[j];
        live[j] = t;
    }
    for (i = 0; i < nlive; i++, op++) {
        oa_free(&a, live[i].node);
        if ((op % every == 0) && (err = oa_check(&a, NULL)))
            check_fail(err, op);
    }
    if ((err = oa_check(&a, &nfree)))
        check_fail(err, op);
    if (nfree != 1 || a.nstack != a.cap - 1 || a.nodes[a.head[oa_bin_down(OA_TOTAL)]].size != OA_TOTAL ||
        a.nodes[a.head[oa_bin_down(OA_TOTAL)]].off != 0)
        check_fail("everything freed but not one free span of the whole range", op);
    printf("offset-check: all freed -> one free span [0, %u), %lld ops checked: ok\n", OA_TOTAL, (long long)op);
    oa_destroy(&a);
    free(live);
    free(p);
}

/* ---- the glibc malloc arm ---- */

static inline int64_t pairs_malloc(void **live, const pair *p, int64_t n) {
    int64_t i, sum = 0;
    for (i = 0; i < n; i++) {
        void **s = &live[p[i].slot];
        free(*s);
        *s = malloc(p[i].size);
        sum += (int64_t)(((uintptr_t)*s) & 0xffff);
    }
    return sum;
}

__attribute__((noinline)) int64_t bench_warm_malloc(void **live, const pair *p, int64_t n) {
    return pairs_malloc(live, p, n);
}

__attribute__((noinline)) int64_t bench_pairs_malloc(void **live, const pair *p, int64_t n) {
    return pairs_malloc(live, p, n);
}

static double run_malloc(int64_t nlive, int64_t npairs, int64_t *sum) {
    void **live = (void **)malloc((size_t)nlive * sizeof *live);
    pair *warm = make_pairs(2 * nlive, nlive), *timed = make_pairs(npairs, nlive);
    int64_t i;
    double t0, t1;
    for (i = 0; i < nlive; i++)
        live[i] = malloc((size_t)(1 + rng() % 1024));
    bench_warm_malloc(live, warm, 2 * nlive);
    t0 = now_ns();
    *sum = bench_pairs_malloc(live, timed, npairs);
    t1 = now_ns();
    for (i = 0; i < nlive; i++)
        free(live[i]);
    free(live);
    free(warm);
    free(timed);
    return (t1 - t0) / (double)npairs;
}

int main(int argc, char **argv) {
    int64_t nlive, npairs = 1000000, sum = 0, spans = 0;
    int height = 0;
    double ns;
    if (argc < 3) {
        fprintf(stderr, "usage: bench tree|offset|offset-check|null|malloc LIVE [PAIRS] [SEED]\n");
        return 2;
    }
    nlive = atoll(argv[2]);
    if (argc > 3)
        npairs = atoll(argv[3]);
    rng_state = argc > 4 ? (uint64_t)atoll(argv[4]) : 1;
    if (nlive < 1 || npairs < 1)
        return 2;
    /* the offset arm's range must hold every span it could carve with no
     * reuse at all: the live set, its warm-up and the pairs, 1024 units each */
    if (!strncmp(argv[1], "offset", 6) && (double)(3 * nlive + npairs) * 1024 > (double)OA_TOTAL) {
        fprintf(stderr, "bench: offset arm: 3 * LIVE + PAIRS must be at most %u\n", OA_TOTAL / 1024);
        return 2;
    }
    if (!strcmp(argv[1], "tree"))
        ns = run_tree(nlive, npairs, &sum, &spans, &height);
    else if (!strcmp(argv[1], "offset"))
        ns = run_offset(nlive, npairs, &sum, &spans);
    else if (!strcmp(argv[1], "offset-check")) {
        run_offset_check(nlive, npairs);
        return 0;
    } else if (!strcmp(argv[1], "null"))
        ns = run_null(nlive, npairs, &sum);
    else if (!strcmp(argv[1], "malloc"))
        ns = run_malloc(nlive, npairs, &sum);
    else
        return 2;
    printf("%s live=%lld pairs=%lld ns_per_pair=%.2f free_spans=%lld height=%d order=%d checksum=%lld\n",
           argv[1], (long long)nlive, (long long)npairs, ns, (long long)spans, height, gs_span_tree_order(),
           (long long)sum);
    return 0;
}
