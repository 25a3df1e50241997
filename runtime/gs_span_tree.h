/* gs_span_tree.h — free-span bookkeeping for the slice pools, and the
 * address-space region their spans live in.
 *
 * gs_span_tree: the free spans of one pool, as offsets in units of the
 * pool's choosing (elements or bytes) from the start of its region. Spans
 * are kept in an augmented B+ tree keyed by offset: every inner entry knows
 * a separator offset and the largest free span beneath it, so
 *   - alloc is exact first fit in address order in O(log n): the free span
 *     with the lowest offset whose length is >= n; its front is carved off;
 *     when none fits the span is carved at the tail (t->tail grows);
 *   - free coalesces with both free neighbours, and a free span that reaches
 *     the tail returns to the tail (tail reuse) instead of entering the tree;
 *   - empty nodes go to a small node free list, a root with one child
 *     collapses, nodes stay between half full and full;
 *   - while every free span ends at or below 2^31 - 256, offsets and lengths are
 *     held as int32 (half the memory, twice the SIMD lanes); a free that
 *     stores a span ending beyond converts the tree to int64 nodes (t->wide).
 * Node memory comes from a gs_span_allocator (malloc by default) and the
 * nodes an insertion may need are reserved before anything changes, so an
 * allocation failure leaves the tree exactly as it was.
 *
 * gs_region: address space reserved up front (PROT_NONE) and committed as
 * the tail grows, so a span never moves. Large free spans give their pages
 * back to the OS (madvise MADV_DONTNEED); a bitmap records which pages are
 * known to be zero so gs_region_zero re-zeroes only what needs it.
 *
 * A pool over both, in units of `size` bytes (limit = reservation / size):
 *   off = gs_span_tree_alloc(&t, n);              -1: the region is full
 *   gs_region_commit(&r, (off + n) * size);       false: free it back, fail
 *   gs_region_zero(&r, off * size, n * size);     zeroed, skipping given-back pages
 *   ...the pool's exact-span check, then
 *   gs_span_tree_free(&t, off, n, &m);
 *   gs_region_after_free(&r, m.off * size, (m.off + m.len) * size,
 *                        off * size, (off + n) * size);
 *
 * Not here: which spans are live (exact-span checks on free are the pool's
 * job; gs_span_tree_overlaps_free is the cheap containment half of that
 * check), element types, runtime errors. Every symbol is gs_ / GS_;
 * compiles under clang, gcc and TinyCC 0.9.27 with -Wall -Wextra. */
#ifndef GS_SPAN_TREE_H
#define GS_SPAN_TREE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

typedef struct gs_span {
    int64_t off, len;
} gs_span;

/* The index of the lowest set bit of m (m != 0): the node scans' masks
 * and the heap's length bins. TinyCC 0.9.27 has no __builtin_ctzll; a de
 * Bruijn multiply there, in constant time. */
static inline int gs_span_ctz(uint64_t m) {
#ifdef __TINYC__
    static const uint8_t db[64] = {0,  1,  56, 2,  57, 49, 28, 3,  61, 58, 42, 50, 38, 29, 17, 4,
                                   62, 47, 59, 36, 45, 43, 51, 22, 53, 39, 33, 30, 24, 18, 12, 5,
                                   63, 55, 48, 27, 60, 41, 37, 16, 46, 35, 44, 21, 52, 32, 23, 11,
                                   54, 26, 40, 15, 34, 20, 31, 10, 25, 14, 19, 9,  13, 8,  7,  6};
    return db[((m & (0 - m)) * 0x03f79d71b4ca8b09ull) >> 58];
#else
    return __builtin_ctzll(m);
#endif
}

/* Where tree nodes come from. alloc returns NULL on failure; free gets the
 * size that was asked for. */
typedef struct gs_span_allocator {
    void *(*alloc)(void *ctx, size_t size);
    void (*free)(void *ctx, void *p, size_t size);
    void *ctx;
} gs_span_allocator;

typedef struct gs_span_node gs_span_node; /* private to gs_span_tree.c */

