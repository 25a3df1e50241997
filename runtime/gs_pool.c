/* gs_pool.c — the builtin pools and the library pool primitives (see
 * gs_pool.h): slot storage and its growth, span pools over gs_span_tree
 * and gs_region with an exact live-span table, stable slices, and the
 * messages of pool misuse.
 * Not for: the span tree itself (gs_span_tree.c) or anything about the
 * compiler. Goose programs are single-threaded: no locking. */
#define _POSIX_C_SOURCE 200809L

#include "gs_pool.h"

#include <stdio.h>
#include <stdlib.h>

/* ---- errors ---- */

void gs_fail_pool_free_range(const gs_site *s, int64_t i, int64_t len) {
    char b[128];
    snprintf(b, sizeof b, "pool free of index %lld out of range for length %lld", (long long)i,
             (long long)len);
    gs_fail_msg(s, b);
}

void gs_fail_pool_free_twice(const gs_site *s, int64_t i) {
    char b[96];
    snprintf(b, sizeof b, "pool free of index %lld that is already free", (long long)i);
    gs_fail_msg(s, b);
}

void gs_fail_pool_negative(const gs_site *s, int64_t n) {
    char b[96];
    snprintf(b, sizeof b, "pool alloc of negative length %lld", (long long)n);
    gs_fail_msg(s, b);
}

void gs_fail_pool_span(const gs_site *s) {
    gs_fail_msg(s, "pool free of a slice that is not a live span of this pool");
}

void gs_fail_str(const gs_site *s, gs_str msg) {
    size_t n = (size_t)GS_SLEN(msg);
    char *b = (char *)malloc(n + 1);
    if (b == NULL) gs_fail_oom(s);
    if (n > 0) memcpy(b, msg.ptr, n);
    b[n] = 0;
    gs_fail_msg(s, b);
}

static void *pool_xrealloc(void *p, size_t n) {
    void *q = realloc(p, n ? n : 1);
    if (q == NULL) gs_fail_oom(NULL);
    return q;
}

/* A new region of GS_POOL_RESERVE bytes; out of memory when refused. */
static gs_region *pool_region_new(void) {
    gs_region *r = (gs_region *)pool_xrealloc(NULL, sizeof *r);
    if (!gs_region_init(r, GS_POOL_RESERVE)) gs_fail_oom(NULL);
    return r;
}

/* ---- reusable T ---- */

void gs_slots_grow(gs_slots *p, size_t esz) {
    int64_t ncap = p->cap < 16 ? 16 : p->cap * 2;
    size_t words;
    if (p->region == NULL) {
        p->region = pool_region_new();
        p->ptr = p->region->base;
    }
    if ((uint64_t)ncap > p->region->reserved / esz) ncap = (int64_t)(p->region->reserved / esz);
    if (ncap <= p->len || !gs_region_commit(p->region, (size_t)ncap * esz)) gs_fail_oom(NULL);
    p->free_idx = (int64_t *)pool_xrealloc(p->free_idx, (size_t)ncap * sizeof(int64_t));
    words = ((size_t)ncap + 63) / 64;
    p->live = (uint64_t *)pool_xrealloc(p->live, words * sizeof(uint64_t));
    memset(p->live + ((size_t)p->cap + 63) / 64, 0,
           (words - ((size_t)p->cap + 63) / 64) * sizeof(uint64_t));
    p->cap = ncap;
}

/* ---- reusable[] T: the live-span table (start offset -> length) ----
 * Open addressing with linear probing; keys are off + 1 (0 marks empty);
 * deletion shifts later entries back, so there are no tombstones. */

struct gs_spans_state {
    gs_span_tree tree;
    gs_region region;
    size_t esz;
    int64_t *keys, *lens;
    size_t cap, count;
};

static size_t live_slot(const gs_spans_state *st, int64_t key) {
    return (size_t)gs_hash_u64((uint64_t)key) & (st->cap - 1);
}

static void live_put(gs_spans_state *st, int64_t off, int64_t n);

