/* gs_span_tree.c — the augmented B+ tree of free spans and the region its
 * spans live in (see gs_span_tree.h for the contract).
 *
 * Shape. Leaves hold free spans sorted by offset (key = offset, val =
 * length); inner nodes hold per child a separator (every span under child
 * i-1 ends at or before it, every span under child i starts at or after
 * it) and the longest span beneath the child, kept exact. Descending by
 * separator finds the leaf whose address range holds an offset; descending
 * by maximum finds the first span in address order that holds n units.
 * Separators are not the children's exact first offsets, so carving the
 * front of a span (the common alloc) writes nothing above its leaf but the
 * maxima. Leaves hold up to GS_SPAN_CAP spans, inner nodes up to
 * GS_SPAN_ICAP children; every node but the root is at least half full.
 *
 * Variants. The body is gs_span_tree_impl.h, compiled here up to four
 * times. A tree is "narrow" while every free span in it ends at or below
 * GS_SPAN_NARROW_END (2^31 - 256): keys and lengths are then int32, so a
 * node scan is a few SIMD compares (four lanes with SSE2, eight with AVX2,
 * sixteen with AVX-512) and a node is half the memory. A free that would
 * store a span ending beyond that converts the tree to the "wide" variant
 * (int64, plain C) — the only place a wide tree is made; an emptied tree
 * goes back to narrow on its next insertion. The narrow variant is
 * compiled for SSE2 (plain C under TinyCC or GS_SPAN_NO_SIMD) and, with
 * gcc or clang on x86-64, again for AVX2, chosen at run time when the CPU
 * has it (GS_SPAN_NO_AVX2 leaves it out). An AVX-512 variant is compiled
 * only with -DGS_SPAN_WITH_AVX512 (then it is chosen where the CPU runs
 * it): it runs slower than AVX2 on both machine generations measured
 * (bench/spantree, ns per pair at 1k / 10k / 100k live spans: Zen 4
 * 57 / 82 / 142 against 49 / 79 / 136, Zen 5 37 / 53 / 116 against
 * 35 / 52 / 112): its scans twice as wide buy nothing the
 * store-to-load chain below does not take back. All narrow variants place
 * spans identically; only speed differs.
 *
 * Speed. An operation is a root-to-leaf descent (by separator for free,
 * by maximum for alloc) and a leaf update. The common cases avoid
 * data-dependent branches, because a mispredicted branch at the end of a
 * descent throws away the work of the whole next operation:
 *   - free with both neighbours in its leaf (or at a leaf's edge, when the
 *     separator shows that the next leaf's spans cannot touch it): the
 *     four outcomes (new span, extend the predecessor, extend the
 *     successor down, join both) are one leaf update — write entry w,
 *     shift the entries above it by +1, 0 or -1 — done as a fixed-size
 *     copy into the leaf's slack (or, with AVX-512, as shifted
 *     whole-register stores), then the path's maxima are raised with a
 *     masked max; no branch on which case it was (the merged span is
 *     computed with masks, not selects, which compilers make branches),
 *     and the leaf's fill is read from its keys, not its header's line;
 *   - alloc carving a span's front: the new maxima on the path are
 *     computed from the values read during the descent (each node's other
 *     entries, the carved span's rest) and written back unconditionally.
 * A free that ends at the tail (common in the slice pools: a span freed
 * just after a bigger one was carved behind it) looks only at the last
 * free span, down the rightmost path without scans.
 * Node arrays are written as whole aligned SIMD chunks (and nodes are
 * 64-byte aligned), so the next operation's vector loads are served from
 * the store buffer: a narrower store under a wider load stalls ~25 cycles
 * on these machines.
 *
 * Node order: chosen by measurement (below).
 *
 * Not here: live-span bookkeeping, element sizes, runtime errors. */
#ifndef _DEFAULT_SOURCE
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS, MAP_NORESERVE, madvise */
#endif
#include "gs_span_tree.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

