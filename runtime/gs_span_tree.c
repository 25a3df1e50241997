/* gs_span_tree.c — the augmented B+ tree of free spans and the region its
 * spans live in (see gs_span_tree.h for the contract).
 *
 * Shape. Leaves hold free spans (key = offset, val = length) sorted by
 * offset; inner nodes hold, per child, key = the lowest offset beneath it
 * (kept exact, not just a lower bound) and val = the longest span beneath
 * it. Unused slots hold key GS_SPAN_NONE and val 0, so the scans below run
 * over the whole array without looking at n. Exact lowest keys mean that
 * descending by offset lands on the leaf that holds the predecessor of any
 * offset, and that the successor's offset is readable in an ancestor when
 * it lies in the next leaf.
 *
 * Scans. Every node keeps beside val[] a float copy sat[] = min(val, 2^24)
 * (floats hold those integers exactly), so "first entry with val >= n"
 * is four SSE2 compares per 16 entries and a node's maximum is a few
 * maxps; lengths past 2^24 fall back to the exact int64 values. Offsets are
 * found by a quaternary search (three independent compares per step). Under
 * TinyCC, or without SSE2, the same scans run on the int64 values.
 *
 * Node order: GS_SPAN_CAP entries per node, chosen by measurement (the
 * table below; bench/spantree/README.md says how to rerun it).
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

/* ---- node order, chosen by measurement ----
 *
 * bench/spantree: random free+alloc pairs of 1..1024 units at a fixed
 * number of live spans (0.48 free spans per live span in steady state);
 * gcc 12 -O2 (baseline x86-64, SSE2), AMD EPYC (Zen 5), 2 vCPUs shared with
 * other jobs, so times are CPU-time medians of 7 interleaved runs and
 * instruction counts come from callgrind (exact, repeatable).
 *
 *   instructions per pair      8     16     32     64   glibc malloc
 *     1k live                648    588    532    633    169
 *     10k live               767    713    690    827    176
 *     100k live              895    847    851    873    174
 *   ns per pair (median)
 *     1k live                111     96     85    101     16
 *     10k live               138    117    118    138     27
 *     100k live              259    234    239    198    109
 *     1M live (busier run)   971   1011    852    817    278
 *
 * 32: fewest instructions at 1k and 10k, at most 15% behind the best order
 * anywhere. A node visit costs about CAP/16 mask words of scanning and CAP
 * entries of memmove on insert/delete, while the height shrinks only with
 * log(CAP): at 10k live (4.8k free spans) 32 gives 3 levels, 64 saves no
 * level and scans twice the width, 16 adds a level. clang -O2 needs 15%
 * fewer instructions (439 / 588 / 739 at order 32).
 * Short of the target (40 ns at 10k, 80 ns at 100k): a pair is two
 * root-to-leaf descents (by offset for the free, by size for the alloc)
 * plus a fix-up of maxima that climbs ~1.5 levels per operation, because
 * first fit keeps carving the largest span it reaches.
 */
#ifndef GS_SPAN_CAP
#define GS_SPAN_CAP 32
#endif
#if GS_SPAN_CAP != 4 && GS_SPAN_CAP != 8 && GS_SPAN_CAP != 16 && GS_SPAN_CAP != 32 && GS_SPAN_CAP != 64
#error "GS_SPAN_CAP must be 4, 8, 16, 32 or 64 (a power of two that fits a 64-bit mask)"
#endif
#define GS_SPAN_MIN (GS_SPAN_CAP / 2)  /* fill of every node but the root */
/* Levels a tree of 2^62 spans can need, every node but the root holding at
 * least GS_SPAN_MIN entries: the length of a path (they live on the stack). */
#define GS_SPAN_MAXH (GS_SPAN_MIN >= 32 ? 14 : GS_SPAN_MIN >= 16 ? 18 : GS_SPAN_MIN >= 8 ? 23 : GS_SPAN_MIN >= 4 ? 33 : 64)
#define GS_SPAN_SPARE_MAX 64           /* recycled nodes kept; the rest are freed */
#define GS_SPAN_NONE INT64_MAX         /* key of an unused slot */
#define GS_SPAN_SAT ((int64_t)1 << 24) /* floats hold every integer up to here */

/* The node scans run over a compile-time CAP: unrolled they are straight
 * lines of independent compares. */
#ifdef __TINYC__
#define GS_SPAN_UNROLL
#else
#define GS_SPAN_UNROLL _Pragma("GCC unroll 64")
#endif

#if defined(__SSE2__) && !defined(__TINYC__) && !defined(GS_SPAN_NO_SIMD)
#include <emmintrin.h>
#define GS_SPAN_SIMD 1
#else
#define GS_SPAN_SIMD 0
#endif

