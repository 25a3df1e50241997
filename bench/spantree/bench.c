/* bench.c — the span tree on its own: random free+alloc pairs of 1..1024
 * units at a fixed number of live spans, in ns per pair, beside the same
 * workload on glibc malloc/free and on a null tree (the harness alone).
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
 * usage: bench tree|null|malloc LIVE [PAIRS] [SEED]
 * prints: arm live pairs ns_per_pair free_spans height checksum */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "gs_span_tree.h"

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
        fprintf(stderr, "usage: bench tree|null|malloc LIVE [PAIRS] [SEED]\n");
        return 2;
    }
    nlive = atoll(argv[2]);
    if (argc > 3)
        npairs = atoll(argv[3]);
    rng_state = argc > 4 ? (uint64_t)atoll(argv[4]) : 1;
    if (nlive < 1 || npairs < 1)
        return 2;
    if (!strcmp(argv[1], "tree"))
        ns = run_tree(nlive, npairs, &sum, &spans, &height);
    else if (!strcmp(argv[1], "null"))
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