/* ---- node order, and where the time goes ----
 *
 * Order 32/32 (spans per leaf / children per inner node) is the fastest,
 * or within noise of it, at 1k to 1M live spans on bench/spantree's
 * random free+alloc pairs (docs/benchmarks.md, Span tree, has the
 * figures and bench/spantree/README.md how to rerun them). A wider inner
 * node pays only where it removes a level; otherwise every descent scans
 * more (order 32/256, two levels at 10k live spans, is 15-24% slower).
 *
 * A pair costs the latency of its own two descents (per level a node
 * scan, its mask, the child's load) and leaf updates: ~44 ns even at 100
 * live spans, everything in L1 (Zen 5). Consecutive operations do not overlap
 * even when nothing orders them (two trees whose pairs alternate cost
 * what one tree costs): the next alloc's root scan reads the maxima the
 * free just raised, so it waits for the free's whole descent. Writing
 * fewer maxima does not help; fewer levels or a shorter chain per level
 * would. At 10k live spans a pair runs ~590 instructions (gcc, AVX2):
 * ~160 in the six node scans, ~110 in the alloc's new maxima, ~55 in the
 * free's leaf update and raise, ~220 of frames, path and bookkeeping
 * around them. Designs measured against this one and lost (figures in
 * docs/benchmarks.md, Span tree): maxima written only when they change,
 * path guesses and a last-leaf finger, a per-size hint, upper-bound
 * maxima, a packed AVX2 mask, wider inner nodes (64 children: one level
 * fewer at 100k live spans and faster there, slower at 10k, where the
 * level count stays).
 */
#ifndef GS_SPAN_CAP
#define GS_SPAN_CAP 32 /* spans per leaf */
#endif
#ifndef GS_SPAN_ICAP
#define GS_SPAN_ICAP GS_SPAN_CAP /* children per inner node */
#endif
#define LC GS_SPAN_CAP
#define IC GS_SPAN_ICAP
#if LC != 4 && LC != 8 && LC != 16 && LC != 32 && LC != 64
#error "GS_SPAN_CAP must be 4, 8, 16, 32 or 64"
#endif
#if IC != 4 && IC != 8 && IC != 16 && IC != 32 && IC != 64 && IC != 128 && IC != 256
#error "GS_SPAN_ICAP must be 4, 8, 16, 32, 64, 128 or 256"
#endif
/* 64-bit words in the compare mask of the widest node array scanned */
#define GS_SPAN_NMASK ((IC > LC ? IC : LC) / 64 + 1)
/* Levels a tree of 2^62 spans can need (inner nodes but the root at least
 * half full): the length of a path (they live on the stack). */
#define GS_SPAN_MAXH (IC >= 64 ? 14 : IC >= 32 ? 18 : IC >= 16 ? 23 : IC >= 8 ? 33 : 64)
#define GS_SPAN_SPARE_MAX 64 /* recycled nodes kept per kind; the rest are freed */
#define GS_SPAN_NARROW_END ((int32_t)(INT32_MAX - 255)) /* a narrow tree's spans end at or below */

/* Asks for the n bytes at p (whole cache lines) ahead of their use. */
#ifdef __TINYC__
#define GS_SPAN_PREFETCH(p, n) ((void)(p), (void)(n))
#else
#define GS_SPAN_PREFETCH(p, n)                                                                     \
    do {                                                                                           \
        const char *pf_ = (const char *)(p);                                                       \
        size_t pi_;                                                                                \
        for (pi_ = 0; pi_ < (size_t)(n); pi_ += 64)                                                \
            __builtin_prefetch(pf_ + pi_);                                                         \
    } while (0)
#endif

#ifdef __TINYC__
#define GS_SPAN_UNROLL
#define GS_T_FN static
#define GS_T_IFN static
#define GS_T_API static
#define GS_SPAN_NOINLINE
#else
#define GS_SPAN_UNROLL _Pragma("GCC unroll 128")
#define GS_T_FN static __attribute__((unused))
#define GS_T_IFN static inline __attribute__((unused, always_inline))
#define GS_T_API static __attribute__((unused, noinline))
#define GS_SPAN_NOINLINE __attribute__((noinline))
#endif

#if defined(__SSE2__) && !defined(__TINYC__) && !defined(GS_SPAN_NO_SIMD)
#include <emmintrin.h>
#define GS_SPAN_SSE2 1
#else
#define GS_SPAN_SSE2 0
#endif

#if defined(__x86_64__) && !defined(__TINYC__) && !defined(GS_SPAN_NO_SIMD) && defined(GS_SPAN_WITH_AVX512) && \
    !defined(GS_SPAN_NO_AVX512) &&                                                                          \
    (__clang_major__ >= 8 || (!defined(__clang__) && __GNUC__ >= 8)) && LC % 16 == 0 && IC % 16 == 0
#include <immintrin.h>
#define GS_SPAN_AVX512 1
#define GS_SPAN_AVX512_TARGET "avx512f,avx512bw,avx512dq,avx512vl,bmi,bmi2,lzcnt,popcnt"
#else
#define GS_SPAN_AVX512 0
#endif