static void live_grow(gs_spans_state *st) {
    int64_t *ok = st->keys, *ol = st->lens;
    size_t oc = st->cap, i;
    st->cap = oc ? oc * 2 : 64;
    st->keys = (int64_t *)calloc(st->cap, sizeof(int64_t));
    st->lens = (int64_t *)calloc(st->cap, sizeof(int64_t));
    if (st->keys == NULL || st->lens == NULL) gs_fail_oom(NULL);
    st->count = 0;
    for (i = 0; i < oc; i++)
        if (ok[i]) live_put(st, ok[i] - 1, ol[i]);
    free(ok);
    free(ol);
}

static void live_put(gs_spans_state *st, int64_t off, int64_t n) {
    size_t i;
    if ((st->count + 1) * 2 > st->cap) live_grow(st);
    for (i = live_slot(st, off + 1); st->keys[i]; i = (i + 1) & (st->cap - 1))
        if (st->keys[i] == off + 1) break;
    if (!st->keys[i]) st->count++;
    st->keys[i] = off + 1;
    st->lens[i] = n;
}

/* The slot holding off, or SIZE_MAX. */
static size_t live_find(const gs_spans_state *st, int64_t off) {
    size_t i;
    if (st->cap == 0) return SIZE_MAX;
    for (i = live_slot(st, off + 1); st->keys[i]; i = (i + 1) & (st->cap - 1))
        if (st->keys[i] == off + 1) return i;
    return SIZE_MAX;
}

static void live_remove_at(gs_spans_state *st, size_t i) {
    size_t j = i, mask = st->cap - 1;
    st->keys[i] = 0;
    st->count--;
    for (;;) {
        size_t home;
        j = (j + 1) & mask;
        if (!st->keys[j]) return;
        home = live_slot(st, st->keys[j]);
        /* move j back to i when its home is not in (i, j] (cyclically) */
        if ((i <= j) ? (home <= i || home > j) : (home <= i && home > j)) {
            st->keys[i] = st->keys[j];
            st->lens[i] = st->lens[j];
            st->keys[j] = 0;
            i = j;
        }
    }
}

/* ---- reusable[] T ---- */

static gs_spans_state *spans_state(gs_spans *p, size_t esz) {
    gs_spans_state *st = p->st;
    if (st) return st;
    st = (gs_spans_state *)calloc(1, sizeof *st);
    if (st == NULL || !gs_region_init(&st->region, GS_POOL_RESERVE)) gs_fail_oom(NULL);
    st->esz = esz;
    gs_span_tree_init(&st->tree);
    st->tree.limit = (int64_t)(st->region.reserved / esz);
    p->st = st;
    p->base = st->region.base;
    return st;
}

void *gs_spans_alloc(const gs_site *s, gs_spans *p, int64_t n, size_t esz) {
    gs_spans_state *st;
    int64_t off;
    if (n <= 0) {
        if (n < 0) gs_fail_pool_negative(s, n);
        return NULL;
    }
    st = spans_state(p, esz);
    off = gs_span_tree_alloc(&st->tree, n);
    if (off < 0) gs_fail_oom(s);
    if (!gs_region_commit(&st->region, (size_t)(off + n) * esz)) {
        gs_span_tree_free(&st->tree, off, n, NULL);
        gs_fail_oom(s);
    }
    gs_region_zero(&st->region, (size_t)off * esz, (size_t)n * esz);
    live_put(st, off, n);
    p->len = st->tree.tail;
    return st->region.base + (size_t)off * esz;
}

int64_t gs_spans_find(const gs_spans *p, const void *ptr, int64_t len, int64_t cap, size_t esz) {
    const gs_spans_state *st = p->st;
    uintptr_t a, b;
    size_t i;
    if (st == NULL || len <= 0 || !(cap & GS_OWN_BIT) || (cap & GS_LEN_MASK) != len) return -1;
    a = (uintptr_t)st->region.base;
    b = (uintptr_t)ptr;
    if (b < a || b - a >= (uintptr_t)st->tree.tail * esz || (b - a) % esz != 0) return -1;
    i = live_find(st, (int64_t)((b - a) / esz));
    if (i == SIZE_MAX || st->lens[i] != len) return -1;
    return (int64_t)((b - a) / esz);
}