typedef struct gs_span_tree {
    gs_span_node *root;     /* NULL: no free span below the tail */
    gs_span_node *spare[2]; /* recycled nodes ready for the next split: [0] inner, [1] leaves */
    int32_t nspare[2];
    int32_t height;         /* levels below the root: 0 when the root is a leaf */
    int32_t wide;           /* 0: offsets and lengths held as int32 (ends up to 2^31 - 256); 1: int64 */
    int64_t tail;   /* [tail, limit) is free and never in the tree */
    int64_t limit;  /* the tail never passes it (the region's size in units) */
    int64_t nspans; /* free spans in the tree */
    int64_t nfree;  /* their total length */
    int64_t nnodes; /* nodes in the tree (spares not counted) */
    gs_span_allocator mem;
} gs_span_tree;

/* An empty tree (tail 0) over malloc, with no limit. Allocates nothing. */
void gs_span_tree_init(gs_span_tree *t);
/* The same with node memory from *mem and the tail bounded by limit. */
void gs_span_tree_init_with(gs_span_tree *t, const gs_span_allocator *mem, int64_t limit);
/* Gives every node back; the tree is then empty and may be reused. */
void gs_span_tree_destroy(gs_span_tree *t);

/* Offset of n >= 1 free units: the front of the first free span in address
 * order that holds n, else carved at the tail. -1 when neither fits (the
 * tail would pass t->limit) or n < 1; the tree is then unchanged. Never
 * allocates a node. */
int64_t gs_span_tree_alloc(gs_span_tree *t, int64_t n);

/* Frees [off, off+n): the caller guarantees it is allocated (below the tail
 * and overlapping no free span); n < 1 frees nothing. It coalesces with free neighbours; a span
 * that then ends at the tail pulls the tail back to its start. If merged is
 * not NULL it receives the free span the units became part of (when the
 * tail was pulled back: the range returned to the tail, merged->off ==
 * t->tail). false only when a node could not be allocated; nothing changed. */
bool gs_span_tree_free(gs_span_tree *t, int64_t off, int64_t n, gs_span *merged);

/* Resizes the allocated span [off, off+old_n) to new_n >= 1 units without
 * moving it. A shrink frees the rest (merged as in gs_span_tree_free) and
 * fails only when a node could not be allocated. A grow takes the front of
 * the free span that starts right after it, or the tail; it fails (nothing
 * changed) when that is not enough. merged->len is 0 when nothing was freed. */
bool gs_span_tree_resize_in_place(gs_span_tree *t, int64_t off, int64_t old_n, int64_t new_n,
                                  gs_span *merged);

/* true when [off, off+n) is not entirely allocated: some of it is free, at
 * or past the tail, or negative. O(log n). A pool's free is valid only when
 * this is false and the span is one it handed out. */
bool gs_span_tree_overlaps_free(const gs_span_tree *t, int64_t off, int64_t n);

/* The longest free span in the tree (0 when none). O(node order). */
int64_t gs_span_tree_largest(const gs_span_tree *t);

/* Entries per node compiled in (GS_SPAN_CAP), for tests and benchmarks. */
int gs_span_tree_order(void);

/* The narrow variant this build runs on this CPU: "scalar", "sse2", "avx2"
 * or "avx512" (wide trees are plain C whatever it says), for tests and
 * benchmarks. */
const char *gs_span_tree_variant(void);

/* Calls fn for every free span in address order. */
void gs_span_tree_visit(const gs_span_tree *t, void (*fn)(void *ctx, gs_span s), void *ctx);

/* Checks every invariant: ordering, separators that bound every span
 * beneath them, exact maxima in inner nodes, padded unused slots, no empty
 * or adjacent or overlapping spans, none touching the tail, node fill
 * bounds, equal leaf depth, counts, spare lists. NULL when all hold, else a
 * description (in a static buffer). O(size of the tree). */
const char *gs_span_tree_check(const gs_span_tree *t);

/* ---- gs_region: reserved address space, committed as the tail grows ---- */

/* A run of free whole pages waiting to be given back: [lo, hi). */
typedef struct gs_region_run {
    size_t lo, hi;
} gs_region_run;
#define GS_REGION_RUNS 8