struct gs_span_node {
    int32_t n;          /* entries in use: [0, n) */
    int32_t leaf;       /* 1: val[] are span lengths; 0: val[] are maxima, child[] used */
    gs_span_node *next; /* the spare list's link */
    int64_t key[GS_SPAN_CAP];
    int64_t val[GS_SPAN_CAP];
    float sat[GS_SPAN_CAP]; /* min(val, GS_SPAN_SAT), exact in a float: what the SIMD scans read */
    gs_span_node *child[GS_SPAN_CAP]; /* inner nodes only: leaves are allocated without it */
};

/* Bytes of a node of each kind: a leaf stops before child[]. */
#define GS_SPAN_NODE_SIZE(leaf) ((leaf) ? offsetof(gs_span_node, child) : sizeof(gs_span_node))

/* A root-to-leaf path: node[l] at level l (0 = root), idx[l] the entry taken
 * there; at the leaf level idx is the entry (or insertion point) in question. */
typedef struct gs_span_path {
    gs_span_node *node[GS_SPAN_MAXH];
    int idx[GS_SPAN_MAXH];
} gs_span_path;

/* ---- nodes ---- */

static void *gs_span_malloc(void *ctx, size_t size) {
    (void)ctx;
    return malloc(size);
}

static void gs_span_mfree(void *ctx, void *p, size_t size) {
    (void)ctx;
    (void)size;
    free(p);
}

static void gs_span_node_clear(gs_span_node *x, int leaf) {
    int i;
    x->n = 0;
    x->leaf = leaf;
    x->next = NULL;
    for (i = 0; i < GS_SPAN_CAP; i++) {
        x->key[i] = GS_SPAN_NONE;
        x->val[i] = 0;
        x->sat[i] = 0.0f;
        if (!leaf)
            x->child[i] = NULL;
    }
}

/* Every write of a val goes through here, keeping sat in step. */
static void gs_span_put(gs_span_node *x, int i, int64_t v) {
    x->val[i] = v;
    x->sat[i] = v < GS_SPAN_SAT ? (float)v : (float)GS_SPAN_SAT;
}

/* Takes a reserved spare of the kind: callers reserve first (gs_span_reserve). */
static gs_span_node *gs_span_node_take(gs_span_tree *t, int leaf) {
    gs_span_node *x = t->spare[leaf];
    t->spare[leaf] = x->next;
    t->nspare[leaf]--;
    t->nnodes++;
    gs_span_node_clear(x, leaf);
    return x;
}

static void gs_span_node_push(gs_span_tree *t, gs_span_node *x, int leaf) {
    x->leaf = leaf;
    x->next = t->spare[leaf];
    t->spare[leaf] = x;
    t->nspare[leaf]++;
}

static void gs_span_node_recycle(gs_span_tree *t, gs_span_node *x) {
    t->nnodes--;
    if (t->nspare[x->leaf] >= GS_SPAN_SPARE_MAX)
        t->mem.free(t->mem.ctx, x, GS_SPAN_NODE_SIZE(x->leaf));
    else
        gs_span_node_push(t, x, x->leaf);
}

/* Makes sure the spares cover the worst insertion: a leaf split, a split at
 * every inner level and a new root. */
static bool gs_span_reserve(gs_span_tree *t) {
    int32_t need[2];
    int leaf;
    if (t->nspare[1] >= 1 && t->nspare[0] >= t->height + 1)
        return true;
    need[0] = t->root ? t->height + 1 : 0;
    need[1] = 1;
    for (leaf = 0; leaf < 2; leaf++) {
        while (t->nspare[leaf] < need[leaf]) {
            gs_span_node *x = (gs_span_node *)t->mem.alloc(t->mem.ctx, GS_SPAN_NODE_SIZE(leaf));
            if (!x)
                return false;
            gs_span_node_push(t, x, leaf);
        }
    }
    return true;
}

#define GS_SPAN_MAX(a, b) ((a) > (b) ? (a) : (b))

static int gs_span_ctz(uint64_t m) {
#ifdef __TINYC__
    int i = 0;
    while (!(m & 1)) {
        m >>= 1;
        i++;
    }
    return i;
#else
    return __builtin_ctzll(m);
#endif
}

static int64_t gs_span_node_max_exact(const gs_span_node *x) {
    int64_t a = 0, b = 0;
    int i;
    for (i = 0; i < GS_SPAN_CAP; i += 2) {
        a = GS_SPAN_MAX(a, x->val[i]);
        b = GS_SPAN_MAX(b, x->val[i + 1]);
    }
    return GS_SPAN_MAX(a, b);
}