#if GS_SPAN_SSE2 && defined(__x86_64__) && !defined(GS_SPAN_NO_AVX2) &&                               \
    (__clang_major__ >= 8 || (!defined(__clang__) && __GNUC__ >= 8)) && LC % 8 == 0 && IC % 8 == 0
#include <immintrin.h>
#define GS_SPAN_AVX2 1
#define GS_SPAN_AVX2_TARGET "avx,avx2,bmi,bmi2"
#else
#define GS_SPAN_AVX2 0
#endif

/* Every node starts with this header, padded to a cache line so that the
 * arrays after it are 64-byte aligned (nodes are, see gs_span_node_new). */
struct gs_span_node {
    int32_t n;          /* entries in use: [0, n) */
    int32_t leaf;       /* 1: a leaf */
    gs_span_node *next; /* the spare list's link */
    void *raw;          /* what the allocator returned */
    char pad[64 - 2 * sizeof(int32_t) - 2 * sizeof(void *)];
};

/* A root-to-leaf path: node[l] at level l (0 = root), idx[l] the entry
 * taken there; at the leaf, idx is the entry (or insertion point). */
typedef struct gs_span_path {
    gs_span_node *node[GS_SPAN_MAXH];
    int idx[GS_SPAN_MAXH];
} gs_span_path;

typedef struct gs_span_check {
    char msg[160];
    int64_t prev_end; /* end of the last span seen, -1 before the first */
    int64_t nspans, nfree, nnodes;
} gs_span_check;

static const char *gs_span_check_fail(gs_span_check *c, const char *what, int64_t a, int64_t b) {
    snprintf(c->msg, sizeof c->msg, "%s (%lld, %lld)", what, (long long)a, (long long)b);
    return c->msg;
}

static void *gs_span_malloc(void *ctx, size_t size) {
    (void)ctx;
    return malloc(size);
}

static void gs_span_mfree(void *ctx, void *p, size_t size) {
    (void)ctx;
    (void)size;
    free(p);
}

/* A node of `size` bytes, 64-byte aligned whatever the allocator's
 * alignment: 64 bytes more are asked for. */
static gs_span_node *gs_span_node_new(gs_span_tree *t, size_t size) {
    char *raw = (char *)t->mem.alloc(t->mem.ctx, size + 64);
    gs_span_node *x;
    if (!raw)
        return NULL;
    x = (gs_span_node *)(raw + (64 - (uintptr_t)raw % 64));
    x->raw = raw;
    return x;
}

static void gs_span_node_del(gs_span_tree *t, gs_span_node *x, size_t size) {
    t->mem.free(t->mem.ctx, x->raw, size + 64);
}

static void gs_span_report(gs_span *merged, int64_t off, int64_t len) {
    if (merged) {
        merged->off = off;
        merged->len = len;
    }
}

#if GS_SPAN_SSE2
static const int32_t gs_span_lane[4][4] = { { -1, 0, 0, 0 }, { 0, -1, 0, 0 }, { 0, 0, -1, 0 }, { 0, 0, 0, -1 } };
/* -1 at [GS_SPAN_WMAX], 0 elsewhere: the 4 ints at gs_span_win + GS_SPAN_WMAX
 * - skip + j mark lane skip - j, so SSE2's max_but masks its skipped entry
 * with one load per chunk instead of building an index vector and
 * comparing (SSE2's two-operand compare would need a copy per chunk). */
#define GS_SPAN_WMAX (LC > IC ? LC : IC)
static const int32_t gs_span_win[2 * GS_SPAN_WMAX + 4] = { [GS_SPAN_WMAX] = -1 };
#if GS_SPAN_AVX2
/* 0, 1, 2, ...: AVX2's max_but compares these with the skipped index, one
 * compare per chunk with an operand at a constant address (kept in a
 * register); from the window above gcc recomputes a moving address for
 * every chunk, 10 instructions more per max_but. */
#define GS_SPAN_I4(b) (b), (b) + 1, (b) + 2, (b) + 3
#define GS_SPAN_I16(b) GS_SPAN_I4(b), GS_SPAN_I4((b) + 4), GS_SPAN_I4((b) + 8), GS_SPAN_I4((b) + 12)
#define GS_SPAN_I64(b) GS_SPAN_I16(b), GS_SPAN_I16((b) + 16), GS_SPAN_I16((b) + 32), GS_SPAN_I16((b) + 48)
static const int32_t gs_span_iota[256] __attribute__((aligned(64))) = { GS_SPAN_I64(0), GS_SPAN_I64(64),
                                                                       GS_SPAN_I64(128), GS_SPAN_I64(192) };
