/* offset_alloc.h — an O(1) bucketed offset allocator, as a reference point
 * for bench/spantree. Not part of the runtime, not used by it.
 *
 * What it is: a clean-room C11 implementation (written for this benchmark
 * from the public description, no code taken) of the design of Sebastian
 * Aaltonen's OffsetAllocator (MIT): it hands out spans of a fixed range of
 * `total` units as offsets, in O(1) per alloc and per free:
 *   - a size maps to one of 256 bins by a small float: 3-bit mantissa,
 *     5-bit exponent (sizes below 8 are exact). A free span goes into the
 *     bin of its size rounded DOWN; a request looks from the bin of its
 *     size rounded UP, so any span found there is large enough;
 *   - a two-level bitmask (32 top bits, one per group of 8 bins; 32 leaf
 *     bytes, one bit per bin) finds the first non-empty bin >= the request
 *     with one or two count-trailing-zeros;
 *   - each bin is a doubly linked list of free nodes; nodes live in one
 *     preallocated array, unused ones on an index stack;
 *   - every node (free or allocated) links its neighbours in address order,
 *     so a free merges with a free neighbour on either side in O(1), and an
 *     alloc splits the rest of the span it took back into a bin.
 *
 * What it is NOT: first fit in address order. It takes the head of the
 * smallest non-empty bin that is guaranteed to fit (a good fit by size
 * class, anywhere in the range), and it ignores spans that would fit but
 * sit in the request's own rounded-down bin. So it places spans
 * differently from gs_span_tree (its checksum in bench.c is its own), keeps
 * no address order for the callers that rely on it (low addresses are not
 * preferred, so nothing steers free space towards the tail), and needs a
 * fixed total size and a node capacity up front. It is
 * here only to say what an O(1) allocator of this kind costs in this
 * harness, not as a substitute for the tree.
 *
 * Capacity: nodes = live spans + free spans, and free spans <= live + 1
 * (coalescing leaves no two free spans adjacent), so 2 * live + 2 nodes
 * never run out. An alloc that finds no bin returns node OA_NONE and counts
 * it in nfail. oa_check() verifies every invariant (slow; for tests).
 * Needs __builtin_ctz / __builtin_clz (gcc, clang). */
#ifndef OA_OFFSET_ALLOC_H
#define OA_OFFSET_ALLOC_H

#include <stdint.h>
#include <stdlib.h>

#define OA_NONE 0xffffffffu
#define OA_BINS 256

typedef struct oa_node {
    uint32_t off, size;            /* the span, in units */
    uint32_t bin_prev, bin_next;   /* its bin's free list (free nodes only) */
    uint32_t addr_prev, addr_next; /* the spans just below and just above */
    uint32_t used;                 /* 1: allocated, 0: free */
} oa_node;

typedef struct oa_allocator {
    uint32_t top;           /* bit g: leaf[g] != 0 */
    uint8_t leaf[32];       /* bit j of leaf[g]: bin 8g + j is not empty */
    uint32_t head[OA_BINS]; /* first node of each bin's list, OA_NONE: empty */
    oa_node *nodes;         /* cap nodes */
    uint32_t *stack;        /* indices of unused nodes, nstack of them */
    uint32_t nstack, cap, total;
    uint64_t nfail;         /* allocs that found no span */
} oa_allocator;

typedef struct oa_allocation {
    uint32_t off, node; /* node: the handle oa_free takes */
} oa_allocation;

/* ---- the size classes ---- */

/* The bin of a size rounded down: exponent e >= 1 and mantissa m stand for
 * (8 + m) << (e - 1); e = 0 for sizes 0..7, which are their own bin. */
static inline uint32_t oa_bin_down(uint32_t size) {
    uint32_t shift;
    if (size < 8)
        return size;
    shift = (uint32_t)(31 - __builtin_clz(size)) - 3; /* bits below the mantissa */
    return ((shift + 1) << 3) | ((size >> shift) & 7);
}

/* Rounded up: one bin more if any bit below the mantissa is set (a
 * mantissa of 7 carries into the exponent, which is the next bin too). */
static inline uint32_t oa_bin_up(uint32_t size) {
    uint32_t shift;
    if (size < 8)
        return size;
    shift = (uint32_t)(31 - __builtin_clz(size)) - 3;
    return (((shift + 1) << 3) | ((size >> shift) & 7)) + ((size & ((1u << shift) - 1)) != 0);
}

/* The smallest size of a bin. */
static inline uint64_t oa_bin_size(uint32_t bin) {
    uint32_t e = bin >> 3, m = bin & 7;
    return e ? (uint64_t)(8 + m) << (e - 1) : m;
}

/* ---- the bins' lists ---- */

