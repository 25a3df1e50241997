/* slot_peer.c — the slot workloads of slot_exercise.gs.in in plain C, one
 * element per allocation, against the allocator of peer_alloc.h or (with
 * -DPEER_FREELIST) a hand-written free-list pool of fixed-size blocks: the
 * same operation order and values, so it prints the same checksum.
 *   cc -O2 -DELEM_BYTES=8|128 -DPEER_GLIBC slot_peer.c -o peer
 *   peer <append|lifo|scattered> <n> <rounds>
 * Not for: measuring (bench/slot_pool.py runs it). */
#include "peer_alloc.h"

#ifndef ELEM_BYTES
#define ELEM_BYTES 8
#endif

#if ELEM_BYTES == 8
typedef struct { uint64_t v; } E;
static E mk(uint64_t x) { E e = { x }; return e; }
static uint64_t val(const E *e) { return e->v; }
#elif ELEM_BYTES == 128
typedef struct { uint64_t w[16]; } E;
static E mk(uint64_t x)
{
    E e;
    memset(&e, 0, sizeof e);
    e.w[0] = x;
    e.w[15] = x * 3;
    return e;
}
static uint64_t val(const E *e) { return e->w[0] + e->w[15]; }
#else
#error "ELEM_BYTES must be 8 or 128"
#endif

#ifdef PEER_FREELIST
/* Fixed-size blocks carved from 64 KiB chunks (never returned), a freed
 * block pushed on an intrusive singly linked list: LIFO reuse, like the
 * builtin pool's free-index policy. */
typedef union Block { union Block *next; E e; } Block;
static Block *fl_free, *fl_cur, *fl_end;

static E *slot_alloc(void)
{
    Block *b = fl_free;
    if (b) {
        fl_free = b->next;
        return &b->e;
    }
    if (fl_cur == fl_end) {
        size_t n = 65536 / sizeof(Block);
        fl_cur = pa_check(malloc(n * sizeof(Block)));
        fl_end = fl_cur + n;
    }
    return &(fl_cur++)->e;
}
static void slot_free(E *e)
{
    Block *b = (Block *)e;
    b->next = fl_free;
    fl_free = b;
}
#else
static E *slot_alloc(void) { return pa_check(pa_malloc(sizeof(E))); }
static void slot_free(E *e) { pa_free(e); }
#endif

static E *alloc_mk(uint64_t x)
{
    E *e = slot_alloc();
    *e = mk(x);
    return e;
}

static uint64_t w_append(E **h, long n, long rounds)
{
    uint64_t sum = 0, seq = 1;
    for (long r = 0; r < rounds; r++) {
        for (long k = 0; k < n; k++)
            h[k] = alloc_mk(seq++);
        for (long k = 0; k < n; k++) {
            sum += val(h[k]);
            slot_free(h[k]);
        }
    }
    return sum;
}

static uint64_t w_lifo(E **h, long n, long rounds)
{
    uint64_t sum = 0, seq = 1;
    for (long r = 0; r < rounds; r++) {
        for (long k = 0; k < n; k++)
            h[k] = alloc_mk(seq++);
        for (long k = n - 1; k >= 0; k--) {
            sum += val(h[k]);
            slot_free(h[k]);
        }
    }
    return sum;
}

static uint64_t w_scattered(E **h, long n, long rounds)
{
    uint64_t sum = 0, seq = 1, rng = 88172645463325252ull;
    for (long k = 0; k < n; k++)
        h[k] = alloc_mk(seq++);
    for (long r = 0; r < rounds; r++) {
        long j = (long)(rng_next(&rng) % (uint64_t)n);
        sum += val(h[j]);
        slot_free(h[j]);
        h[j] = alloc_mk(seq++);
    }
    for (long k = 0; k < n; k++) {
        sum += val(h[k]);
        slot_free(h[k]);
    }
    return sum;
}

int main(int argc, char **argv)
{
    long n, rounds;
    peer_args(argc, argv, &n, &rounds);
    peer_init();
    E **h = pa_check(calloc((size_t)n, sizeof *h));
    const char *w = argv[1];
    uint64_t sum;
    long pairs = n * rounds;
    if (strcmp(w, "append") == 0)
        sum = w_append(h, n, rounds);
    else if (strcmp(w, "lifo") == 0)
        sum = w_lifo(h, n, rounds);
    else if (strcmp(w, "scattered") == 0) {
        sum = w_scattered(h, n, rounds);
        pairs = n + rounds;
    } else {
        fprintf(stderr, "unknown workload %s\n", w);
        return 2;
    }
    free(h);
    printf("checksum %llu pairs %ld\n", (unsigned long long)sum, pairs);
    return 0;
}
