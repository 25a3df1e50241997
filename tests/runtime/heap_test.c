/* heap_test.c — unit tests of runtime/gs_heap.c through its interface
 * (gs_heap.h, gs_alloc / gs_free / gs_heap_live of goose_rt.h).
 *
 * Cases: size-class table properties; every block start of full slabs of
 * every class is live and no interior address is; random alloc / free /
 * realloc against a model (no overlap: every block holds its own pattern
 * until freed; alignment 16; zeroed when asked; realloc keeps contents);
 * foreign, interior and double frees are rejected and change nothing;
 * resident memory falls after a 100 MiB free, and after 60 MiB of small
 * blocks freed in random order (the blocks still live keep their bytes);
 * a page run grows in place; runs go best fit, and free spans are not
 * taken for blocks; a small heap serves 2-4 KiB blocks as runs, and
 * 1-2 KiB blocks past their class's first slab page; freeing the last
 * run gives the run region's pages back; a
 * thread's first blocks of the classes up to 1 KiB share one slab, exact
 * like any; a thread's cache per class stays within its byte bound; blocks
 * freed by other threads come home (run under ThreadSanitizer too:
 * `heap_test threads` runs only those cases). One PASS/FAIL line per case and a final
 * "N passed, N failed" line. GOOSE_HEAP=system runs the same cases over
 * malloc (the checks that only the Goose heap makes are skipped). */
#define _DEFAULT_SOURCE

#include "goose_rt.h"
#include "gs_heap.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <unistd.h>

static int n_pass, n_fail;

static void check(const char *name, bool ok) {
    printf("%s: %s\n", ok ? "PASS" : "FAIL", name);
    if (ok) n_pass++;
    else n_fail++;
}

static bool goose_heap(void) { return gs_heap_mode() == 1; }