static inline void oa_bin_push(oa_allocator *a, uint32_t i) {
    oa_node *n = &a->nodes[i];
    uint32_t b = oa_bin_down(n->size), h = a->head[b];
    n->bin_prev = OA_NONE;
    n->bin_next = h;
    if (h != OA_NONE)
        a->nodes[h].bin_prev = i;
    else {
        a->leaf[b >> 3] |= (uint8_t)(1u << (b & 7));
        a->top |= 1u << (b >> 3);
    }
    a->head[b] = i;
}

/* Clears bin b's bits after its list became empty. */
static inline void oa_bin_emptied(oa_allocator *a, uint32_t b) {
    a->leaf[b >> 3] &= (uint8_t)~(1u << (b & 7));
    if (!a->leaf[b >> 3])
        a->top &= ~(1u << (b >> 3));
}

static inline void oa_bin_remove(oa_allocator *a, uint32_t i) {
    oa_node *n = &a->nodes[i];
    if (n->bin_prev != OA_NONE)
        a->nodes[n->bin_prev].bin_next = n->bin_next;
    else {
        uint32_t b = oa_bin_down(n->size);
        a->head[b] = n->bin_next;
        if (n->bin_next == OA_NONE)
            oa_bin_emptied(a, b);
    }
    if (n->bin_next != OA_NONE)
        a->nodes[n->bin_next].bin_prev = n->bin_prev;
}

/* ---- the API ---- */

/* A range of `total` units (at most 2^32 - 1) with room for `cap` nodes.
 * Returns 0, or -1 when out of memory. */
static inline int oa_init(oa_allocator *a, uint32_t total, uint32_t cap) {
    uint32_t k, i;
    a->nodes = (oa_node *)calloc(cap, sizeof *a->nodes);
    a->stack = (uint32_t *)malloc((size_t)cap * sizeof *a->stack);
    if (!a->nodes || !a->stack || cap < 1 || total < 1) {
        free(a->nodes);
        free(a->stack);
        return -1;
    }
    a->top = 0;
    for (k = 0; k < 32; k++)
        a->leaf[k] = 0;
    for (k = 0; k < OA_BINS; k++)
        a->head[k] = OA_NONE;
    for (k = 0; k < cap; k++) /* pops hand out 0, 1, 2, ... */
        a->stack[k] = cap - 1 - k;
    a->nstack = cap;
    a->cap = cap;
    a->total = total;
    a->nfail = 0;
    i = a->stack[--a->nstack]; /* one free span: the whole range */
    a->nodes[i].off = 0;
    a->nodes[i].size = total;
    a->nodes[i].addr_prev = a->nodes[i].addr_next = OA_NONE;
    a->nodes[i].used = 0;
    oa_bin_push(a, i);
    return 0;
}

static inline void oa_destroy(oa_allocator *a) {
    free(a->nodes);
    free(a->stack);
    a->nodes = NULL;
    a->stack = NULL;
}

/* The first non-empty bin >= bin, or OA_NONE. */
static inline uint32_t oa_find_bin(const oa_allocator *a, uint32_t bin) {
    uint32_t g = bin >> 3, m = a->leaf[g] & (0xffu << (bin & 7)), t;
    if (m) /* in bin's own group of 8 */
        return (g << 3) | (uint32_t)__builtin_ctz(m);
    t = g + 1 < 32 ? a->top & (~0u << (g + 1)) : 0; /* a later group */
    if (!t)
        return OA_NONE;
    g = (uint32_t)__builtin_ctz(t);
    return (g << 3) | (uint32_t)__builtin_ctz(a->leaf[g]);
}

/* A span of size (>= 1) units: the head of the first non-empty bin that
 * fits, its front carved off, the rest back into a bin. */
static inline oa_allocation oa_alloc(oa_allocator *a, uint32_t size) {
    oa_allocation r;
    uint32_t b = oa_find_bin(a, oa_bin_up(size)), i;
    oa_node *n;
    if (b == OA_NONE) {
        a->nfail++;
        r.off = r.node = OA_NONE;
        return r;
    }
    i = a->head[b]; /* pop the head of bin b */
    n = &a->nodes[i];
    a->head[b] = n->bin_next;
    if (n->bin_next != OA_NONE)
        a->nodes[n->bin_next].bin_prev = OA_NONE;
    else
        oa_bin_emptied(a, b);
    n->used = 1;
    if (n->size > size) { /* the rest becomes a free node just above */
        uint32_t j = a->stack[--a->nstack];
        oa_node *rest = &a->nodes[j];
        rest->off = n->off + size;
        rest->size = n->size - size;
        rest->used = 0;
        rest->addr_prev = i;
        rest->addr_next = n->addr_next;
        if (n->addr_next != OA_NONE)
            a->nodes[n->addr_next].addr_prev = j;
        n->addr_next = j;
        n->size = size;
        oa_bin_push(a, j);
    }
    r.off = n->off;
    r.node = i;
    return r;
}