#if GS_SPAN_SIMD
/* The largest val: from sat, four lanes at a time; exact unless saturated. */
static int64_t gs_span_node_max(const gs_span_node *x) {
    __m128 m = _mm_loadu_ps(&x->sat[0]);
    int i;
    float r;
    GS_SPAN_UNROLL
    for (i = 4; i < GS_SPAN_CAP; i += 4)
        m = _mm_max_ps(m, _mm_loadu_ps(&x->sat[i]));
    m = _mm_max_ps(m, _mm_shuffle_ps(m, m, 0x4E));
    m = _mm_max_ps(m, _mm_shuffle_ps(m, m, 0xB1));
    r = _mm_cvtss_f32(m);
    return r < (float)GS_SPAN_SAT ? (int64_t)r : gs_span_node_max_exact(x);
}

/* The first entry whose val is >= n, or -1: one compare per four entries. */
static int gs_span_node_fit(const gs_span_node *x, int64_t n) {
    uint64_t m = 0;
    int i;
    if (n > GS_SPAN_SAT) {
        for (i = 0; i < x->n; i++)
            if (x->val[i] >= n)
                return i;
        return -1;
    }
    {
        __m128 lim = _mm_set1_ps((float)n);
#if GS_SPAN_CAP >= 16
        /* sixteen compares packed into one byte mask */
        GS_SPAN_UNROLL
        for (i = 0; i < GS_SPAN_CAP; i += 16) {
            __m128i a = _mm_castps_si128(_mm_cmpge_ps(_mm_loadu_ps(&x->sat[i]), lim));
            __m128i b = _mm_castps_si128(_mm_cmpge_ps(_mm_loadu_ps(&x->sat[i + 4]), lim));
            __m128i c = _mm_castps_si128(_mm_cmpge_ps(_mm_loadu_ps(&x->sat[i + 8]), lim));
            __m128i d = _mm_castps_si128(_mm_cmpge_ps(_mm_loadu_ps(&x->sat[i + 12]), lim));
            __m128i ab = _mm_packs_epi32(a, b), cd = _mm_packs_epi32(c, d);
            m |= (uint64_t)(uint32_t)_mm_movemask_epi8(_mm_packs_epi16(ab, cd)) << i;
        }
#else
        GS_SPAN_UNROLL
        for (i = 0; i < GS_SPAN_CAP; i += 4)
            m |= (uint64_t)_mm_movemask_ps(_mm_cmpge_ps(_mm_loadu_ps(&x->sat[i]), lim)) << i;
#endif
    }
    return m ? gs_span_ctz(m) : -1;
}
#else
static int64_t gs_span_node_max(const gs_span_node *x) {
    return gs_span_node_max_exact(x);
}

static int gs_span_node_fit(const gs_span_node *x, int64_t n) {
    uint64_t m = 0;
    int i;
    for (i = 0; i < GS_SPAN_CAP; i++)
        m |= (uint64_t)(x->val[i] >= n) << i;
    return m ? gs_span_ctz(m) : -1;
}
#endif

/* log2(GS_SPAN_CAP) is odd: the quaternary search below needs one binary step. */
#define GS_SPAN_ODD_LOG ((GS_SPAN_CAP & 0xAAAAAAAA) != 0)

/* The last entry whose key is <= k, or 0 when there is none. A quaternary
 * search: three independent compares narrow the range by four, so the
 * chain of dependent loads is half as long as a binary search's. */
static int gs_span_node_rank(const gs_span_node *x, int64_t k) {
    const int64_t *key = x->key;
    int i = 0, q;
    GS_SPAN_UNROLL
    for (q = GS_SPAN_CAP / 4; q >= 1; q /= 4)
        i += q * ((key[i + q] <= k) + (key[i + 2 * q] <= k) + (key[i + 3 * q] <= k));
    if (GS_SPAN_ODD_LOG)
        i += key[i + 1] <= k;
    return i;
}

/* Opens cnt slots at pos (the node has room). */
static void gs_span_node_open(gs_span_node *x, int pos, int cnt) {
    int m = x->n - pos;
    memmove(&x->key[pos + cnt], &x->key[pos], (size_t)m * sizeof x->key[0]);
    memmove(&x->val[pos + cnt], &x->val[pos], (size_t)m * sizeof x->val[0]);
    memmove(&x->sat[pos + cnt], &x->sat[pos], (size_t)m * sizeof x->sat[0]);
    if (!x->leaf)
        memmove(&x->child[pos + cnt], &x->child[pos], (size_t)m * sizeof x->child[0]);
    x->n += cnt;
}