#endif
#endif

/* ---- the variants ---- */

/* narrow: int32, SSE2 (or plain C) */
#define GS_T(name) gs_sn_##name
#define GS_T_WIDE 0
#define GS_T_ISA (GS_SPAN_SSE2 ? 2 : 0)
#include "gs_span_tree_impl.h"
#undef GS_T
#undef GS_T_WIDE
#undef GS_T_ISA

/* wide: int64, plain C */
#define GS_T(name) gs_sw_##name
#define GS_T_WIDE 1
#define GS_T_ISA 0
#include "gs_span_tree_impl.h"
#undef GS_T
#undef GS_T_WIDE
#undef GS_T_ISA

#if GS_SPAN_AVX2 || GS_SPAN_AVX512
#undef GS_T_FN
#undef GS_T_IFN
#undef GS_T_API
#endif

#if GS_SPAN_AVX2
/* narrow: int32, AVX2 — only called when the CPU has it and not AVX-512 */
#define GS_T_FN static __attribute__((unused, target(GS_SPAN_AVX2_TARGET)))
#define GS_T_API static __attribute__((unused, noinline, target(GS_SPAN_AVX2_TARGET)))
#define GS_T_IFN static inline __attribute__((unused, always_inline, target(GS_SPAN_AVX2_TARGET)))
#define GS_T(name) gs_sy_##name
#define GS_T_WIDE 0
#define GS_T_ISA 3
#include "gs_span_tree_impl.h"
#undef GS_T
#undef GS_T_WIDE
#undef GS_T_ISA
#undef GS_T_FN
#undef GS_T_IFN
#undef GS_T_API
#else
#define gs_sy_alloc gs_sn_alloc
#define gs_sy_free gs_sn_free
#define gs_sy_grow gs_sn_grow
#define gs_sy_overlaps gs_sn_overlaps
#define gs_sy_largest gs_sn_largest
#endif

#if GS_SPAN_AVX512
/* narrow: int32, AVX-512 — only called when the CPU has it */
#define GS_T_FN static __attribute__((unused, target(GS_SPAN_AVX512_TARGET)))
#define GS_T_API static __attribute__((unused, noinline, target(GS_SPAN_AVX512_TARGET)))
#define GS_T_IFN static inline __attribute__((unused, always_inline, target(GS_SPAN_AVX512_TARGET)))
#define GS_T(name) gs_sz_##name
#define GS_T_WIDE 0
#define GS_T_ISA 5
#include "gs_span_tree_impl.h"
#undef GS_T
#undef GS_T_WIDE
#undef GS_T_ISA
#else
#define gs_sz_alloc gs_sn_alloc
#define gs_sz_free gs_sn_free
#define gs_sz_grow gs_sn_grow
#define gs_sz_overlaps gs_sn_overlaps
#define gs_sz_largest gs_sn_largest
#endif

#if GS_SPAN_AVX2 || GS_SPAN_AVX512
/* The narrow variant the CPU (and OS) run: 2 AVX-512, 1 AVX2, 0 SSE2;
 * decided once, out of line so that the API functions stay frameless. */
static int gs_span_isa = -1;

GS_SPAN_NOINLINE static int gs_span_isa_init(void) {
    int isa = 0;
    __builtin_cpu_init();
#if GS_SPAN_AVX2
    if (__builtin_cpu_supports("avx") && __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi") &&
        __builtin_cpu_supports("bmi2"))
        isa = 1;
#endif
#if GS_SPAN_AVX512
    if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
        __builtin_cpu_supports("avx512dq") && __builtin_cpu_supports("avx512vl") &&
        __builtin_cpu_supports("bmi") && __builtin_cpu_supports("bmi2"))
        isa = 2;
#endif
    gs_span_isa = isa;
    return isa;
}

static int gs_span_isa_now(void) {
    return gs_span_isa >= 0 ? gs_span_isa : gs_span_isa_init();
}

#define GS_SPAN_ISA() gs_span_isa_now()
#define GS_SPAN_KNOWN() (gs_span_isa >= 0) /* GS_SPAN_ISA() is then one load */
#else
#define GS_SPAN_ISA() 0
#define GS_SPAN_KNOWN() 1
#endif

/* return the variant's name(args) for tree t (direct calls, so the narrow
 * variants inline into the API functions) */