void gs_spans_release(gs_spans *p, int64_t off, size_t esz) {
    gs_spans_state *st = p->st;
    size_t i = live_find(st, off);
    int64_t n = st->lens[i];
    gs_span m;
    if (!gs_span_tree_free(&st->tree, off, n, &m)) gs_fail_oom(NULL);
    live_remove_at(st, i);
    gs_region_after_free(&st->region, (size_t)m.off * esz, (size_t)(m.off + m.len) * esz,
                         (size_t)off * esz, (size_t)(off + n) * esz);
    p->len = st->tree.tail;
}

void gs_spans_free(const gs_site *s, gs_spans *p, const void *ptr, int64_t len, int64_t cap,
                   size_t esz) {
    int64_t off;
    if (len == 0) return;
    off = gs_spans_find(p, ptr, len, cap, esz);
    if (off < 0) gs_fail_pool_span(s);
    gs_spans_release(p, off, esz);
}

bool gs_spans_resize_in_place(gs_spans *p, int64_t off, int64_t m, size_t esz) {
    gs_spans_state *st = p->st;
    size_t i = live_find(st, off);
    int64_t n = st->lens[i];
    gs_span mg;
    if (m == n) return true;
    if (!gs_span_tree_resize_in_place(&st->tree, off, n, m, &mg)) return false;
    if (m > n) {
        if (!gs_region_commit(&st->region, (size_t)(off + m) * esz)) {
            gs_span_tree_resize_in_place(&st->tree, off, m, n, NULL);
            return false;
        }
        gs_region_zero(&st->region, (size_t)(off + n) * esz, (size_t)(m - n) * esz);
    } else if (mg.len > 0) {
        gs_region_after_free(&st->region, (size_t)mg.off * esz, (size_t)(mg.off + mg.len) * esz,
                             (size_t)(off + m) * esz, (size_t)(off + n) * esz);
    }
    st->lens[i] = m;
    p->len = st->tree.tail;
    return true;
}

void gs_spans_destroy(gs_spans *p) {
    gs_spans_state *st = p->st;
    if (st == NULL) return;
    gs_span_tree_destroy(&st->tree);
    gs_region_destroy(&st->region);
    free(st->keys);
    free(st->lens);
    free(st);
    memset(p, 0, sizeof *p);
}

/* ---- stable slices (library slot_pool storage) ----
 * The region of a stable slice is found from its base pointer in a small
 * table (only the slow path, growth, looks it up). */

static struct {
    gs_region **r;
    size_t n, cap;
} stable;

static gs_region *stable_region(void *ptr) {
    size_t i;
    gs_region *r;
    for (i = 0; ptr != NULL && i < stable.n; i++)
        if ((void *)stable.r[i]->base == ptr) return stable.r[i];
    r = pool_region_new();
    if (stable.n == stable.cap) {
        stable.cap = stable.cap ? stable.cap * 2 : 8;
        stable.r = (gs_region **)pool_xrealloc(stable.r, stable.cap * sizeof *stable.r);
    }
    stable.r[stable.n++] = r;
    return r;
}

gs_grow gs_stable_grow(void *ptr, int64_t len, int64_t cap, size_t esz) {
    gs_region *r = stable_region(ptr);
    int64_t c = cap & GS_LEN_MASK, nc = c < 16 ? 16 : c * 2;
    gs_grow g;
    if ((uint64_t)nc > r->reserved / esz) nc = (int64_t)(r->reserved / esz);
    if (nc <= len || !gs_region_commit(r, (size_t)nc * esz)) gs_fail_oom(NULL);
    g.ptr = r->base;
    g.cap = nc;
    return g;
}

void gs_stable_grow_at(void *ptr_field, int64_t len, int64_t *cap_field, size_t esz) {
    gs_grow_fields(gs_stable_grow, ptr_field, len, cap_field, esz);
}