/* Drops the cnt entries at pos, padding the freed slots at the end. */
static void gs_span_node_close(gs_span_node *x, int pos, int cnt) {
    int m = x->n - pos - cnt, i;
    memmove(&x->key[pos], &x->key[pos + cnt], (size_t)m * sizeof x->key[0]);
    memmove(&x->val[pos], &x->val[pos + cnt], (size_t)m * sizeof x->val[0]);
    memmove(&x->sat[pos], &x->sat[pos + cnt], (size_t)m * sizeof x->sat[0]);
    if (!x->leaf)
        memmove(&x->child[pos], &x->child[pos + cnt], (size_t)m * sizeof x->child[0]);
    x->n -= cnt;
    for (i = x->n; i < x->n + cnt; i++) {
        x->key[i] = GS_SPAN_NONE;
        x->val[i] = 0;
        x->sat[i] = 0.0f;
        if (!x->leaf)
            x->child[i] = NULL;
    }
}

/* Copies cnt entries from src[spos] over dst[dpos] (slots already open). */
static void gs_span_node_copy(gs_span_node *dst, int dpos, const gs_span_node *src, int spos, int cnt) {
    memcpy(&dst->key[dpos], &src->key[spos], (size_t)cnt * sizeof dst->key[0]);
    memcpy(&dst->val[dpos], &src->val[spos], (size_t)cnt * sizeof dst->val[0]);
    memcpy(&dst->sat[dpos], &src->sat[spos], (size_t)cnt * sizeof dst->sat[0]);
    if (!dst->leaf)
        memcpy(&dst->child[dpos], &src->child[spos], (size_t)cnt * sizeof dst->child[0]);
}

/* Moves the last cnt entries of l to the front of r. */
static void gs_span_shift_right(gs_span_node *l, gs_span_node *r, int cnt) {
    gs_span_node_open(r, 0, cnt);
    gs_span_node_copy(r, 0, l, l->n - cnt, cnt);
    gs_span_node_close(l, l->n - cnt, cnt);
}

/* Moves the first cnt entries of r to the end of l. */
static void gs_span_shift_left(gs_span_node *l, gs_span_node *r, int cnt) {
    gs_span_node_copy(l, l->n, r, 0, cnt);
    l->n += cnt;
    gs_span_node_close(r, 0, cnt);
}

/* Parent entry i describes its child again. */
static void gs_span_describe(gs_span_node *par, int i) {
    par->key[i] = par->child[i]->key[0];
    gs_span_put(par, i, gs_span_node_max(par->child[i]));
}

/* After a change below node p->node[l] — the largest span that left the
 * subtree was `gone` (-1: none) and the largest that came was `came` (-1:
 * none) — brings the ancestors' keys and maxima up to date, stopping where
 * nothing changes. A node is scanned only when its maximum may have left:
 * splits, merges and moves between siblings keep a subtree's spans, so the
 * leaf's (gone, came) holds at every level above the first. */
static void gs_span_fix_up(gs_span_path *p, int l, int64_t gone, int64_t came) {
    for (; l > 0; l--) {
        gs_span_node *x = p->node[l], *par = p->node[l - 1];
        int i = p->idx[l - 1];
        int64_t old = par->val[i], m;
        if (came >= old)
            m = came;
        else if (gone < old)
            m = old;
        else
            m = gs_span_node_max(x);
        if (m == old && par->key[i] == x->key[0])
            return;
        gs_span_put(par, i, m);
        par->key[i] = x->key[0];
        gone = old;
        came = m;
    }
}

/* ---- descents ---- */

/* Path to the leaf holding the predecessor of offset k (the last span with
 * offset <= k); idx at the leaf is the number of its spans with offset <= k. */
static gs_span_node *gs_span_find_key(const gs_span_tree *t, int64_t k, gs_span_path *p) {
    gs_span_node *x = t->root;
    int l, i;
    for (l = 0; l < t->height; l++) {
        i = gs_span_node_rank(x, k);
        p->node[l] = x;
        p->idx[l] = i;
        x = x->child[i];
    }
    i = gs_span_node_rank(x, k);
    p->node[l] = x;
    p->idx[l] = i + (x->key[i] <= k);
    return x;
}

/* Path to the first span in address order of length >= n; false if none. */
static bool gs_span_find_fit(const gs_span_tree *t, int64_t n, gs_span_path *p) {
    gs_span_node *x = t->root;
    int l;
    for (l = 0;; l++) {
        int i = gs_span_node_fit(x, n);
        if (i < 0)
            return false; /* only at the root: a parent's maximum promised a fit */
        p->node[l] = x;
        p->idx[l] = i;
        if (l == t->height)
            return true;
        x = x->child[i];
    }
}

/* Offset of the first span after the leaf of path p (its lowest key is
 * stored in the nearest ancestor that has a next entry), or NONE. */