#define GS_SPAN_CALL(t, name, args)                                                                \
    do {                                                                                           \
        if ((t)->wide)                                                                             \
            return gs_sw_##name args;                                                              \
        if (GS_SPAN_ISA() == 2)                                                                    \
            return gs_sz_##name args;                                                              \
        if (GS_SPAN_ISA() == 1)                                                                    \
            return gs_sy_##name args;                                                              \
        return gs_sn_##name args;                                                                  \
    } while (0)

/* ---- narrow and wide ---- */

/* Drops the spares (their size belongs to the old variant) and switches an
 * empty tree to the other variant. */
static void gs_span_set_wide(gs_span_tree *t, int wide) {
    if (t->wide)
        gs_sw_drop_spares(t);
    else
        gs_sn_drop_spares(t);
    t->wide = wide;
}

/* A wide copy of the narrow subtree x, or NULL (nothing left allocated). */
static gs_span_node *gs_span_widen_node(gs_span_tree *t, gs_span_node *x) {
    gs_span_node *w = gs_span_node_new(t, x->leaf ? sizeof(gs_sw_leaf) : sizeof(gs_sw_inner));
    int i;
    if (!w)
        return NULL;
    gs_sw_node_clear(w, x->leaf);
    w->n = x->n;
    if (x->leaf) {
        for (i = 0; i < x->n; i++) {
            ((gs_sw_leaf *)w)->key[i] = ((gs_sn_leaf *)x)->key[i];
            ((gs_sw_leaf *)w)->val[i] = ((gs_sn_leaf *)x)->val[i];
        }
        return w;
    }
    for (i = 0; i < x->n; i++) {
        gs_span_node *c = gs_span_widen_node(t, ((gs_sn_inner *)x)->child[i]);
        if (!c) {
            w->n = i;
            gs_sw_free_subtree(t, w);
            return NULL;
        }
        ((gs_sw_inner *)w)->key[i] = ((gs_sn_inner *)x)->key[i];
        ((gs_sw_inner *)w)->val[i] = ((gs_sn_inner *)x)->val[i];
        ((gs_sw_inner *)w)->child[i] = c;
    }
    return w;
}

/* Converts a narrow tree to wide, same shape; false (unchanged) when a
 * node could not be allocated. */
static bool gs_span_widen(gs_span_tree *t) {
    gs_span_node *w = gs_span_widen_node(t, t->root);
    if (!w)
        return false;
    gs_sn_free_subtree(t, t->root);
    gs_span_set_wide(t, 1);
    t->root = w;
    return true;
}

/* ---- the API ---- */

void gs_span_tree_init_with(gs_span_tree *t, const gs_span_allocator *mem, int64_t limit) {
    memset(t, 0, sizeof *t);
    t->limit = limit;
    t->mem = *mem;
}

void gs_span_tree_init(gs_span_tree *t) {
    gs_span_allocator m;
    m.alloc = gs_span_malloc;
    m.free = gs_span_mfree;
    m.ctx = NULL;
    gs_span_tree_init_with(t, &m, INT64_MAX);
}

void gs_span_tree_destroy(gs_span_tree *t) {
    gs_span_allocator mem = t->mem;
    int64_t limit = t->limit;
    if (t->root) {
        if (t->wide)
            gs_sw_free_subtree(t, t->root);
        else
            gs_sn_free_subtree(t, t->root);
    }
    gs_span_set_wide(t, 0);
    gs_span_tree_init_with(t, &mem, limit);
}

GS_SPAN_NOINLINE static int64_t gs_span_tree_alloc_general(gs_span_tree *t, int64_t n) {
    if (n < 1)
        return -1;
    GS_SPAN_CALL(t, alloc, (t, n));
}

/* As gs_span_tree_free: the narrow variant's alloc by a tail call. */
int64_t gs_span_tree_alloc(gs_span_tree *t, int64_t n) {
    if (n >= 1 && !t->wide && GS_SPAN_KNOWN()) {
        if (!t->root) { /* nothing free below the tail (as the variants do, without their frame) */
            int64_t off = t->tail;
            if (n > t->limit - off)
                return -1;
            t->tail = off + n;
            return off;
        }
        if (GS_SPAN_ISA() == 2)
            return gs_sz_alloc(t, n);
        if (GS_SPAN_ISA() == 1)
            return gs_sy_alloc(t, n);
        return gs_sn_alloc(t, n);
    }
    return gs_span_tree_alloc_general(t, n);
}

