/* slice_peer.c — the slice workloads of slice_exercise.gs.in in plain C:
 * spans of u64 from the allocator of peer_alloc.h (zeroed allocation,
 * realloc plus zeroing the grown tail for resize) or, with -DPEER_FREELIST,
 * a hand-written pool: one free list per exact length (1..64 elements)
 * over blocks carved from 64 KiB chunks, zeroed on allocation, resize by
 * alloc + copy + free. Same operation order and values as the Goose
 * template, so it prints the same checksum.
 *   cc -O2 -DPEER_GLIBC slice_peer.c -o peer
 *   peer <append|lifo|scattered|fragmented|coalesce|resize> <n> <rounds>
 * Not for: measuring (bench/slice_pool.py runs it). */
#include "peer_alloc.h"

#define MAXLEN 64

typedef struct { uint64_t *p; long len; } Span;

#ifdef PEER_FREELIST
static uint64_t *fl_free[MAXLEN + 1];
static uint64_t *fl_cur, *fl_end;

static uint64_t *fl_carve(long len)
{
    if (fl_end - fl_cur < len) {
        size_t n = 65536 / sizeof(uint64_t);
        fl_cur = pa_check(malloc(n * sizeof(uint64_t)));
        fl_end = fl_cur + n;
    }
    uint64_t *p = fl_cur;
    fl_cur += len;
    return p;
}

static Span span_alloc(long len)
{
    if (len < 1 || len > MAXLEN) {
        fprintf(stderr, "c_freelist: length %ld out of range\n", len);
        exit(3);
    }
    uint64_t *p = fl_free[len];
    if (p)
        fl_free[len] = (uint64_t *)(uintptr_t)p[0];
    else
        p = fl_carve(len);
    memset(p, 0, (size_t)len * sizeof *p);
    return (Span){ p, len };
}

static void span_free(Span s)
{
    s.p[0] = (uint64_t)(uintptr_t)fl_free[s.len];
    fl_free[s.len] = s.p;
}

static Span span_resize(Span s, long m)
{
    if (m == s.len)
        return s;
    Span t = span_alloc(m);
    memcpy(t.p, s.p, (size_t)(m < s.len ? m : s.len) * sizeof *t.p);
    span_free(s);
    return t;
}
#else
static Span span_alloc(long len)
{
    return (Span){ pa_check(pa_zalloc((size_t)len * sizeof(uint64_t))), len };
}

static void span_free(Span s) { pa_free(s.p); }

static Span span_resize(Span s, long m)
{
    uint64_t *p = pa_check(pa_realloc(s.p, (size_t)m * sizeof *p));
    if (m > s.len)
        memset(p + s.len, 0, (size_t)(m - s.len) * sizeof *p);
    return (Span){ p, m };
}
#endif

static long below(uint64_t *rng, long n) { return (long)(rng_next(rng) % (uint64_t)n); }

static void tag(Span s, uint64_t x)
{
    s.p[0] = x;
    s.p[s.len - 1] ^= x * 3;
}

static uint64_t val(Span s) { return s.p[0] + s.p[s.len - 1] + (uint64_t)s.len; }

#define SEED 88172645463325252ull

static long w_append(Span *h, long n, long rounds, uint64_t *sum)
{
    uint64_t rng = SEED, seq = 1;
    for (long r = 0; r < rounds; r++) {
        for (long k = 0; k < n; k++) {
            h[k] = span_alloc(1 + below(&rng, 16));
            tag(h[k], seq++);
        }
        for (long k = 0; k < n; k++) {
            *sum += val(h[k]);
            span_free(h[k]);
        }
    }
    return n * rounds;
}

static long w_lifo(Span *h, long n, long rounds, uint64_t *sum)
{
    uint64_t rng = SEED, seq = 1;
    for (long r = 0; r < rounds; r++) {
        for (long k = 0; k < n; k++) {
            h[k] = span_alloc(1 + below(&rng, 16));
            tag(h[k], seq++);
        }
        for (long k = n - 1; k >= 0; k--) {
            *sum += val(h[k]);
            span_free(h[k]);
        }
    }
    return n * rounds;
}

static void free_all(Span *h, long n, uint64_t *sum)
{
    for (long k = 0; k < n; k++)
        if (h[k].len > 0) {
            *sum += val(h[k]);
            span_free(h[k]);
        }
}