static int64_t gs_span_next_key(const gs_span_tree *t, const gs_span_path *p) {
    int l;
    for (l = t->height - 1; l >= 0; l--)
        if (p->idx[l] + 1 < p->node[l]->n)
            return p->node[l]->key[p->idx[l] + 1];
    return GS_SPAN_NONE;
}

/* Moves p to the first entry of the next leaf (which exists). */
static void gs_span_step_next(const gs_span_tree *t, gs_span_path *p) {
    int l = t->height - 1;
    while (p->idx[l] + 1 >= p->node[l]->n)
        l--;
    p->idx[l]++;
    for (; l < t->height; l++) {
        p->node[l + 1] = p->node[l]->child[p->idx[l]];
        p->idx[l + 1] = 0;
    }
}

/* ---- structural changes ---- */

/* Inserts span (k, v) at the leaf position of p, splitting full nodes on
 * the way up. Spares must be reserved. */
static void gs_span_insert(gs_span_tree *t, gs_span_path *p, int64_t k, int64_t v) {
    gs_span_node *nc = NULL;
    int l = t->height, pos = p->idx[l];
    int64_t came = v;
    for (;;) {
        gs_span_node *x = p->node[l], *y, *dst;
        if (x->n < GS_SPAN_CAP) {
            gs_span_node_open(x, pos, 1);
            x->key[pos] = k;
            gs_span_put(x, pos, v);
            if (!x->leaf)
                x->child[pos] = nc;
            gs_span_fix_up(p, l, -1, came);
            return;
        }
        y = gs_span_node_take(t, x->leaf);
        gs_span_shift_right(x, y, GS_SPAN_CAP / 2);
        dst = pos <= x->n ? x : y;
        if (dst == y)
            pos -= x->n;
        gs_span_node_open(dst, pos, 1);
        dst->key[pos] = k;
        gs_span_put(dst, pos, v);
        if (!dst->leaf)
            dst->child[pos] = nc;
        if (l == 0) {
            gs_span_node *r = gs_span_node_take(t, 0);
            r->n = 2;
            r->child[0] = x;
            r->child[1] = y;
            gs_span_describe(r, 0);
            gs_span_describe(r, 1);
            t->root = r;
            t->height++;
            return;
        }
        l--;
        gs_span_describe(p->node[l], p->idx[l]);
        k = y->key[0];
        v = gs_span_node_max(y);
        nc = y;
        pos = p->idx[l] + 1;
    }
}

/* Evens out two underfull-or-rich siblings l, r (children li, li+1 of par),
 * merging them when they fit in one node. true when merged. */
static bool gs_span_rebalance(gs_span_tree *t, gs_span_node *par, int li) {
    gs_span_node *l = par->child[li], *r = par->child[li + 1];
    int total = l->n + r->n;
    if (total <= GS_SPAN_CAP) {
        gs_span_shift_left(l, r, r->n);
        gs_span_node_close(par, li + 1, 1);
        gs_span_node_recycle(t, r);
        gs_span_describe(par, li);
        return true;
    }
    if (l->n < total / 2)
        gs_span_shift_left(l, r, total / 2 - l->n);
    else
        gs_span_shift_right(l, r, l->n - total / 2);
    gs_span_describe(par, li);
    gs_span_describe(par, li + 1);
    return false;
}

/* The root lost entries: an empty leaf root goes, an inner root with one
 * child collapses into it. */
static void gs_span_shrink_root(gs_span_tree *t) {
    gs_span_node *x = t->root;
    if (x->leaf && x->n == 0) {
        gs_span_node_recycle(t, x);
        t->root = NULL;
        t->height = 0;
        return;
    }
    while (!x->leaf && x->n == 1) {
        t->root = x->child[0];
        t->height--;
        gs_span_node_recycle(t, x);
        x = t->root;
    }
}

/* Removes the leaf entry at p, then refills or merges underfull nodes on
 * the way up. (gone, came) as for gs_span_fix_up: the leaf's change, the
 * removed span included. */
static void gs_span_delete(gs_span_tree *t, gs_span_path *p, int64_t gone, int64_t came) {
    int l = t->height;
    gs_span_node_close(p->node[l], p->idx[l], 1);
    for (; l > 0; l--) {
        gs_span_node *x = p->node[l], *par = p->node[l - 1];
        int i = p->idx[l - 1];
        if (x->n >= GS_SPAN_MIN) {
            gs_span_fix_up(p, l, gone, came);
            return;
        }
        if (!gs_span_rebalance(t, par, i > 0 ? i - 1 : i)) {
            gs_span_fix_up(p, l - 1, gone, came);
            return;
        }
    }
    gs_span_shrink_root(t);
}