/* gs_span_tree_free when the span may need the wide variant (or n < 1). */
GS_SPAN_NOINLINE static bool gs_span_tree_free_general(gs_span_tree *t, int64_t off, int64_t n,
                                                      gs_span *merged) {
    int64_t end = off + n;
    if (n < 1) {
        gs_span_report(merged, off, 0);
        return true;
    }
    if (end != t->tail) { /* the span will be stored: the variant must hold it */
        int wide = end > GS_SPAN_NARROW_END;
        if (!t->root && wide != t->wide)
            gs_span_set_wide(t, wide);
        else if (t->root && wide && !t->wide && !gs_span_widen(t))
            return false;
    }
    GS_SPAN_CALL(t, free, (t, off, n, merged));
}

/* The common case (a narrow tree keeps a narrow span) goes straight to the
 * variant: no frame here, the variant's call is a tail call. */
bool gs_span_tree_free(gs_span_tree *t, int64_t off, int64_t n, gs_span *merged) {
    if (n >= 1 && !t->wide && off + n <= GS_SPAN_NARROW_END && GS_SPAN_KNOWN()) {
        if (!t->root && off + n == t->tail) { /* back to the tail, nothing free below it */
            gs_span_report(merged, off, n);
            t->tail = off;
            return true;
        }
        if (GS_SPAN_ISA() == 2)
            return gs_sz_free(t, off, n, merged);
        if (GS_SPAN_ISA() == 1)
            return gs_sy_free(t, off, n, merged);
        return gs_sn_free(t, off, n, merged);
    }
    return gs_span_tree_free_general(t, off, n, merged);
}

bool gs_span_tree_resize_in_place(gs_span_tree *t, int64_t off, int64_t old_n, int64_t new_n,
                                  gs_span *merged) {
    int64_t end = off + old_n, d = new_n - old_n;
    gs_span_report(merged, end, 0);
    if (new_n < 1)
        return false;
    if (d <= 0)
        return d == 0 || gs_span_tree_free(t, off + new_n, -d, merged);
    if (end == t->tail) {
        if (d > t->limit - t->tail)
            return false;
        t->tail += d;
        return true;
    }
    GS_SPAN_CALL(t, grow, (t, end, d));
}

bool gs_span_tree_overlaps_free(const gs_span_tree *t, int64_t off, int64_t n) {
    if (off < 0 || n < 0 || off > t->tail || n > t->tail - off)
        return true;
    if (n == 0)
        return false;
    GS_SPAN_CALL(t, overlaps, (t, off, off + n - 1));
}

int gs_span_tree_order(void) {
    return GS_SPAN_CAP;
}

const char *gs_span_tree_variant(void) {
    static const char *const names[] = { GS_SPAN_SSE2 ? "sse2" : "scalar", "avx2", "avx512" };
    return names[GS_SPAN_ISA()];
}

int64_t gs_span_tree_largest(const gs_span_tree *t) {
    GS_SPAN_CALL(t, largest, (t));
}

void gs_span_tree_visit(const gs_span_tree *t, void (*fn)(void *ctx, gs_span s), void *ctx) {
    if (t->root)
        (t->wide ? gs_sw_visit_node : gs_sn_visit_node)(t->root, fn, ctx);
}

const char *gs_span_tree_check(const gs_span_tree *t) {
    static gs_span_check c;
    const char *e;
    c.prev_end = -1;
    c.nspans = c.nfree = c.nnodes = 0;
    if (t->tail < 0 || t->tail > t->limit)
        return gs_span_check_fail(&c, "tail out of range", t->tail, t->limit);
    if (t->wide != 0 && t->wide != 1)
        return gs_span_check_fail(&c, "variant flag out of range", t->wide, 1);
    e = t->wide ? gs_sw_check(t, &c) : gs_sn_check(t, &c);
    if (e)
        return e;
    if (c.prev_end >= t->tail)
        return gs_span_check_fail(&c, "free span touches or passes the tail", c.prev_end, t->tail);
    if (c.nspans != t->nspans || c.nfree != t->nfree)
        return gs_span_check_fail(&c, "span count or free total wrong", c.nspans - t->nspans,
                                  c.nfree - t->nfree);
    if (c.nnodes != t->nnodes)
        return gs_span_check_fail(&c, "node count wrong", c.nnodes, t->nnodes);
    return NULL;
}

/* ---- gs_region ---- */

static size_t gs_region_round(size_t x, size_t to) {
    return (x + to - 1) / to * to;
}