static long w_scattered(Span *h, long n, long rounds, uint64_t *sum)
{
    uint64_t rng = SEED, seq = 1;
    for (long k = 0; k < n; k++) {
        h[k] = span_alloc(1 + below(&rng, 64));
        tag(h[k], seq++);
    }
    for (long r = 0; r < rounds; r++) {
        long j = below(&rng, n);
        *sum += val(h[j]);
        span_free(h[j]);
        h[j] = span_alloc(1 + below(&rng, 64));
        tag(h[j], seq++);
    }
    free_all(h, n, sum);
    return n + rounds;
}

static long w_fragmented(Span *h, long n, long rounds, uint64_t *sum)
{
    uint64_t rng = SEED, seq = 1;
    long pairs = n;
    for (long k = 0; k < n; k++) {
        h[k] = span_alloc(1 + below(&rng, 4));
        tag(h[k], seq++);
    }
    for (long k = 1; k < n; k += 2) {
        *sum += val(h[k]);
        span_free(h[k]);
        h[k] = (Span){ NULL, 0 };
    }
    for (long r = 0; r < rounds; r++) {
        long j = below(&rng, n);
        if (h[j].len == 0) {
            h[j] = span_alloc(1 + below(&rng, 8));
            tag(h[j], seq++);
            pairs++;
        } else {
            *sum += val(h[j]);
            span_free(h[j]);
            h[j] = (Span){ NULL, 0 };
        }
    }
    free_all(h, n, sum);
    return pairs;
}

static long w_coalesce(Span *h, long n, long rounds, uint64_t *sum)
{
    static const int perm[8] = { 5, 1, 6, 2, 7, 3, 0, 4 };
    Span *big = pa_check(calloc((size_t)n, sizeof *big));
    long *total = pa_check(calloc((size_t)n, sizeof *total));
    uint64_t rng = SEED, seq = 1;
    for (long r = 0; r < rounds; r++) {
        for (long g = 0; g < n; g++) {
            total[g] = 0;
            for (int k = 0; k < 8; k++) {
                long len = 1 + below(&rng, 8);
                h[g * 9 + k] = span_alloc(len);
                tag(h[g * 9 + k], seq++);
                total[g] += len;
            }
            h[g * 9 + 8] = span_alloc(1);
            tag(h[g * 9 + 8], seq++);
        }
        for (long g = 0; g < n; g++) {
            for (int i = 0; i < 8; i++) {
                Span s = h[g * 9 + perm[i]];
                *sum += val(s);
                span_free(s);
            }
            big[g] = span_alloc(total[g]);
            tag(big[g], seq++);
        }
        for (long g = 0; g < n; g++) {
            *sum += val(big[g]);
            span_free(big[g]);
            *sum += val(h[g * 9 + 8]);
            span_free(h[g * 9 + 8]);
        }
    }
    free(big);
    free(total);
    return n * rounds * 10;
}

static long w_resize(Span *h, long n, long rounds, uint64_t *sum)
{
    uint64_t rng = SEED, seq = 1;
    for (long k = 0; k < n; k++) {
        h[k] = span_alloc(1 + below(&rng, 32));
        tag(h[k], seq++);
    }
    for (long r = 0; r < rounds; r++) {
        long j = below(&rng, n);
        long m = 1 + below(&rng, 64);
        *sum += val(h[j]);
        h[j] = span_resize(h[j], m);
        tag(h[j], seq++);
    }
    free_all(h, n, sum);
    return n + rounds;
}

int main(int argc, char **argv)
{
    static const struct { const char *name; long (*run)(Span *, long, long, uint64_t *); } ws[] = {
        { "append", w_append }, { "lifo", w_lifo }, { "scattered", w_scattered },
        { "fragmented", w_fragmented }, { "coalesce", w_coalesce }, { "resize", w_resize },
    };
    long n, rounds;
    peer_args(argc, argv, &n, &rounds);
    peer_init();
    Span *h = pa_check(calloc((size_t)n * 9, sizeof *h));
    for (size_t i = 0; i < sizeof ws / sizeof ws[0]; i++)
        if (strcmp(argv[1], ws[i].name) == 0) {
            uint64_t sum = 0;
            long pairs = ws[i].run(h, n, rounds, &sum);
            free(h);
            printf("checksum %llu pairs %ld\n", (unsigned long long)sum, pairs);
            return 0;
        }
    fprintf(stderr, "unknown workload %s\n", argv[1]);
    return 2;
}