/* Sets the leaf entry at p to (k, v), keeping the ancestors exact. */
static void gs_span_set(const gs_span_tree *t, gs_span_path *p, int64_t k, int64_t v) {
    gs_span_node *x = p->node[t->height];
    int i = p->idx[t->height];
    int64_t old = x->val[i];
    x->key[i] = k;
    gs_span_put(x, i, v);
    gs_span_fix_up(p, t->height, old, v);
}

/* Takes n units from the front of the span at p (its length is >= n). */
static void gs_span_carve(gs_span_tree *t, gs_span_path *p, int64_t n) {
    gs_span_node *x = p->node[t->height];
    int i = p->idx[t->height];
    t->nfree -= n;
    if (x->val[i] == n) {
        t->nspans--;
        gs_span_delete(t, p, n, -1);
    } else {
        gs_span_set(t, p, x->key[i] + n, x->val[i] - n);
    }
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

static void gs_span_free_subtree(gs_span_tree *t, gs_span_node *x) {
    int i;
    if (!x->leaf)
        for (i = 0; i < x->n; i++)
            gs_span_free_subtree(t, x->child[i]);
    t->mem.free(t->mem.ctx, x, GS_SPAN_NODE_SIZE(x->leaf));
}

void gs_span_tree_destroy(gs_span_tree *t) {
    gs_span_allocator mem = t->mem;
    int64_t limit = t->limit;
    int leaf;
    if (t->root)
        gs_span_free_subtree(t, t->root);
    for (leaf = 0; leaf < 2; leaf++) {
        while (t->spare[leaf]) {
            gs_span_node *x = t->spare[leaf];
            t->spare[leaf] = x->next;
            t->mem.free(t->mem.ctx, x, GS_SPAN_NODE_SIZE(leaf));
        }
    }
    gs_span_tree_init_with(t, &mem, limit);
}

int64_t gs_span_tree_alloc(gs_span_tree *t, int64_t n) {
    gs_span_path p;
    int64_t off;
    if (n < 1)
        return -1;
    if (t->root && gs_span_find_fit(t, n, &p)) {
        off = p.node[t->height]->key[p.idx[t->height]];
        gs_span_carve(t, &p, n);
        return off;
    }
    if (n > t->limit - t->tail)
        return -1;
    off = t->tail;
    t->tail += n;
    return off;
}

static void gs_span_report(gs_span *merged, int64_t off, int64_t len) {
    if (merged) {
        merged->off = off;
        merged->len = len;
    }
}

/* free with a predecessor that ends at off: grow it, swallow the successor
 * too when that starts at end, or hand it all to the tail. */
static void gs_span_free_after(gs_span_tree *t, gs_span_path *p, int64_t off, int64_t n, int64_t succ,
                               gs_span *merged) {
    gs_span_node *x = p->node[t->height];
    int pos = p->idx[t->height];
    int64_t lo = x->key[pos - 1], end = off + n;
    if (end == t->tail) {
        gs_span_report(merged, lo, end - lo);
        p->idx[t->height] = pos - 1;
        t->nspans--;
        t->nfree -= off - lo;
        gs_span_delete(t, p, off - lo, -1);
        t->tail = lo;
        return;
    }
    t->nfree += n;
    if (succ != end) {
        gs_span_report(merged, lo, end - lo);
        gs_span_put(x, pos - 1, end - lo);
        gs_span_fix_up(p, t->height, off - lo, end - lo);
        return;
    }
    t->nspans--;
    if (pos < x->n) { /* the successor is in this leaf */
        int64_t sl = x->val[pos];
        gs_span_put(x, pos - 1, end - lo + sl);
        gs_span_report(merged, lo, x->val[pos - 1]);
        gs_span_delete(t, p, GS_SPAN_MAX(off - lo, sl), x->val[pos - 1]);
    } else {
        gs_span_path q;
        int64_t sl;
        int l;
        for (l = 0; l <= t->height; l++) {
            q.node[l] = p->node[l];
            q.idx[l] = p->idx[l];
        }
        gs_span_step_next(t, &q);
        sl = q.node[t->height]->val[0];
        gs_span_put(x, pos - 1, end - lo + sl);
        gs_span_report(merged, lo, x->val[pos - 1]);
        gs_span_fix_up(p, t->height, off - lo, x->val[pos - 1]);
        gs_span_delete(t, &q, sl, -1);
    }
}

bool gs_span_tree_free(gs_span_tree *t, int64_t off, int64_t n, gs_span *merged) {
    gs_span_path p;
    gs_span_node *x;
    int pos;
    int64_t succ, end = off + n;
    if (n < 1) {
        gs_span_report(merged, off, 0);
        return true;
    }
    if (!t->root) {
        if (end == t->tail) {
            gs_span_report(merged, off, n);
            t->tail = off;
            return true;
        }
        if (!gs_span_reserve(t))
            return false;
        t->root = gs_span_node_take(t, 1);
        t->height = 0;
        p.node[0] = t->root;
        p.idx[0] = 0;
        gs_span_insert(t, &p, off, n);
        t->nspans++;
        t->nfree += n;
        gs_span_report(merged, off, n);
        return true;
    }
    x = gs_span_find_key(t, off, &p);
    pos = p.idx[t->height];
    succ = pos < x->n ? x->key[pos] : gs_span_next_key(t, &p);
    if (pos > 0 && x->key[pos - 1] + x->val[pos - 1] == off) {
        gs_span_free_after(t, &p, off, n, succ, merged);
        return true;
    }
    if (succ == end) { /* the successor starts where the freed units end: extend it down */
        if (pos == x->n) {
            gs_span_step_next(t, &p);
            x = p.node[t->height];
            pos = 0;
        }
        p.idx[t->height] = pos;
        gs_span_report(merged, off, x->val[pos] + n);
        gs_span_set(t, &p, off, x->val[pos] + n);
        t->nfree += n;
        return true;
    }
    gs_span_report(merged, off, n);
    if (end == t->tail) {
        t->tail = off;
        return true;
    }
    if (!gs_span_reserve(t))
        return false;
    gs_span_insert(t, &p, off, n);
    t->nspans++;
    t->nfree += n;
    return true;
}

bool gs_span_tree_resize_in_place(gs_span_tree *t, int64_t off, int64_t old_n, int64_t new_n,
                                  gs_span *merged) {
    gs_span_path p;
    gs_span_node *x;
    int64_t end = off + old_n, d = new_n - old_n;
    int pos;
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
    if (!t->root)
        return false;
    x = gs_span_find_key(t, end, &p);
    pos = p.idx[t->height] - 1;
    if (pos < 0 || x->key[pos] != end || x->val[pos] < d)
        return false;
    p.idx[t->height] = pos;
    gs_span_carve(t, &p, d);
    return true;
}

bool gs_span_tree_overlaps_free(const gs_span_tree *t, int64_t off, int64_t n) {
    gs_span_path p;
    gs_span_node *x;
    int pos;
    if (off < 0 || n < 0 || off > t->tail || n > t->tail - off)
        return true;
    if (n == 0 || !t->root)
        return false;
    x = gs_span_find_key(t, off + n - 1, &p);
    pos = p.idx[t->height] - 1;
    return pos >= 0 && x->key[pos] + x->val[pos] > off;
}

int gs_span_tree_order(void) {
    return GS_SPAN_CAP;
}

int64_t gs_span_tree_largest(const gs_span_tree *t) {
    return t->root ? gs_span_node_max(t->root) : 0;
}

static void gs_span_visit_node(const gs_span_node *x, void (*fn)(void *ctx, gs_span s), void *ctx) {
    int i;
    for (i = 0; i < x->n; i++) {
        if (x->leaf) {
            gs_span s;
            s.off = x->key[i];
            s.len = x->val[i];
            fn(ctx, s);
        } else {
            gs_span_visit_node(x->child[i], fn, ctx);
        }
    }
}

void gs_span_tree_visit(const gs_span_tree *t, void (*fn)(void *ctx, gs_span s), void *ctx) {
    if (t->root)
        gs_span_visit_node(t->root, fn, ctx);
}

/* ---- the invariant checker ---- */

typedef struct gs_span_check {
    char msg[160];
    int64_t prev_end; /* end of the last span seen, -1 before the first */
    int64_t nspans, nfree, nnodes;
} gs_span_check;

static const char *gs_span_check_fail(gs_span_check *c, const char *what, int64_t a, int64_t b) {
    snprintf(c->msg, sizeof c->msg, "%s (%lld, %lld)", what, (long long)a, (long long)b);
    return c->msg;
}

static const char *gs_span_check_slots(gs_span_check *c, const gs_span_node *x, int root) {
    int i;
    if (x->n < 1 || x->n > GS_SPAN_CAP)
        return gs_span_check_fail(c, "node count out of range", x->n, GS_SPAN_CAP);
    if (!root && x->n < GS_SPAN_MIN)
        return gs_span_check_fail(c, "node below minimum fill", x->n, GS_SPAN_MIN);
    if (root && !x->leaf && x->n < 2)
        return gs_span_check_fail(c, "inner root with one child", x->n, 2);
    for (i = x->n; i < GS_SPAN_CAP; i++)
        if (x->key[i] != GS_SPAN_NONE || x->val[i] != 0 || x->sat[i] != 0.0f ||
            (!x->leaf && x->child[i] != NULL))
            return gs_span_check_fail(c, "unused slot not padded", i, x->n);
    return NULL;
}

static const char *gs_span_check_node(gs_span_check *c, const gs_span_node *x, int depth, int height) {
    const char *e = gs_span_check_slots(c, x, depth == 0);
    int i;
    c->nnodes++;
    if (e)
        return e;
    if ((depth == height) != (x->leaf == 1))
        return gs_span_check_fail(c, "leaf at the wrong depth", depth, height);
    for (i = 0; i < x->n; i++) {
        if (x->sat[i] != (float)(x->val[i] < GS_SPAN_SAT ? x->val[i] : GS_SPAN_SAT))
            return gs_span_check_fail(c, "saturated copy of a length is wrong", x->val[i], x->sat[i]);
        if (x->leaf) {
            if (x->val[i] < 1)
                return gs_span_check_fail(c, "empty span", x->key[i], x->val[i]);
            if (x->key[i] < 0)
                return gs_span_check_fail(c, "negative offset", x->key[i], x->val[i]);
            if (x->key[i] < c->prev_end)
                return gs_span_check_fail(c, "spans out of order or overlapping", c->prev_end, x->key[i]);
            if (x->key[i] == c->prev_end)
                return gs_span_check_fail(c, "adjacent free spans not coalesced", c->prev_end, x->key[i]);
            c->prev_end = x->key[i] + x->val[i];
            c->nspans++;
            c->nfree += x->val[i];
            continue;
        }
        if (!x->child[i])
            return gs_span_check_fail(c, "missing child", depth, i);
        if (x->key[i] != x->child[i]->key[0])
            return gs_span_check_fail(c, "inner key is not the child's lowest offset", x->key[i],
                                      x->child[i]->key[0]);
        if (x->val[i] != gs_span_node_max_exact(x->child[i]))
            return gs_span_check_fail(c, "inner maximum is wrong", x->val[i],
                                      gs_span_node_max_exact(x->child[i]));
        e = gs_span_check_node(c, x->child[i], depth + 1, height);
        if (e)
            return e;
    }
    return NULL;
}

const char *gs_span_tree_check(const gs_span_tree *t) {
    static gs_span_check c;
    const gs_span_node *s;
    int32_t nspare[2] = { 0, 0 };
    int leaf;
    c.prev_end = -1;
    c.nspans = c.nfree = c.nnodes = 0;
    if (t->tail < 0 || t->tail > t->limit)
        return gs_span_check_fail(&c, "tail out of range", t->tail, t->limit);
    if (t->root) {
        const char *e;
        if (t->height < 0 || t->height >= GS_SPAN_MAXH)
            return gs_span_check_fail(&c, "height out of range", t->height, GS_SPAN_MAXH);
        e = gs_span_check_node(&c, t->root, 0, t->height);
        if (e)
            return e;
    }
    if (c.prev_end >= t->tail)
        return gs_span_check_fail(&c, "free span touches or passes the tail", c.prev_end, t->tail);
    if (c.nspans != t->nspans || c.nfree != t->nfree)
        return gs_span_check_fail(&c, "span count or free total wrong", c.nspans - t->nspans,
                                  c.nfree - t->nfree);
    if (c.nnodes != t->nnodes)
        return gs_span_check_fail(&c, "node count wrong", c.nnodes, t->nnodes);
    for (leaf = 0; leaf < 2; leaf++) {
        for (s = t->spare[leaf]; s; s = s->next)
            nspare[leaf]++;
        if (nspare[leaf] != t->nspare[leaf] || nspare[leaf] > GS_SPAN_SPARE_MAX + GS_SPAN_MAXH)
            return gs_span_check_fail(&c, "spare list length wrong", nspare[leaf], t->nspare[leaf]);
    }
    return NULL;
}

/* ---- gs_region ---- */

static size_t gs_region_round(size_t x, size_t to) {
    return (x + to - 1) / to * to;
}

bool gs_region_init(gs_region *r, size_t reserve) {
    void *p;
    memset(r, 0, sizeof *r);
    r->page = (size_t)sysconf(_SC_PAGESIZE);
    r->release_min = GS_REGION_RELEASE_MIN;
    reserve = gs_region_round(reserve ? reserve : 1, r->page);
    p = mmap(NULL, reserve, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (p == MAP_FAILED)
        return false;
    r->base = (uint8_t *)p;
    r->reserved = reserve;
    return true;
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

void gs_region_zero(gs_region *r, size_t off, size_t len) {
    size_t end = off + len, pg, run = off, at;
    bool pending = false;
    if (len == 0)
        return;
    for (pg = off / r->page; pg * r->page < end; pg++) {
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
            for (; run < pg; run++)
                gs_region_mark(r, run, true);
        }
    }
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
        gs_region_release(r, a, b);
}