bool gs_region_init(gs_region *r, size_t reserve) {
    void *p;
    memset(r, 0, sizeof *r);
    r->page = (size_t)getpagesize(); /* not sysconf: its jump table and code cost a program ~128 KiB of libc pages */
    while (((size_t)1 << r->page_shift) < r->page)
        r->page_shift++;
    if (((size_t)1 << r->page_shift) != r->page)
        return false; /* not a power of two */
    r->release_min = GS_REGION_RELEASE_MIN;
    r->keep = GS_REGION_KEEP;
    reserve = gs_region_round(reserve ? reserve : 1, r->page);
    p = mmap(NULL, reserve, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (p == MAP_FAILED)
        return false;
    r->base = (uint8_t *)p;
    r->reserved = reserve;
    return true;
}

bool gs_region_reserve(gs_region *r, size_t want) {
    int i;
    for (i = 0; i < 7; i++, want /= 2)
        if (gs_region_init(r, want))
            return true;
    return false;
}

void gs_region_destroy(gs_region *r) {
    if (r->base)
        munmap(r->base, r->reserved);
    free(r->clean);
    memset(r, 0, sizeof *r);
}

static bool gs_region_is_clean(const gs_region *r, size_t pg) {
    return (r->clean[pg / 64] >> (pg % 64)) & 1;
}

static void gs_region_mark(gs_region *r, size_t pg, bool clean) {
    uint64_t bit = (uint64_t)1 << (pg % 64);
    if (clean)
        r->clean[pg / 64] |= bit;
    else
        r->clean[pg / 64] &= ~bit;
}

bool gs_region_commit(gs_region *r, size_t end) {
    size_t want, words, old_words, pg;
    uint64_t *bits;
    if (end <= r->committed)
        return true;
    if (end > r->reserved)
        return false;
    want = r->committed * 2 > end ? r->committed * 2 : end;
    want = gs_region_round(want, (size_t)64 * 1024);
    if (want > r->reserved)
        want = r->reserved;
    words = (want / r->page + 63) / 64;
    old_words = (r->committed / r->page + 63) / 64;
    bits = (uint64_t *)realloc(r->clean, words * sizeof *bits);
    if (!bits)
        return false;
    r->clean = bits;
    memset(bits + old_words, 0, (words - old_words) * sizeof *bits);
    if (mprotect(r->base + r->committed, want - r->committed, PROT_READ | PROT_WRITE) != 0)
        return false;
    for (pg = r->committed / r->page; pg < want / r->page; pg++)
        gs_region_mark(r, pg, true);
    r->committed = want;
    return true;
}

/* The hull of the waiting runs, which gs_region_zero's fast path tests. */
static void gs_region_hull(gs_region *r) {
    size_t i, lo = SIZE_MAX, hi = 0;
    for (i = 0; i < GS_REGION_RUNS; i++) {
        if (r->pend[i].lo == r->pend[i].hi)
            continue;
        lo = r->pend[i].lo < lo ? r->pend[i].lo : lo;
        hi = r->pend[i].hi > hi ? r->pend[i].hi : hi;
    }
    r->pend_lo = lo < hi ? lo : 0;
    r->pend_hi = lo < hi ? hi : 0;
}

/* Keeps the waiting runs off [off, off+len), bytes about to be handed out:
 * of a run they touch, what remains on the larger side of them. */
static void gs_region_unpend(gs_region *r, size_t off, size_t len) {
    size_t i, left_hi, right_lo;
    if (off >= r->pend_hi || off + len <= r->pend_lo)
        return;
    left_hi = off / r->page * r->page;
    right_lo = gs_region_round(off + len, r->page);
    for (i = 0; i < GS_REGION_RUNS; i++) {
        gs_region_run *w = &r->pend[i];
        size_t lh, rl, n = w->hi - w->lo;
        if (off >= w->hi || off + len <= w->lo)
            continue;
        lh = left_hi > w->lo ? left_hi : w->lo;
        rl = right_lo < w->hi ? right_lo : w->hi;
        if (lh - w->lo >= w->hi - rl)
            w->hi = lh;
        else
            w->lo = rl;
        r->pend_bytes -= n - (w->hi - w->lo);
    }
    gs_region_hull(r);
}

void gs_region_zero_any(gs_region *r, size_t off, size_t len) {
    size_t end = off + len, pg, run = off, at;
    bool pending = false;
    if (len == 0)
        return;
    gs_region_unpend(r, off, len);
    pg = off >> r->page_shift;
    if (((end - 1) >> r->page_shift) == pg) { /* within one page: the common small span */
        uint64_t *w = &r->clean[pg / 64], bit = (uint64_t)1 << (pg % 64);
        if (*w & bit)
            *w &= ~bit;
        else
            memset(r->base + off, 0, len);
        return;
    }
    for (; pg * r->page < end; pg++) {
        at = pg * r->page > off ? pg * r->page : off;
        if (gs_region_is_clean(r, pg)) {
            gs_region_mark(r, pg, false);
            if (pending)
                memset(r->base + run, 0, at - run);
            pending = false;
        } else if (!pending) {
            run = at;
            pending = true;
        }
    }
    if (pending)
        memset(r->base + run, 0, end - run);
}

void gs_region_dirty(gs_region *r, size_t off, size_t len) {
    size_t pg;
    gs_region_unpend(r, off, len);
    for (pg = off / r->page; len && pg * r->page < off + len; pg++)
        gs_region_mark(r, pg, false);
}

void gs_region_release(gs_region *r, size_t lo, size_t hi) {
    size_t pg, first = gs_region_round(lo, r->page) / r->page, last = hi / r->page, run = 0;
    bool pending = false;
    if (hi > r->committed)
        last = r->committed / r->page;
    for (pg = first; pg <= last; pg++) {
        bool dirty = pg < last && !gs_region_is_clean(r, pg);
        if (dirty && !pending) {
            run = pg;
            pending = true;
        } else if (!dirty && pending) {
            pending = false;
            /* only pages the OS really took back are known to be zero */
            if (madvise(r->base + run * r->page, (pg - run) * r->page, MADV_DONTNEED) != 0)
                continue;
            r->released += pg - run;
            if (r->on_release)
                r->on_release(r->base + run * r->page, (pg - run) * r->page);
            for (; run < pg; run++)
                gs_region_mark(r, run, true);
        }
    }
}

/* Gives waiting run i back. */
static void gs_region_give(gs_region *r, size_t i) {
    gs_region_run *w = &r->pend[i];
    if (w->lo < w->hi)
        gs_region_release(r, w->lo, w->hi);
    r->pend_bytes -= w->hi - w->lo;
    w->lo = w->hi = 0;
}

/* The oldest waiting run (they are kept oldest first), or GS_REGION_RUNS. */
static size_t gs_region_oldest(const gs_region *r) {
    size_t i;
    for (i = 0; i < GS_REGION_RUNS; i++)
        if (r->pend[i].lo < r->pend[i].hi)
            return i;
    return GS_REGION_RUNS;
}

/* [a, b) waits as the newest run, joined with the runs it touches. */
static void gs_region_wait(gs_region *r, size_t a, size_t b) {
    size_t i, j = 0;
    for (i = 0; i < GS_REGION_RUNS; i++) {
        gs_region_run w = r->pend[i];
        if (w.lo == w.hi)
            continue;
        r->pend[i].lo = r->pend[i].hi = 0;
        if (a <= w.hi && b >= w.lo) { /* both free, so is their union */
            a = a < w.lo ? a : w.lo;
            b = b > w.hi ? b : w.hi;
            r->pend_bytes -= w.hi - w.lo;
        } else {
            r->pend[j++] = w; /* kept in order, packed to the front */
        }
    }
    if (j == GS_REGION_RUNS) {
        gs_region_give(r, 0);
        memmove(r->pend, r->pend + 1, (GS_REGION_RUNS - 1) * sizeof r->pend[0]);
        j--;
    }
    r->pend[j].lo = a;
    r->pend[j].hi = b;
    r->pend_bytes += b - a;
    while (r->pend_bytes > r->keep)
        gs_region_give(r, gs_region_oldest(r));
    gs_region_hull(r);
}

void gs_region_after_free(gs_region *r, size_t lo, size_t hi, size_t flo, size_t fhi) {
    size_t a, b, inner_lo, inner_hi;
    if (hi - lo < r->release_min)
        return;
    a = flo - lo < r->release_min ? lo : flo / r->page * r->page;
    b = hi - fhi < r->release_min ? hi : gs_region_round(fhi, r->page);
    inner_lo = gs_region_round(lo, r->page);
    inner_hi = hi / r->page * r->page;
    a = a > inner_lo ? a : inner_lo;
    b = b < inner_hi ? b : inner_hi;
    if (a < b)
        gs_region_wait(r, a, b);
}

void gs_region_flush(gs_region *r) {
    size_t i;
    for (i = 0; i < GS_REGION_RUNS; i++)
        gs_region_give(r, i);
    r->pend_lo = r->pend_hi = 0;
}