typedef struct gs_region {
    uint8_t *base;       /* NULL until gs_region_init succeeds */
    size_t reserved;     /* bytes of address space, a multiple of page */
    size_t committed;    /* [base, base+committed) is readable and writable */
    size_t page;         /* the OS page size */
    size_t release_min;  /* free spans of at least this many bytes give pages back */
    uint64_t *clean;     /* one bit per committed page: it is known to hold zeros */
    size_t released;     /* pages given back so far (statistics) */
    void (*on_release)(const void *p, size_t len); /* NULL, or told of pages given back */
    size_t keep;         /* free pages waiting to be given back: at most this many bytes */
    size_t pend_lo, pend_hi; /* the hull of the waiting runs (none: equal) */
    size_t pend_bytes;   /* bytes in the waiting runs */
    gs_region_run pend[GS_REGION_RUNS]; /* waiting runs of free whole pages, oldest first (unused: lo == hi) */
    unsigned page_shift; /* page == 1 << page_shift */
} gs_region;

#define GS_REGION_RELEASE_MIN ((size_t)64 * 1024)
#define GS_REGION_KEEP ((size_t)16 << 20)

/* Reserves `reserve` bytes (rounded up to pages) of address space, none of
 * it committed. false when the OS refuses. */
bool gs_region_init(gs_region *r, size_t reserve);
/* gs_region_init with about want bytes, halving down to 1/64 of it when
 * the address space refuses more (a finite RLIMIT_AS, valgrind). */
bool gs_region_reserve(gs_region *r, size_t want);
/* Unmaps the region. */
void gs_region_destroy(gs_region *r);
/* Makes [0, end) readable and writable (committing ahead geometrically);
 * new pages are zero. false when end passes the reservation or the OS or
 * malloc refuses; the region is then unchanged. */
bool gs_region_commit(gs_region *r, size_t end);
/* Every byte a pool hands out passes through one of these two first, so
 * that the record of pages known to be zero stays true.
 * gs_region_zero makes the committed bytes [off, off+len) zero, skipping
 * pages known to be zero; gs_region_dirty only records that they may be
 * written (for memory the caller fills itself, e.g. a copy). Both leave
 * the pages they touch no longer known zero. */
void gs_region_zero_any(gs_region *r, size_t off, size_t len);
void gs_region_dirty(gs_region *r, size_t off, size_t len);
/* gs_region_zero: the common small span (inside one page that is not
 * known zero and that the pending run does not touch) is cleared here
 * without a call; every other case is gs_region_zero_any's. */
static inline void gs_region_zero(gs_region *r, size_t off, size_t len) {
    size_t pg = off >> r->page_shift; /* len 0: clears nothing, either way */
    if (__builtin_expect(((off + len - 1) >> r->page_shift) == pg && !((r->clean[pg / 64] >> (pg % 64)) & 1) &&
                             (off >= r->pend_hi || off + len <= r->pend_lo), 1)) {
        memset(r->base + off, 0, len);
        return;
    }
    gs_region_zero_any(r, off, len);
}
/* Gives back to the OS every whole page in [lo, hi) not already known zero. */
void gs_region_release(gs_region *r, size_t lo, size_t hi);
/* The release policy, called after every free with byte offsets: [lo, hi)
 * is the free span (or range returned to the tail) that the freed bytes
 * [flo, fhi) became part of. When the span is at least release_min long,
 * its whole pages are to be given back; only the freed bytes and
 * neighbours too short to have been given back before are looked at, so a
 * small free beside a huge free span costs O(1) pages.
 * Retention: those pages first wait, resident, in one of GS_REGION_RUNS
 * runs (joined with the runs they touch), and go back to the OS, oldest
 * run first, once the waiting runs pass `keep` bytes (or a new run finds
 * every slot taken). So a program that frees a large span and allocates
 * one again soon (a buffer per iteration) reuses its pages without a page
 * fault per page, as malloc keeps the top of its heap; and a hole that
 * grows by a few bytes per free costs one madvise per `keep` bytes (a
 * madvise costs ~28 us on these VMs). gs_region_zero and gs_region_dirty
 * trim the waiting runs away from bytes handed out again, so they only
 * ever cover free pages. keep 0: pages go back at once. */
void gs_region_after_free(gs_region *r, size_t lo, size_t hi, size_t flo, size_t fhi);
/* Gives every waiting run back now. */
void gs_region_flush(gs_region *r);

#endif
