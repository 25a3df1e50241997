/* span_index.h — exact first fit in address order without a tree: a
 * prototype beside gs_span_tree in bench/spantree (the `bitmap` arm). Not
 * part of the runtime, not used by it. Clean-room C11 (gcc or clang:
 * __builtin_ctzll, __builtin_clz), narrow only: offsets and lengths below
 * 2^31. Measured against the tree and the offset allocator in
 * bench/spantree/README.md: the same placements, more instructions and
 * several times the time; kept as the record of that design.
 *
 * The contract is gs_span_tree's (gs_span_tree.h): si_alloc(n) returns the
 * front of the free span with the lowest offset that holds n units, else
 * carves n at the tail, else -1 (the tail would pass the limit); si_free
 * coalesces with both free neighbours, and a free span that reaches the
 * tail pulls the tail back instead of being stored. So it places every
 * span where the tree does (bench.c prints the same checksum).
 *
 * Design:
 *   - bins: a free span of length L is in bin L when L < 16, else in bin
 *     16 * (octave - 3) + the 4 bits below its top bit (octave = floor(log2
 *     L); TLSF's two levels): 448 bins for lengths below 2^31, each
 *     holding lengths [lo, lo + 2^(octave - 4)). Every span of a bin above
 *     n's holds n; in n's own bin only some (none to check below 16);
 *   - per bin, the set of its span starts as a hierarchical 64-ary bitmap
 *     (bit w of level k+1: word w of level k is not zero). Spans of one
 *     octave start at least 2^octave units apart, so a bin's level 0 has
 *     one bit per 2^octave units (cell = start >> octave) and the start is
 *     kept in tag[] at the cell's last unit, which the span always covers.
 *     Set and clear touch every level without branches (2-4 levels);
 *     si_next (the bin's next start after s) looks in the cell's word,
 *     climbs to the first level with a later bit and descends with count
 *     trailing zeros;
 *   - per bin its lowest start (first[]), and suffix minima over the bins
 *     (sfx[b]: the lowest start of bins b and above), so the best
 *     candidate above n's bin is one load; a change of first[] updates
 *     sfx[] downwards until a bin's minimum does not change;
 *   - in n's own bin the spans are walked in address order while they start
 *     below that candidate and are shorter than n; the first that holds n
 *     wins, else the candidate does;
 *   - one uint32 per unit (tag[], reserved with MAP_NORESERVE): at a free
 *     span's start its length (flagged SI_START), at its end (an allocated
 *     unit: coalescing leaves no free span starting where another ends) its
 *     start, at its cell's last unit its start. Entries are never cleared:
 *     a start counts only while its bin's bit is set and the cell names
 *     it, an end tag only while it names such a start whose length
 *     reaches it. So free finds both neighbours in O(1).
 * Cost: O(levels) bitmap steps, the suffix-minimum updates (14-19 steps
 * per pair on bench/spantree's random pairs; at most 448) and the
 * own-bin walk, the one unbounded part: it visits the spans of n's bin
 * shorter than n that start before the first fit, so its worst case is
 * every free span (k spans of length n - 1 ahead of the first that
 * holds n, when n - 1 and n share a bin: n >= 32). The random pairs walk
 * 0.2-0.4 spans per alloc (log2 classes alone walked 5.6 at 1k and 21 at
 * 10k live spans: first fit leaves the short spans of a class in front).
 * Bounding it exactly needs per-bin maxima over address ranges, which is
 * the augmented tree again; finer bins only shrink the constant.
 * Memory: tag[] is 4 bytes per unit below the tail and the bitmaps about
 * 6 bits per unit of the limit (reserved); what is touched grows with the
 * range the free spans are spread over, not with their number: on
 * bench/spantree's pairs 3 / 27 / 258 MB resident at 1k / 10k / 100k
 * live spans (about 4.6 bytes per unit of the tail), against the tree's
 * ~12 bytes per free span. That spread is also its time: 12 D1 misses and
 * 7 mispredicted branches per pair at 10k (callgrind's model) against the
 * tree's 7 and 0.24.
 *
 * si_check verifies every invariant (slow; for the self-check). */
#ifndef SI_SPAN_INDEX_H
#define SI_SPAN_INDEX_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#define SI_NONE 0xffffffffu /* no start: above every offset */
#define SI_SUB 16            /* bins per octave (lengths below SI_SUB: one bin per length) */
#define SI_BINS (28 * SI_SUB) /* lengths below 2^31: octaves 4..30 after the exact group */
#define SI_OCTAVES 31
#define SI_MAXLV 6          /* 64^6 = 2^36 bits cover any limit below 2^31 */
#define SI_LIMIT_MAX 0x7fffffffu
#define SI_START 0x80000000u /* tag flag: this entry is a free span's length at its start */
#ifdef SI_STATS
#define SI_STAT(e) (void)(e)
#else
#define SI_STAT(e) (void)0
#endif