/* Frees the allocation whose handle is node i: merges it with a free
 * neighbour on either side (their nodes go back on the stack; node i
 * keeps the merged span) and puts it in its bin. */
static inline void oa_free(oa_allocator *a, uint32_t i) {
    oa_node *n = &a->nodes[i];
    uint32_t p = n->addr_prev, q = n->addr_next;
    n->used = 0;
    if (p != OA_NONE && !a->nodes[p].used) {
        oa_bin_remove(a, p);
        n->off = a->nodes[p].off;
        n->size += a->nodes[p].size;
        n->addr_prev = a->nodes[p].addr_prev;
        if (n->addr_prev != OA_NONE)
            a->nodes[n->addr_prev].addr_next = i;
        a->stack[a->nstack++] = p;
    }
    if (q != OA_NONE && !a->nodes[q].used) {
        oa_bin_remove(a, q);
        n->size += a->nodes[q].size;
        n->addr_next = a->nodes[q].addr_next;
        if (n->addr_next != OA_NONE)
            a->nodes[n->addr_next].addr_prev = i;
        a->stack[a->nstack++] = q;
    }
    oa_bin_push(a, i);
}

/* ---- checking (slow: O(cap + bins)) ---- */

/* Every invariant, or NULL when all hold: the stack holds distinct indices;
 * the nodes not on it chain in address order from 0 to total without gaps
 * or overlaps, links both ways, no two free neighbours; each free node is
 * on the list of the bin of its size rounded down, and on no other; each
 * bin's bits say whether its list is non-empty. *nfree gets the number of
 * free spans (NULL: not wanted). */
static inline const char *oa_check(const oa_allocator *a, uint32_t *nfree) {
    uint8_t *unused = (uint8_t *)calloc(a->cap ? a->cap : 1, 1);
    const char *err = NULL;
    uint32_t k, i, first = OA_NONE, nodes = 0, free_chain = 0, free_bins = 0;
    uint64_t end = 0;
    if (!unused)
        return "out of memory";
    if (a->nstack > a->cap)
        err = "stack overflow";
    for (k = 0; !err && k < a->nstack; k++) {
        if (a->stack[k] >= a->cap || unused[a->stack[k]])
            err = "stack: bad or repeated index";
        else
            unused[a->stack[k]] = 1;
    }
    for (i = 0; !err && i < a->cap; i++)
        if (!unused[i] && a->nodes[i].addr_prev == OA_NONE) {
            if (first != OA_NONE)
                err = "two nodes without an address predecessor";
            first = i;
        }
    if (!err && first == OA_NONE)
        err = "no first node";
    for (i = first; !err && i != OA_NONE; i = a->nodes[i].addr_next) {
        const oa_node *n = &a->nodes[i];
        if (i >= a->cap || unused[i])
            err = "address chain reaches an unused node";
        else if (++nodes > a->cap - a->nstack)
            err = "address chain longer than the nodes in use (cycle?)";
        else if (n->off != end || n->size == 0)
            err = "address chain: gap, overlap or empty span";
        else if (n->addr_next != OA_NONE && a->nodes[n->addr_next].addr_prev != i)
            err = "address chain: links disagree";
        else if (!n->used && n->addr_next != OA_NONE && !a->nodes[n->addr_next].used)
            err = "two free neighbours not merged";
        end += n->size;
        free_chain += !n->used;
    }
    if (!err && nodes != a->cap - a->nstack)
        err = "nodes in use missing from the address chain";
    if (!err && end != a->total)
        err = "the spans do not add up to total";
    for (k = 0; !err && k < OA_BINS; k++) {
        uint32_t prev = OA_NONE, bit = (a->leaf[k >> 3] >> (k & 7)) & 1;
        if (bit != (a->head[k] != OA_NONE))
            err = "a bin's leaf bit disagrees with its list";
        for (i = a->head[k]; !err && i != OA_NONE; i = a->nodes[i].bin_next) {
            const oa_node *n = &a->nodes[i];
            if (i >= a->cap || unused[i] || n->used)
                err = "a bin lists an unused or allocated node";
            else if (oa_bin_down(n->size) != k)
                err = "a node in the wrong bin";
            else if (n->bin_prev != prev)
                err = "a bin's links disagree";
            else if (++free_bins > free_chain)
                err = "bins list more nodes than are free (cycle?)";
            prev = i;
        }
    }
    for (k = 0; !err && k < 32; k++)
        if (((a->top >> k) & 1) != (a->leaf[k] != 0))
            err = "a top bit disagrees with its leaf";
    if (!err && free_bins != free_chain)
        err = "a free node is on no bin's list";
    if (nfree)
        *nfree = free_chain;
    free(unused);
    return err;
}

#endif
