/* peer_alloc.h — the allocator a C peer of the pool benchmarks uses, chosen
 * at compile time: -DPEER_GLIBC (malloc/calloc/realloc/free),
 * -DPEER_MIMALLOC (mi_* API, -lmimalloc), -DPEER_JEMALLOC (plain malloc/
 * free with -ljemalloc, which jemalloc interposes; under `tcc -run` the
 * harness preloads libjemalloc, which tcc cannot dlopen: its TLS is
 * initial-exec; peer_init() checks that malloc really is jemalloc's. Its
 * mallocx/dallocx API would be unambiguous but costs ~2.4x the
 * instructions of malloc/free: not what a C programmer measures).
 * -DPEER_FREELIST leaves pa_* undefined: the workload file then brings its
 * own hand-written free-list pool.
 * Not for: workloads (slot_peer.c, slice_peer.c). */
#ifndef PEER_ALLOC_H
#define PEER_ALLOC_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(PEER_GLIBC)
#define PEER_NAME "glibc"
static inline void *pa_malloc(size_t n) { return malloc(n); }
static inline void *pa_zalloc(size_t n) { return calloc(1, n); }
static inline void *pa_realloc(void *p, size_t n) { return realloc(p, n); }
static inline void pa_free(void *p) { free(p); }
#elif defined(PEER_MIMALLOC)
#include <mimalloc.h>
#define PEER_NAME "mimalloc"
static inline void *pa_malloc(size_t n) { return mi_malloc(n); }
static inline void *pa_zalloc(size_t n) { return mi_zalloc(n); }
static inline void *pa_realloc(void *p, size_t n) { return mi_realloc(p, n); }
static inline void pa_free(void *p) { mi_free(p); }
#elif defined(PEER_JEMALLOC)
#include <jemalloc/jemalloc.h>
#define PEER_NAME "jemalloc"
#define PEER_INIT_DEFINED
static inline void *pa_malloc(size_t n) { return malloc(n); }
static inline void *pa_zalloc(size_t n) { return calloc(1, n); }
static inline void *pa_realloc(void *p, size_t n) { return realloc(p, n); }
static inline void pa_free(void *p) { free(p); }
/* malloc must be jemalloc's: its per-thread byte counter moves. */
static void peer_init(void)
{
    uint64_t before = 0, after = 0;
    size_t sz = sizeof before;
    mallctl("thread.allocated", &before, &sz, NULL, 0);
    void *volatile p = malloc(4096);
    mallctl("thread.allocated", &after, &sz, NULL, 0);
    free(p);
    if (after <= before) {
        fprintf(stderr, "jemalloc: malloc is not jemalloc's (link -ljemalloc, or LD_PRELOAD it)\n");
        exit(3);
    }
}
#elif defined(PEER_FREELIST)
#define PEER_NAME "c_freelist"
#else
#error "define one of PEER_GLIBC PEER_MIMALLOC PEER_JEMALLOC PEER_FREELIST"
#endif

#ifndef PEER_INIT_DEFINED
static void peer_init(void) {}
#endif

static inline void *pa_check(void *p)
{
    if (!p) {
        fprintf(stderr, "%s: out of memory\n", PEER_NAME);
        exit(3);
    }
    return p;
}

/* xorshift64: the same sequence as rng_next in the Goose templates. */
static uint64_t rng_next(uint64_t *s)
{
    uint64_t x = *s;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    *s = x;
    return x;
}

/* The workload's arguments: <workload> <n> <rounds>. */
static void peer_args(int argc, char **argv, long *n, long *rounds)
{
    if (argc != 4) {
        fprintf(stderr, "usage: %s <workload> <n> <rounds>\n", argv[0]);
        exit(2);
    }
    *n = strtol(argv[2], NULL, 10);
    *rounds = strtol(argv[3], NULL, 10);
    if (*n <= 0 || *rounds < 0) {
        fprintf(stderr, "%s: bad n or rounds\n", argv[0]);
        exit(2);
    }
}

#endif