typedef struct si_index {
    uint32_t first[SI_BINS];          /* lowest start of each bin, SI_NONE: empty */
    uint32_t sfx[SI_BINS + 1];        /* sfx[b]: lowest start of the bins b and above */
    uint32_t *tag;                    /* per unit, see the header comment */
    uint64_t *bits;                   /* the bins' bitmaps */
    size_t base[SI_BINS];             /* bin b's bitmap starts at bits + base[b] */
    size_t lvoff[SI_OCTAVES][SI_MAXLV]; /* level k of a bin of octave c: + lvoff[c][k] */
    uint64_t nbits[SI_OCTAVES][SI_MAXLV]; /* bits in use at level k */
    uint32_t nlv[SI_OCTAVES];         /* levels (the last one is one word) */
    uint32_t tail, limit;             /* [tail, limit) is free and never stored */
    int64_t nspans, nfree;            /* free spans stored, their total length */
    uint64_t walks, steps, chain;     /* statistics (SI_STATS): own-bin walks, spans they looked at, suffix steps */
    size_t tag_bytes, bits_bytes;
} si_index;

/* The bin of a length >= 1: the length itself below SI_SUB, else its
 * octave and the next 4 bits below its top bit (TLSF's second level). A
 * bin holds lengths [lo, lo + 2^(octave - 4)): every span of a higher bin
 * is longer than every span of a lower one. */
static inline uint32_t si_bin(uint32_t len) {
    uint32_t c = 31u - (uint32_t)__builtin_clz(len), sh = c > 4 ? c - 4 : 0; /* one form, no branch */
    return sh * SI_SUB + (len >> sh);
}

/* The octave of bin b (floor(log2) of its lengths). */
static inline uint32_t si_oct(uint32_t b) {
    return b < SI_SUB ? 31u - (uint32_t)__builtin_clz(b) : b / SI_SUB + 3;
}

/* The start of the span of octave c whose bit is cell i: the cell's last
 * unit holds it, or is it (then it holds the flagged length). */
static inline uint32_t si_cell_start(const si_index *x, uint32_t c, uint64_t i) {
    uint32_t p = (uint32_t)(((i + 1) << c) - 1), v = x->tag[p];
    return v & SI_START ? p : v;
}

/* Sets cell u of bin b and its summary bits on every level: a fixed
 * number of unconditional ORs (the octave's levels, 2-4 in practice), no
 * branch on whether a word was empty. */
static inline void si_bit_set(si_index *x, uint32_t b, uint64_t u) {
    uint64_t *m = x->bits + x->base[b];
    const size_t *lv = x->lvoff[si_oct(b)];
    uint32_t k, n = x->nlv[si_oct(b)];
    for (k = 0; k < n; k++, u >>= 6)
        m[lv[k] + (u >> 6)] |= 1ull << (u & 63);
}

/* Clears cell u of bin b; a summary bit is cleared when the word below it
 * became zero, without a branch. */
static inline void si_bit_clear(si_index *x, uint32_t b, uint64_t u) {
    uint64_t *m = x->bits + x->base[b];
    const size_t *lv = x->lvoff[si_oct(b)];
    uint32_t k, n = x->nlv[si_oct(b)];
    uint64_t gone = 1; /* 1 while the word below became zero */
    for (k = 0; k < n; k++, u >>= 6) {
        uint64_t *w = m + lv[k] + (u >> 6);
        *w &= ~(gone << (u & 63));
        gone = *w == 0 && gone;
    }
}

static inline int si_has(const si_index *x, uint32_t b, uint64_t u) {
    return (int)((x->bits[x->base[b] + (u >> 6)] >> (u & 63)) & 1);
}

/* The first set cell of bin b at or after cell u, or SI_NONE. */
static inline uint64_t si_next_cell(const si_index *x, uint32_t b, uint64_t u) {
    const uint64_t *m = x->bits + x->base[b];
    uint32_t c = si_oct(b), k = 0;
    const size_t *lv = x->lvoff[c];
    uint64_t w;
    if (u >= x->nbits[c][0])
        return SI_NONE;
    for (;;) {
        w = m[lv[k] + (u >> 6)] & (~0ull << (u & 63));
        if (w)
            break;
        u = (u >> 6) + 1; /* the next word of this level, as a bit of the level above */
        if (++k == x->nlv[c] || u >= x->nbits[c][k])
            return SI_NONE;
    }
    u = (u & ~63ull) | (uint64_t)__builtin_ctzll(w);
    while (k--)
        u = (u << 6) | (uint64_t)__builtin_ctzll(m[lv[k] + u]);
    return u;
}