static uint64_t rng = 0x9E3779B97F4A7C15ull;
static uint64_t next_u64(void) {
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

/* ---- size classes ---- */
static void test_classes(void) {
    bool ok = true;
    size_t n;
    int c;
    for (c = 0; c < GS_HEAP_NCLASS; c++) {
        size_t z = gs_heap_class_size(c);
        ok &= z % 16 == 0 && z > 0 && (c == 0 || z > gs_heap_class_size(c - 1));
        ok &= (z & (z - 1)) != 0 || GS_HEAP_SLAB % z == 0;
    }
    check("class sizes: multiples of 16, increasing", ok);
    ok = gs_heap_class_size(GS_HEAP_NCLASS - 1) == GS_HEAP_SMALL_MAX;
    for (n = 0; n <= GS_HEAP_SMALL_MAX; n++) {
        c = gs_heap_class_of(n);
        ok &= c >= 0 && c < GS_HEAP_NCLASS && gs_heap_class_size(c) >= (n ? n : 1);
        ok &= c == 0 || gs_heap_class_size(c - 1) < n;
    }
    check("class of n: the smallest class that holds n, for every n", ok);
    ok = true;
    for (c = 1; c < GS_HEAP_NCLASS; c++) {
        size_t z = gs_heap_class_size(c), prev = gs_heap_class_size(c - 1);
        ok &= (z - prev) * 4 <= z || z <= 128; /* at most 25% waste above 128 */
    }
    check("class spacing: at most 25% above 128 bytes", ok);
}

/* Full slabs of every class: each block start is live, interior addresses
 * and the address after the last are not (exercises the reciprocals). */
static void test_block_index(void) {
    bool ok = true;
    int c;
    for (c = 0; c < GS_HEAP_NCLASS; c++) {
        size_t z = gs_heap_class_size(c), n = 2 * GS_HEAP_SLAB / z + 8, i;
        uint8_t **b = (uint8_t **)malloc(n * sizeof *b);
        for (i = 0; i < n; i++) b[i] = (uint8_t *)gs_alloc_uninit(z);
        for (i = 0; i < n; i++) {
            ok &= gs_heap_live(b[i]) && ((uintptr_t)b[i] & 15) == 0;
            ok &= gs_heap_usable(b[i]) >= z;
            if (goose_heap()) {
                ok &= !gs_heap_live(b[i] + 16) || z == 16;
                ok &= !gs_heap_live(b[i] + z / 2) || z == 16;
                ok &= !gs_heap_free(b[i] + 8);
                ok &= gs_heap_contains(b[i] + z) && gs_heap_contains(b[i] + z - 1);
            }
        }
        for (i = 0; i < n; i++) ok &= gs_heap_free(b[i]);
        for (i = 0; i < n; i++) ok &= !gs_heap_live(b[i]);
        free(b);
        if (!ok) {
            printf("  class %d (%zu bytes) failed\n", c, z);
            break;
        }
    }
    check("every block start live, interiors not, all classes", ok);
}

/* ---- random operations against a model ---- */
typedef struct Blk {
    uint8_t *p;
    size_t n;
    uint8_t tag;
} Blk;

static size_t pick_size(void) {
    uint64_t r = next_u64() % 1000;
    if (r < 700) return next_u64() % 257;
    if (r < 900) return next_u64() % 16385;
    if (r < 999) return 16385 + next_u64() % (next_u64() % 8 == 0 ? 1u << 20 : 1u << 17);
    return GS_HEAP_HUGE_MIN + next_u64() % (GS_HEAP_HUGE_MIN * 2);
}

static void fill(Blk *b) {
    if (b->n > 0) memset(b->p, b->tag, b->n);
}

static bool holds(const Blk *b) {
    size_t i;
    for (i = 0; i < b->n; i++)
        if (b->p[i] != b->tag) return false;
    return true;
}

static bool all_zero(const uint8_t *p, size_t n) {
    size_t i;
    for (i = 0; i < n; i++)
        if (p[i] != 0) return false;
    return true;
}

static void test_model(void) {
    enum { SLOTS = 2048, OPS = 60000 };
    static Blk m[SLOTS];
    size_t base = gs_heap_live_count(), live = 0, i;
    bool ok_align = true, ok_zero = true, ok_hold = true, ok_live = true, ok_realloc = true;
    int op;
    for (op = 0; op < OPS; op++) {
        Blk *b = &m[next_u64() % SLOTS];
        uint64_t what = next_u64() % 4;
        if (b->p == NULL) {
            bool zero = what & 1;
            b->n = pick_size();
            b->p = (uint8_t *)(zero ? gs_alloc(b->n) : gs_alloc_uninit(b->n));
            ok_align &= ((uintptr_t)b->p & 15) == 0;
            if (zero) ok_zero &= all_zero(b->p, b->n);
            b->tag = (uint8_t)(1 + next_u64() % 255);
            fill(b);
            live++;
        } else if (what == 0) {
            size_t nn = pick_size(), keep = nn < b->n ? nn : b->n;
            uint8_t *q = (uint8_t *)gs_realloc(b->p, nn);
            size_t j;
            for (j = 0; j < keep; j++) ok_realloc &= q[j] == b->tag;
            ok_align &= ((uintptr_t)q & 15) == 0;
            ok_live &= gs_heap_live(q) && (q == b->p || !gs_heap_live(b->p));
            b->p = q;
            b->n = nn;
            fill(b);
        } else {
            ok_hold &= holds(b);
            ok_live &= gs_heap_free(b->p) && !gs_heap_free(b->p);
            b->p = NULL;
            live--;
        }
        if (op % 4096 == 0) ok_live &= gs_heap_live_count() == base + live;
    }
    for (i = 0; i < SLOTS; i++) {
        if (m[i].p == NULL) continue;
        ok_hold &= holds(&m[i]) && gs_heap_live(m[i].p);
        ok_live &= gs_heap_free(m[i].p);
        m[i].p = NULL;
    }
    ok_live &= gs_heap_live_count() == base;
    check("model: alignment 16", ok_align);
    check("model: zeroed allocations are zero", ok_zero);
    check("model: no overlap (every block keeps its bytes)", ok_hold);
    check("model: realloc keeps contents", ok_realloc);
    check("model: live set exact", ok_live);
}

/* ---- rejected frees ---- */
static void test_reject(void) {
    int local = 0;
    size_t base = gs_heap_live_count();
    uint8_t *small = (uint8_t *)gs_alloc(40), *run = (uint8_t *)gs_alloc(100000);
    uint8_t *huge = (uint8_t *)gs_alloc(GS_HEAP_HUGE_MIN + 1);
    void *foreign = mmap(NULL, 65536, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    void *mal = malloc(64);
    bool ok = true;
    ok &= !gs_heap_free(&local) && !gs_heap_free(foreign) && !gs_heap_free(mal);
    ok &= !gs_heap_live(&local) && !gs_heap_live(foreign) && !gs_heap_live(mal);
    check("foreign addresses (stack, mmap, malloc) rejected", ok);
    if (goose_heap()) {
        check("foreign addresses are outside every reserved region",
              !gs_heap_reserved(&local) && !gs_heap_reserved(foreign) && !gs_heap_reserved(mal) &&
                  gs_heap_reserved(small) && gs_heap_reserved(run) && gs_heap_reserved(huge));
    }
    ok = !gs_heap_free(small + 16) && !gs_heap_free(small + 1) && !gs_heap_free(run + 4096) &&
         !gs_heap_free(run + 16) && !gs_heap_free(huge + 4096) && !gs_heap_free(huge + 16);
    ok &= gs_heap_contains(small + 40) && gs_heap_contains(run + 99999) && gs_heap_contains(huge + 4096);
    check("interior addresses rejected, but contained", ok);
    ok = gs_heap_live_count() == base + 3 && gs_heap_live(small) && gs_heap_live(run) && gs_heap_live(huge);
    check("rejections change nothing", ok);
    ok = gs_heap_free(small) && gs_heap_free(run) && gs_heap_free(huge);
    ok &= !gs_heap_free(small) && !gs_heap_free(run) && !gs_heap_free(huge);
    ok &= !gs_heap_live(small) && !gs_heap_live(run) && !gs_heap_live(huge);
    ok &= !gs_heap_contains(run + 10) && !gs_heap_contains(huge + 10);
    check("double frees rejected", ok && gs_heap_live_count() == base);
    munmap(foreign, 65536);
    free(mal);
}

/* ---- the inline fast path (gs_alloc_cls: the emitted C's constant sizes) ----
 * Blocks from it are live like any other: freed once, rejected twice,
 * realloc'd; dirty cached blocks come back zeroed; many of them cross
 * refills of the cache (the slow path). GOOSE_HEAP=system never fills a
 * cache, so there every call takes the slow path. */
static void test_inline(void) {
    static const size_t sizes[] = { 0, 1, 32, 48, 1000, 4096, GS_HEAP_SMALL_MAX };
    size_t base = gs_heap_live_count(), k, i, j;
    bool ok_live = true, ok_zero = true, ok_free = true, ok_realloc = true, ok_cache = true;
    enum { M = 300 };
    static uint8_t *p[M];
    for (k = 0; k < sizeof sizes / sizeof *sizes; k++) {
        size_t n = sizes[k];
        unsigned c = gs_heap_class(n);
        for (j = 0; j < 2; j++) {
            for (i = 0; i < M; i++) {
                p[i] = (uint8_t *)gs_alloc_cls(NULL, c, n);
                for (size_t b = 0; b < n; b++) ok_zero &= p[i][b] == 0;
                ok_live &= gs_heap_live(p[i]) && ((uintptr_t)p[i] & 15) == 0;
                if (goose_heap()) ok_live &= gs_heap_usable(p[i]) == gs_heap_cls_size[c];
                memset(p[i], 0xAB, n);
            }
            ok_live &= gs_heap_live_count() == base + M;
            if (!goose_heap()) ok_cache &= gs_heap_cache[c].head == NULL;
            for (i = 0; i < M; i++) ok_free &= gs_heap_free(p[i]) && !gs_heap_free(p[i]);
        }
        p[0] = (uint8_t *)gs_alloc_cls(NULL, c, n);
        memset(p[0], 0x5C, n);
        p[1] = (uint8_t *)gs_realloc(p[0], n * 2 + 64);
        ok_realloc &= !gs_heap_live(p[0]) || p[0] == p[1];
        for (i = 0; i < n; i++) ok_realloc &= p[1][i] == 0x5C;
        gs_free(p[1]);
    }
    check("inline: blocks live, aligned, usable = class size", ok_live);
    check("inline: dirty cached blocks come back zeroed", ok_zero);
    check("inline: freed once, rejected twice", ok_free && gs_heap_live_count() == base);
    check("inline: realloc moves contents, frees the old block", ok_realloc);
    if (!goose_heap()) check("inline: GOOSE_HEAP=system never fills the cache", ok_cache);
}

/* ---- resident memory ---- */
/* KiB of ASan shadow for `bytes` of memory written (0 without ASan). */
#if defined(__SANITIZE_ADDRESS__)
#define HEAP_TEST_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define HEAP_TEST_ASAN 1
#endif
#endif
static long asan_shadow_kib(size_t bytes) {
#ifdef HEAP_TEST_ASAN
    return (long)(bytes / 8 / 1024);
#else
    (void)bytes;
    return 0;
#endif
}

static long rss_kib(void) {
    FILE *f = fopen("/proc/self/statm", "r");
    long size = 0, res = 0;
    if (f == NULL) return -1;
    if (fscanf(f, "%ld %ld", &size, &res) != 2) res = -1;
    fclose(f);
    return res < 0 ? -1 : res * (sysconf(_SC_PAGESIZE) / 1024);
}

static void test_rss(void) {
    enum { N = 20000 };
    static uint8_t *b[N];
    long base = rss_kib(), full, after;
    size_t total = 0, i = 0;
    while (total < ((size_t)100 << 20) && i < N) {
        size_t n = i % 3 == 0 ? 200 + next_u64() % 2000 : 16385 + next_u64() % 300000;
        b[i] = (uint8_t *)gs_alloc_uninit(n);
        memset(b[i], 1, n);
        total += n;
        i++;
    }
    full = rss_kib();
    while (i > 0) {
        i--;
        gs_free(b[i]);
    }
    after = rss_kib();
    printf("  rss KiB: base %ld, full %ld, after free %ld\n", base, full, after);
    if (goose_heap()) check("rss falls below base + 10 MiB after freeing 100 MiB", after - base < 10 * 1024);
    /* GOOSE_HEAP=system: malloc keeps what it likes; nothing to check */
}

/* Small blocks only, freed in random order: kept slabs go back a cluster
 * at a time (one madvise over neighbouring free slabs); a slab with a live
 * block must never be part of one. */
static void test_rss_random(void) {
    enum { N = 60000 };
    static uint8_t *b[N];
    static uint32_t idx[N];
    long base = rss_kib(), after;
    size_t i, j, total = 0;
    bool ok = true;
    for (i = 0; i < N; i++) {
        size_t n = 200 + next_u64() % 1800;
        total += n;
        b[i] = (uint8_t *)gs_alloc_uninit(n);
        memset(b[i], (int)(i % 251) + 1, n);
        idx[i] = (uint32_t)i;
    }
    for (i = N - 1; i > 0; i--) { /* shuffle */
        uint32_t t;
        j = (size_t)(next_u64() % (i + 1));
        t = idx[i], idx[i] = idx[j], idx[j] = t;
    }
    for (i = 0; i < N - N / 10; i++) gs_free(b[idx[i]]), b[idx[i]] = NULL;
    for (i = 0; i < N; i++)
        if (b[i] != NULL) ok &= b[i][0] == (uint8_t)(i % 251 + 1) && b[i][199] == (uint8_t)(i % 251 + 1);
    check("random free: the blocks still live keep their bytes", ok);
    for (i = 0; i < N; i++)
        if (b[i] != NULL) gs_free(b[i]);
    after = rss_kib();
    printf("  rss KiB: base %ld, after random free %ld\n", base, after);
    /* ~66 MB were written; what stays is the 4 MiB keep floor, the slab
     * descriptors, the caches and this test's own arrays (8.6 MiB here,
     * the same in every run; before the cluster release 12.5 MiB). ASan
     * (GOOSE_SANITIZE): the memsets touched the shadow of every byte
     * written, one byte per eight, which stays resident: not the heap's. */
    if (goose_heap()) check("random free: rss falls below base + 10 MiB", after - base < 10 * 1024 + asan_shadow_kib(total));
}

/* A page run grown by realloc stays where it is when the pages after it are
 * free (always at least some of these steps: the run tree fits first), and
 * keeps its bytes either way. */
static void test_grow(void) {
    size_t n = 20000, k, in_place = 0;
    uint8_t *p = (uint8_t *)gs_alloc_uninit(n);
    bool ok = true;
    memset(p, 0x3C, n);
    for (k = 0; k < 6; k++) {
        uint8_t *q = (uint8_t *)gs_heap_realloc(p, 2 * n);
        in_place += q == p;
        ok &= q[0] == 0x3C && q[n - 1] == 0x3C && q[n / 2] == 0x3C;
        memset(q + n, 0x3C, n);
        p = q;
        n *= 2;
    }
    gs_free(p);
    printf("  grow: %zu of 6 in place\n", in_place);
    check("grow: realloc of a page run keeps its bytes", ok);
    if (goose_heap()) check("grow: a page run grows in place (4 of 6 steps at least)", in_place >= 4);
}

/* A thread's cache of a class holds at most 16 KiB of blocks: cached
 * blocks are resident. (Blocks above GS_HEAP_SLAB_MAX are runs while the
 * heap is small: earlier cases took it past the size where they become
 * slabs too, so their caches are bounded the same.) */
static void test_cache_bound(void) {
    static const size_t sizes[] = {1024, GS_HEAP_SLAB_MAX, GS_HEAP_SLAB_MAX + 1, GS_HEAP_SMALL_MAX};
    size_t k, i;
    bool ok = true;
    if (!goose_heap()) return;
    for (k = 0; k < 4; k++) {
        unsigned c;
        if (sizes[k] > GS_HEAP_SMALL_MAX) continue; /* built with -DGS_HEAP_SLAB_MAX=4096 */
        c = gs_heap_class(sizes[k]);
        void *v[64];
        size_t held, bound = 16384;
        for (i = 0; i < 64; i++) v[i] = gs_alloc_uninit(sizes[k]);
        for (i = 0; i < 64; i++) gs_free(v[i]);
        held = (size_t)gs_heap_cache[c].n * gs_heap_class_size((int)c);
        printf("  cache of %zu-byte blocks: %zu bytes held\n", sizes[k], held);
        ok &= held <= bound && gs_heap_cache[c].n > 0;
    }
    check("cache: at most 16 KiB of free blocks per class", ok);
}

/* While the heap is small, blocks above GS_HEAP_SLAB_MAX are runs (no
 * slab, nothing cached for their class); run first, on a fresh heap. */
static void test_mid_runs(void) {
    unsigned c = gs_heap_class(3000);
    uint8_t *p;
    bool ok;
    if (!goose_heap() || GS_HEAP_SLAB_MAX >= 3000) return;
    p = (uint8_t *)gs_alloc(3000);
    ok = gs_heap_live(p) && all_zero(p, 3000) && gs_heap_usable(p) >= 3000;
    gs_free(p);
    check("small heap: a 3000-byte block is a run, its class caches nothing", ok && gs_heap_cache[c].n == 0 && !gs_heap_live(p));
}

/* While the heap is small, a class above 1 KiB keeps its slab to one
 * page: of six live 2000-byte blocks the first two are slab blocks side by
 * side, the other four runs (outside their slab), each live and
 * exact; a run of them grows in place; all free. Run early: on a heap
 * that has not yet held 8 MiB. */
static void test_class_page(void) {
    uint8_t *v[6], *g;
    int i, nslab = 0;
    bool ok = true;
    if (!goose_heap() || !GS_HEAP_CLASS_PAGE) return;
    for (i = 0; i < 6; i++) {
        v[i] = (uint8_t *)gs_alloc(2000);
        memset(v[i], i + 1, 2000);
        nslab += (uintptr_t)v[i] >> 16 == (uintptr_t)v[0] >> 16; /* in v[0]'s 64 KiB slab */
        ok &= gs_heap_live(v[i]) && gs_heap_usable(v[i]) == 2048 && !gs_heap_live(v[i] + 256);
    }
    for (i = 0; i < 6; i++) ok &= v[i][0] == i + 1 && v[i][1999] == i + 1;
    printf("  2000-byte blocks in the first one's slab: %d of 6\n", nslab);
    check("class page: blocks past a class's first slab page are exact runs",
          ok && nslab == 2 && (v[1] == v[0] + 2048 || v[0] == v[1] + 2048) && gs_heap_reserved(v[5]));
    g = (uint8_t *)gs_heap_realloc(v[5], 3000);
    check("class page: such a run grows in place", g == v[5] && g[1999] == 6 && gs_heap_usable(g) >= 3000);
    v[5] = g;
    for (i = 0; i < 6; i++) ok &= gs_heap_free(v[i]) && !gs_heap_live(v[i]);
    check("class page: slab blocks and runs all free, once", ok && !gs_heap_free(v[5]));
}

/* When the last live run is freed and at least 256 KiB went back into the
 * run region since its last give-back, its pages go back to the OS (as
 * malloc trims its top): four 100 KiB runs written and freed leave none
 * of their pages resident. Run early: the bound grows with each such
 * give-back (and with GS_HEAP_KEEP=0 pages go back by another rule). */
static size_t resident_pages(void *p, size_t len) {
    unsigned char v[64];
    size_t i, n = 0, pg = (size_t)sysconf(_SC_PAGESIZE);
    uintptr_t lo = (uintptr_t)p & ~(pg - 1);
    size_t np = ((uintptr_t)p + len - lo + pg - 1) / pg;
    if (np > sizeof v || mincore((void *)lo, np * pg, v) != 0) return SIZE_MAX;
    for (i = 0; i < np; i++) n += v[i] & 1;
    return n;
}

static void test_run_emptied(void) {
    enum { N = 4, LEN = 100 << 10 };
    uint8_t *v[N];
    size_t before = 0, after = 0;
    int i;
    if (!goose_heap()) return;
    for (i = 0; i < N; i++) {
        v[i] = (uint8_t *)gs_alloc_uninit(LEN);
        memset(v[i], 0x5A, LEN);
        before += resident_pages(v[i], LEN);
    }
    for (i = 0; i < N; i++) gs_free(v[i]);
    for (i = 0; i < N; i++) after += resident_pages(v[i], LEN);
    printf("  pages of four 100 KiB runs resident: %zu live, %zu freed\n", before, after);
    check("emptied runs: the run region's pages go back when its last run is freed", before >= N * 25 && after == 0);
    v[0] = (uint8_t *)gs_alloc(LEN);
    check("emptied runs: a run taken again is zero", all_zero(v[0], LEN));
    gs_free(v[0]);
}

/* ---- threads ---- */
enum { NT = 4, PER = 20000 };
static void *handoff[NT][PER];
static pthread_barrier_t bar;

static void *worker(void *arg) {
    int id = (int)(intptr_t)arg, k, round;
    bool ok = true;
    for (round = 0; round < 3; round++) {
        for (k = 0; k < PER; k++) {
            size_t n = (size_t)((k * 37 + id * 11) % 700);
            uint8_t *p = (uint8_t *)gs_alloc(n);
            if (n) p[0] = (uint8_t)id;
            handoff[id][k] = p;
        }
        pthread_barrier_wait(&bar);
        /* free what the next thread allocated: remote frees */
        for (k = 0; k < PER; k++) {
            void *p = handoff[(id + 1) % NT][k];
            ok &= gs_heap_free(p);
            ok &= !gs_heap_free(p); /* a second free is rejected */
        }
        pthread_barrier_wait(&bar);
        /* some local churn, so the remote frees are reclaimed */
        for (k = 0; k < 1000; k++) ok &= gs_heap_free(gs_alloc_uninit((size_t)k % 500));
        pthread_barrier_wait(&bar);
    }
    gs_heap_thread_exit();
    return (void *)(intptr_t)ok;
}

static void *keep[PER];

/* ---- the mixed slab: each class's first blocks ----
 * A fresh thread's first block of each class up to 1 KiB comes from one
 * slab the classes share (within its first 16 KiB), as exact as any slab
 * block: interior addresses and offsets past the shares are rejected, and
 * so is a second free (the thread's own frees: the fast path); the thread
 * exits with them live, another frees them (remote frees) and a third
 * adopts the heap and takes them back. Run first: on a fresh thread heap. */
enum { MIXED_MAX = 40 };
static void *mixed[MIXED_MAX];
static int n_mixed;

static void *alloc_mixed(void *arg) {
    bool *ok = (bool *)arg;
    uintptr_t lo = UINTPTR_MAX, hi = 0, slab;
    int c;
    for (c = 0; gs_heap_class_size(c) <= 1024; c++) {
        size_t z = gs_heap_class_size(c);
        uint8_t *p = (uint8_t *)gs_alloc(z);
        mixed[n_mixed++] = p;
        lo = (uintptr_t)p < lo ? (uintptr_t)p : lo;
        hi = (uintptr_t)p > hi ? (uintptr_t)p : hi;
        *ok &= gs_heap_live(p) && gs_heap_usable(p) == z && gs_heap_contains(p + z - 1);
        *ok &= !gs_heap_free(p + 8) && !gs_heap_live(p + z / 2) && gs_heap_live(p);
    }
    slab = lo & ~(uintptr_t)(GS_HEAP_SLAB - 1);
    printf("  mixed: %d classes' first blocks within %zu bytes\n", n_mixed, (size_t)(hi - lo));
    *ok &= hi - slab < 16384 && n_mixed == 20;
    *ok &= !gs_heap_free((void *)(slab + 16384)) && !gs_heap_live((void *)(slab + 16384));
    *ok &= !gs_heap_free((void *)(slab + 40000)) && !gs_heap_contains((void *)(slab + 40000));
    /* freed and taken again: the same block, rejected once freed */
    *ok &= gs_heap_free(mixed[3]) && !gs_heap_free(mixed[3]) && !gs_heap_live(mixed[3]);
    *ok &= gs_alloc(gs_heap_class_size(3)) == mixed[3];
    gs_heap_thread_exit();
    return NULL;
}

static void *realloc_mixed(void *arg) {
    size_t *reused = (size_t *)arg;
    int i;
    for (i = 0; i < n_mixed; i++) {
        void *p = gs_alloc(gs_heap_class_size(i));
        *reused += p == mixed[i];
        gs_heap_free(p);
    }
    gs_heap_thread_exit();
    return NULL;
}

static void test_mixed(void) {
    pthread_t t;
    bool ok = true;
    size_t base, reused = 0;
    int i;
    if (!goose_heap() || !GS_HEAP_MIX) return;
    gs_free(gs_alloc(16)); /* this thread has a heap (it does not adopt the next one's) */
    base = gs_heap_live_count();
    pthread_create(&t, NULL, alloc_mixed, &ok);
    pthread_join(t, NULL);
    check("mixed: first blocks of 20 classes in one slab's first 16 KiB, exact", ok);
    ok = gs_heap_live_count() == base + (size_t)n_mixed;
    for (i = 0; i < n_mixed; i++) ok &= gs_heap_free(mixed[i]) && !gs_heap_free(mixed[i]);
    pthread_create(&t, NULL, realloc_mixed, &reused);
    pthread_join(t, NULL);
    printf("  mixed: frees ok %d, live %zu (base %zu), reused %zu of %d\n", ok, gs_heap_live_count(), base, reused, n_mixed);
    check("mixed: freed by another thread once, reclaimed by the next",
          ok && gs_heap_live_count() == base && reused == (size_t)n_mixed);
}

static void *alloc_and_exit(void *arg) {
    size_t k;
    for (k = 0; k < PER; k++) keep[k] = gs_alloc(48);
    gs_heap_thread_exit();
    return arg;
}

static int cmp_ptr(const void *a, const void *b) {
    uintptr_t x = *(const uintptr_t *)a, y = *(const uintptr_t *)b;
    return x < y ? -1 : x > y;
}

/* Allocates PER blocks of the same size and counts those at an address
 * keep[] held (sorted first). */
static void *alloc_again(void *arg) {
    static void *got[PER];
    size_t k, *reused = (size_t *)arg;
    qsort(keep, PER, sizeof keep[0], cmp_ptr);
    for (k = 0; k < PER; k++) {
        got[k] = gs_alloc(48);
        if (bsearch(&got[k], keep, PER, sizeof keep[0], cmp_ptr) != NULL) (*reused)++;
    }
    for (k = 0; k < PER; k++) gs_heap_free(got[k]);
    gs_heap_thread_exit();
    return arg;
}

static void test_threads(void) {
    pthread_t t[NT];
    size_t base;
    int i;
    bool ok = true;
    if (!goose_heap()) return; /* the system heap is single-threaded */
    base = gs_heap_live_count();
    pthread_barrier_init(&bar, NULL, NT);
    for (i = 0; i < NT; i++) pthread_create(&t[i], NULL, worker, (void *)(intptr_t)i);
    for (i = 0; i < NT; i++) {
        void *r;
        pthread_join(t[i], &r);
        ok &= r != NULL;
    }
    pthread_barrier_destroy(&bar);
    check("threads: remote frees accepted once", ok);
    check("threads: live count exact after cross-thread frees", gs_heap_live_count() == base);
    /* a thread that exits while others still free its blocks: the blocks
     * reach its heap's remote list; the next thread adopts the heap and
     * takes them back (their addresses are handed out again). */
    {
        pthread_t a;
        size_t k, reused = 0;
        pthread_create(&a, NULL, alloc_and_exit, NULL);
        pthread_join(a, NULL);
        ok = true;
        for (k = 0; k < PER; k++) ok &= gs_heap_free(keep[k]);
        pthread_create(&a, NULL, alloc_again, &reused);
        pthread_join(a, NULL);
        check("threads: an exited thread's blocks freed elsewhere are reclaimed",
              ok && reused > PER / 2 && gs_heap_live_count() == base);
    }
}

/* ---- the release policy: freed pages are kept for a while ----
 * A freed run (2 MiB) and a freed huge block (8 MiB) come back without
 * page faults (their pages were kept), zeroed when asked although they
 * were dirty; gs_heap_trim gives what is kept back (resident memory falls
 * by most of the 10 MiB). */
static long minflt(void) {
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return ru.ru_minflt;
}

static void test_keep(void) {
    static const size_t sizes[] = { (size_t)2 << 20, (size_t)8 << 20 };
    long before, trimmed;
    size_t k;
    if (!goose_heap()) return; /* malloc keeps what it likes */
    gs_heap_trim(); /* what earlier cases left kept must not push this one over the keep limit */
    for (k = 0; k < 2; k++) {
        size_t n = sizes[k];
        uint8_t *p = (uint8_t *)gs_alloc_uninit(n), *q;
        long f0;
        memset(p, 0xA5, n);
        gs_free(p);
        f0 = minflt();
        q = (uint8_t *)gs_alloc(n); /* zeroed */
        memset(q + n / 2, 0x5A, n / 2);
        printf("  keep %zu KiB: %ld page faults to use it again\n", n >> 10, minflt() - f0);
        check(k == 0 ? "keep: a freed 2 MiB run is used again without page faults"
                     : "keep: a freed 8 MiB huge block is used again without page faults",
              minflt() - f0 < 64);
        check(k == 0 ? "keep: a kept run comes back zeroed" : "keep: a kept huge block comes back zeroed",
              all_zero(q, n / 2));
        gs_free(q);
    }
    before = rss_kib();
    gs_heap_trim();
    trimmed = rss_kib();
    printf("  rss KiB: %ld kept, %ld after gs_heap_trim\n", before, trimmed);
    check("keep: gs_heap_trim gives kept pages back", before - trimmed > 8 * 1024);
}

/* A slice grown by doubling after a bigger one was freed (each run of a
 * benchmark that builds one): the first huge block is cut from the kept
 * mapping and each doubling grows it in place into the rest, so the whole
 * growth takes no page fault and no copy; each growth gives the block a
 * new tag (a header of the old storage is stale); the freed block joins
 * what is left kept, and a block of the whole size fits again. */
static void test_keep_grow(void) {
    size_t big = (size_t)24 << 20, n;
    uint8_t *p, *q, *first;
    long f0, faults;
    bool in_place = true, new_tag = true, kept_data;
    if (!goose_heap()) return;
    gs_heap_trim();
    p = (uint8_t *)gs_alloc_uninit(big);
    memset(p, 0xA5, big);
    gs_free(p);
    f0 = minflt();
    first = q = (uint8_t *)gs_alloc_uninit((size_t)6 << 20);
    memset(q, 1, (size_t)6 << 20);
    for (n = (size_t)12 << 20; n <= big; n *= 2) {
        int64_t tag = gs_tag_of(q);
        uint8_t *r = (uint8_t *)gs_realloc(q, n);
        in_place &= r == first;
        new_tag &= gs_tag_of(r) != tag;
        memset(r + n / 2, 2, n / 2);
        q = r;
    }
    faults = minflt() - f0;
    kept_data = q[0] == 1 && q[((size_t)6 << 20) - 1] == 1 && q[big - 1] == 2;
    printf("  keep grow: %ld page faults for 6 -> 24 MiB\n", faults);
    check("keep grow: doubling into a kept mapping stays in place", in_place && kept_data);
    check("keep grow: no page faults growing into a kept mapping", faults < 64);
    check("keep grow: each growth gives the block a new tag", new_tag && gs_heap_live(q));
    gs_free(q);
    check("keep grow: the grown block is dead once freed", !gs_heap_live(q));
    f0 = minflt();
    p = (uint8_t *)gs_alloc(big);
    check("keep grow: the freed block is kept whole, zeroed when asked",
          p == first && minflt() - f0 < 64 && all_zero(p, big));
    gs_free(p);
    gs_heap_trim();
}

/* Runs go best fit among free spans under 64 KiB: a 10 KiB run takes the
 * 10 KiB hole, not the 20 KiB one before it (first fit's choice). Free
 * spans are tagged in the unit map: a hole's start is not live, freeing
 * it again is rejected, an address inside it is in no block, and its
 * start is still the end of the run before it. */
static void test_best_fit(void) {
    size_t base = gs_heap_live_count();
    uint8_t *a, *b, *c, *d, *q, *r;
    bool ok;
    if (!goose_heap()) return;
    a = (uint8_t *)gs_alloc_uninit(20 << 10);
    b = (uint8_t *)gs_alloc_uninit(4608);
    c = (uint8_t *)gs_alloc_uninit(10 << 10);
    d = (uint8_t *)gs_alloc_uninit(4608);
    check("best fit: four runs side by side", b == a + (20 << 10) && c == b + 4608 && d == c + (10 << 10));
    gs_free(a);
    gs_free(c);
    ok = !gs_heap_live(a) && !gs_heap_free(a) && gs_heap_usable(a) == 0 && !gs_heap_contains(a + 512);
    ok &= !gs_heap_live(c) && !gs_heap_free(c) && gs_heap_contains(c) && !gs_heap_contains(c + 100);
    check("best fit: a free span is not live, not freed twice, in no block but the end of the run before it", ok);
    q = (uint8_t *)gs_alloc(10 << 10);
    r = (uint8_t *)gs_alloc(20 << 10);
    check("best fit: the 10 KiB run takes the 10 KiB hole, the 20 KiB run the 20 KiB one", q == c && r == a);
    check("best fit: runs from holes come back zeroed", all_zero(q, 10 << 10) && all_zero(r, 20 << 10));
    gs_free(b);
    gs_free(d);
    gs_free(q);
    gs_free(r);
    check("best fit: every run freed", gs_heap_live_count() == base);
}

/* The memory dial (GOOSE_HEAP_PROFILE, run under each rung by ctest): the
 * rung read is the one set (5 when unset or not 1..10); at rung 1 a freed
 * 8 MiB huge block goes back to the OS at once (using that size again
 * faults its pages in again) and pool regions keep nothing waiting; from
 * the default rung up it is kept (no faults), and pool regions keep more
 * at each rung. */
static void test_profile(void) {
    const char *e = getenv("GOOSE_HEAP_PROFILE");
    int want = e != NULL && atoi(e) >= 1 && atoi(e) <= 10 && strspn(e, "0123456789") == strlen(e) ? atoi(e) : 5;
    size_t n = (size_t)8 << 20;
    uint8_t *p;
    long f0, faults;
    if (!goose_heap()) return;
    check("profile: the rung set is the rung read", gs_heap_profile() == want);
    p = (uint8_t *)gs_alloc_uninit(n);
    memset(p, 0xA5, n);
    gs_free(p);
    f0 = minflt();
    p = (uint8_t *)gs_alloc_uninit(n);
    memset(p, 0x5A, n);
    faults = minflt() - f0;
    gs_free(p);
    printf("  profile %d: %ld page faults using a freed 8 MiB block again; pool keep %zu KiB\n", want, faults,
           gs_heap_pool_keep() >> 10);
    if (want == 1) {
        check("profile 1: a freed huge block goes back at once", faults >= (long)(n / 4096 / 2));
        check("profile 1: pool regions keep nothing waiting", gs_heap_pool_keep() == 0);
    } else if (want >= 5) {
        check("profile: from the default rung a freed huge block is kept", faults < 64);
        check("profile: pool regions keep 16 MiB at the default rung, more above",
              want == 5 ? gs_heap_pool_keep() == (size_t)16 << 20 : gs_heap_pool_keep() > (size_t)16 << 20);
    }
}

int main(int argc, char **argv) {
    bool threads_only = argc > 1 && strcmp(argv[1], "threads") == 0;
    printf("heap mode: %s\n", gs_heap_mode() == 1 ? "goose" : "system");
    if (argc > 1 && strcmp(argv[1], "profile") == 0) {
        test_profile();
        printf("%d passed, %d failed\n", n_pass, n_fail);
        return n_fail != 0 || n_pass == 0;
    }
    test_mixed();
    if (!threads_only) {
        test_mid_runs();
        test_class_page();
        test_run_emptied();
        test_classes();
        test_block_index();
        test_model();
        test_reject();
        test_inline();
        test_rss();
        test_rss_random();
        test_grow();
        test_cache_bound();
        test_keep();
        test_keep_grow();
        test_best_fit();
    }
    test_threads();
    printf("%d passed, %d failed\n", n_pass, n_fail);
    return n_fail != 0;
}