/* The first start of bin b after s (s's own cell not counted), or SI_NONE. */
static inline uint32_t si_next(const si_index *x, uint32_t b, uint32_t s) {
    uint32_t c = si_oct(b);
    uint64_t i = si_next_cell(x, b, ((uint64_t)s >> c) + 1);
    return i == SI_NONE ? SI_NONE : si_cell_start(x, c, i);
}

/* The lowest start among bins above b, SI_NONE if none. */
static inline uint32_t si_min_above(const si_index *x, uint32_t b) {
    return x->sfx[b + 1];
}

/* first[b] = v, and the suffix minima below it: a lower first lowers them
 * down to the first bin whose minimum is already lower; a higher one
 * recomputes them down to the first that does not change. */
static inline void si_set_first(si_index *x, uint32_t b, uint32_t v) {
    uint32_t k = b, old = x->first[b];
    x->first[b] = v;
    if (v < old) {
        for (; x->sfx[k] > v; k--) {
            SI_STAT(x->chain++);
            x->sfx[k] = v;
            if (!k)
                break;
        }
        return;
    }
    for (;; k--) {
        uint32_t m = x->first[k] < x->sfx[k + 1] ? x->first[k] : x->sfx[k + 1];
        SI_STAT(x->chain++);
        if (m == x->sfx[k])
            break;
        x->sfx[k] = m;
        if (!k)
            break;
    }
}

/* Stores the free span [s, s+len): its bit, its start tag, its end tag and
 * its start at its cell's last unit (when that is not s itself). first[]
 * is the caller's. Returns its bin. */
static inline uint32_t si_put(si_index *x, uint32_t s, uint32_t len) {
    uint32_t b = si_bin(len), c = si_oct(b);
    si_bit_set(x, b, s >> c);
    x->tag[(((s >> c) + 1) << c) - 1] = s; /* inside the span: len >= 2^c */
    x->tag[s] = len | SI_START;             /* overwrites the line above when it was s */
    x->tag[s + len] = s;
    return b;
}

/* The free span starting at u, as its length, or 0 when none does. */
static inline uint32_t si_start_len(const si_index *x, uint32_t u) {
    uint32_t v = x->tag[u], len = v & ~SI_START, b, c;
    if (!(v & SI_START) || !len)
        return 0;
    b = si_bin(len);
    c = si_oct(b);
    return si_has(x, b, u >> c) && si_cell_start(x, c, u >> c) == u ? len : 0;
}

/* ---- the API ---- */

/* Reserves the index for offsets below limit (1 .. 2^31 - 1): nothing is
 * committed. 0, or -1 when the address space is refused. */
static inline int si_init(si_index *x, uint32_t limit) {
    uint64_t words = 0, n;
    uint32_t k, c, b;
    size_t per[SI_OCTAVES];
    void *p;
    memset(x, 0, sizeof *x);
    if (limit < 1 || limit > SI_LIMIT_MAX)
        return -1;
    for (c = 0; c < SI_OCTAVES; c++) { /* octave c: one bit per 2^c units */
        uint64_t w = 0;
        for (k = 0, n = ((uint64_t)limit >> c) + 1; k < SI_MAXLV; k++) {
            x->nbits[c][k] = n;
            x->lvoff[c][k] = (size_t)w;
            n = (n + 63) / 64;
            w += n;
            x->nlv[c] = k + 1;
            if (n == 1)
                break;
        }
        per[c] = (size_t)w;
    }
    for (b = 1; b < SI_BINS; b++) {
        x->base[b] = (size_t)words;
        words += per[si_oct(b)];
    }
    x->bits_bytes = (size_t)words * 8;
    x->tag_bytes = ((size_t)limit + 1) * sizeof *x->tag;
    p = mmap(NULL, x->bits_bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (p == MAP_FAILED)
        return -1;
    x->bits = (uint64_t *)p;
    p = mmap(NULL, x->tag_bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (p == MAP_FAILED) {
        munmap(x->bits, x->bits_bytes);
        return -1;
    }
    x->tag = (uint32_t *)p;
    for (k = 0; k < SI_BINS; k++)
        x->first[k] = SI_NONE;
    for (k = 0; k <= SI_BINS; k++)
        x->sfx[k] = SI_NONE;
    x->limit = limit;
    return 0;
}

static inline void si_destroy(si_index *x) {
    if (x->bits)
        munmap(x->bits, x->bits_bytes);
    if (x->tag)
        munmap(x->tag, x->tag_bytes);
    memset(x, 0, sizeof *x);
}

/* The offset of n free units: exact first fit in address order, else the
 * tail; -1 when neither fits or n < 1. */
static inline int64_t si_alloc(si_index *x, int64_t n64) {
    uint32_t n, b, best, s, len, bl, rest;
    if (n64 < 1 || n64 > SI_LIMIT_MAX)
        return -1;
    n = (uint32_t)n64;
    b = si_bin(n);
    best = si_min_above(x, b);
    SI_STAT(x->walks++);
    for (s = x->first[b]; s < best; s = si_next(x, b, s)) {
        SI_STAT(x->steps++);
        if ((x->tag[s] & ~SI_START) >= n) {
            best = s;
            break;
        }
    }
    if (best == SI_NONE) { /* nothing free holds n: the tail */
        if (n > x->limit - x->tail)
            return -1;
        s = x->tail;
        x->tail += n;
        return s;
    }
    s = best;
    len = x->tag[s] & ~SI_START;
    bl = si_bin(len);
    rest = len - n;
    si_bit_clear(x, bl, s >> si_oct(bl));
    x->nfree -= n;
    if (rest) {
        uint32_t br = si_put(x, s + n, rest);
        if (s + n < x->first[br])
            si_set_first(x, br, s + n);
    } else
        x->nspans--;
    if (x->first[bl] == s) /* a rest in the same bin is the next start (maybe in s's own cell) */
        si_set_first(x, bl, rest && si_bin(rest) == bl ? s + n : si_next(x, bl, s));
    return s;
}

/* Frees [off, off+n) (allocated, below the tail); n < 1 frees nothing. The
 * span it became part of goes to *moff, *mlen (when the tail was pulled
 * back, *moff is the new tail), as gs_span_tree_free's merged. */
static inline void si_free(si_index *x, int64_t off64, int64_t n64, int64_t *moff, int64_t *mlen) {
    uint32_t off = (uint32_t)off64, end = (uint32_t)(off64 + n64), ms = off, me = end;
    uint32_t llen = 0, rlen = 0, bl = 0, br = 0, s;
    if (n64 < 1) {
        *moff = off64;
        *mlen = 0;
        return;
    }
    if (end != x->tail && (rlen = si_start_len(x, end)) != 0) { /* a free span right after */
        br = si_bin(rlen);
        si_bit_clear(x, br, end >> si_oct(br));
        me = end + rlen;
        x->nspans--;
    }
    if (off && (s = x->tag[off]) < off && si_start_len(x, s) == off - s) { /* a free span right before */
        llen = off - s;
        bl = si_bin(llen);
        si_bit_clear(x, bl, s >> si_oct(bl));
        ms = s;
        x->nspans--;
    }
    *moff = ms;
    *mlen = me - ms;
    if (me == x->tail) { /* back to the tail (then there was no right neighbour) */
        x->tail = ms;
        x->nfree -= llen;
        if (llen && x->first[bl] == ms)
            si_set_first(x, bl, si_next(x, bl, ms));
        return;
    }
    {
        uint32_t bm = si_put(x, ms, me - ms);
        x->nspans++;
        x->nfree += n64;
        if (ms < x->first[bm])
            si_set_first(x, bm, ms);
        if (llen && bl != bm && x->first[bl] == ms) /* the left one's start stays first if bm == bl */
            si_set_first(x, bl, si_next(x, bl, ms));
        if (rlen && x->first[br] == end) /* br == bm: first[bm] <= ms < end already */
            si_set_first(x, br, si_next(x, br, end));
    }
}

/* ---- the self-check ---- */

typedef struct si_span {
    uint32_t off, len;
} si_span;

static inline int si_cmp_span(const void *a, const void *b) {
    uint32_t p = ((const si_span *)a)->off, q = ((const si_span *)b)->off;
    return (p > q) - (p < q);
}

/* Every invariant: each upper bitmap bit says whether the word below is
 * not zero; each start's tag is a length of its class, and the tag at its
 * end names it; first[] is each class's lowest start; the spans neither
 * overlap nor touch each other or the tail; the counts. If out is not
 * NULL, *out receives the spans in address order (malloc'ed, the caller
 * frees it) and *nout their number. NULL when all hold, else what broke
 * (a static buffer). O(spans) per bin, and with full the summary bits too:
 * O(tail / 64) per bin. */
static inline const char *si_check(const si_index *x, int full, si_span **out, int64_t *nout) {
    static char msg[200];
    si_span *v = NULL;
    int64_t n = 0, cap = 0, total = 0, i;
    uint32_t b, k;
    uint64_t w;
    const char *err = NULL;
    if (x->sfx[SI_BINS] != SI_NONE || x->first[0] != SI_NONE)
        err = "bin 0 or the suffix sentinel is not empty";
    for (b = SI_BINS; b-- > 0 && !err;)
        if (x->sfx[b] != (x->first[b] < x->sfx[b + 1] ? x->first[b] : x->sfx[b + 1])) {
            snprintf(msg, sizeof msg, "bin %u: suffix minimum %u is not the lowest start from it up", b, x->sfx[b]);
            err = msg;
        }
    for (b = 1; b < SI_BINS && !err; b++) {
        uint32_t c = si_oct(b), prev = SI_NONE;
        uint64_t cell;
        for (k = 0; full && k + 1 < x->nlv[c] && !err; k++) {
            const uint64_t *lo = x->bits + x->base[b] + x->lvoff[c][k], *hi = x->bits + x->base[b] + x->lvoff[c][k + 1];
            for (w = 0; w <= ((uint64_t)x->tail >> c >> (6 * k)) / 64 && w < (x->nbits[c][k] + 63) / 64; w++)
                if (!lo[w] != !((hi[w >> 6] >> (w & 63)) & 1)) {
                    snprintf(msg, sizeof msg, "bin %u level %u word %llu: summary bit wrong", b, k + 1,
                             (unsigned long long)w);
                    err = msg;
                    break;
                }
        }
        for (cell = si_next_cell(x, b, 0); cell != SI_NONE && !err; cell = si_next_cell(x, b, cell + 1)) {
            uint32_t u = si_cell_start(x, c, cell), len = x->tag[u] & ~SI_START;
            if ((u >> c) != cell || !(x->tag[u] & SI_START)) {
                snprintf(msg, sizeof msg, "bin %u cell %llu: start %u is not a flagged start in it", b,
                         (unsigned long long)cell, u);
                err = msg;
            } else if (len < 1 || si_bin(len) != b) {
                snprintf(msg, sizeof msg, "start %u in bin %u has length %u", u, b, len);
                err = msg;
            } else if ((uint64_t)u + len >= x->tail) {
                snprintf(msg, sizeof msg, "span [%u, +%u) reaches the tail %u", u, len, x->tail);
                err = msg;
            } else if (x->tag[u + len] != u) {
                snprintf(msg, sizeof msg, "span [%u, +%u): its end tag says %u", u, len, x->tag[u + len]);
                err = msg;
            } else if (si_start_len(x, u) != len) {
                snprintf(msg, sizeof msg, "span [%u, +%u) not found by its start", u, len);
                err = msg;
            } else {
                if (prev == SI_NONE && x->first[b] != u) {
                    snprintf(msg, sizeof msg, "bin %u: first is %u, lowest start %u", b, x->first[b], u);
                    err = msg;
                }
                if (n == cap) {
                    cap = cap ? 2 * cap : 1024;
                    v = (si_span *)realloc(v, (size_t)cap * sizeof *v);
                }
                v[n].off = u;
                v[n++].len = len;
                total += len;
            }
            prev = u;
        }
        if (!err && prev == SI_NONE && x->first[b] != SI_NONE) {
            snprintf(msg, sizeof msg, "bin %u is empty but first is %u", b, x->first[b]);
            err = msg;
        }
    }
    if (!err && v)
        qsort(v, (size_t)n, sizeof *v, si_cmp_span);
    for (i = 0; !err && i + 1 < n; i++)
        if ((uint64_t)v[i].off + v[i].len >= v[i + 1].off) {
            snprintf(msg, sizeof msg, "spans [%u, +%u) and [%u, +%u) overlap or touch", v[i].off, v[i].len,
                     v[i + 1].off, v[i + 1].len);
            err = msg;
        }
    if (!err && (n != x->nspans || total != x->nfree)) {
        snprintf(msg, sizeof msg, "counts: %lld spans of %lld units, recorded %lld of %lld", (long long)n,
                 (long long)total, (long long)x->nspans, (long long)x->nfree);
        err = msg;
    }
    if (out && !err) {
        *out = v;
        *nout = n;
    } else
        free(v);
    return err;
}

#endif
