/* gs_heap.c — the Goose heap (see gs_heap.h for the design).
 *
 * Layout: four reserved regions, each a gs_region committed as it grows:
 *   slabs   64 KiB slabs; which are in use: a gs_span_tree in slab units
 *   descs   one ht_slab descriptor per slab (out of band: blocks start at
 *           the slab's start, so every class is 16-aligned)
 *   runs    page runs; which pages are in use: a gs_span_tree in pages
 *   map     one uint32 per run page: the run's page count at its first
 *           page while it is live, else 0
 * and huge blocks, each its own mmap, in a hash set of (address, size).
 *
 * Who writes what (threads): a slab's free list, bump index, `used` count,
 * list links and live bitmap are written only by the thread heap that owns
 * it; its `pend` bitmap (blocks freed by other threads, not yet reclaimed)
 * by anyone, atomically. Slab creation and release, runs, huge blocks and
 * the list of thread heaps are under the global lock. */
#define _GNU_SOURCE /* mremap, MAP_ANONYMOUS, MAP_NORESERVE, madvise */

#include "gs_heap.h"

#include "goose_rt.h"
#include "gs_span_tree.h"

#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <unistd.h>

/* ================================================================
 * Atomics and thread-local storage. TinyCC 0.9.27 has neither: what it
 * compiles is single-threaded and these are plain accesses.
 * ================================================================ */
#ifdef __TINYC__
#define HT_TLS
#define AT_LD(p) (*(p))
#define AT_ST(p, v) (*(p) = (v))
static uint64_t at_or64(uint64_t *p, uint64_t v) {
    uint64_t o = *p;
    *p = o | v;
    return o;
}
static uint64_t at_and64(uint64_t *p, uint64_t v) {
    uint64_t o = *p;
    *p = o & v;
    return o;
}
static void *at_xchg_ptr(void **p, void *v) {
    void *o = *p;
    *p = v;
    return o;
}
static bool at_cas_ptr(void **p, void *old, void *v) {
    if (*p != old) return false;
    *p = v;
    return true;
}
#define AT_OR64(p, v) at_or64(p, v)
#define AT_AND64(p, v) at_and64(p, v)
#define AT_XCHG_PTR(p, v) at_xchg_ptr(p, v)
#define AT_CAS_PTR(p, old, v) at_cas_ptr(p, old, v)
#define AT_LOCK(p) (*(p) = 1, 0)
#define AT_UNLOCK(p) (*(p) = 0)
#define AT_PAUSE() ((void)0)
#else
#define HT_TLS _Thread_local
#define AT_LD(p) __atomic_load_n(p, __ATOMIC_RELAXED)
#define AT_ST(p, v) __atomic_store_n(p, v, __ATOMIC_RELAXED)
#define AT_OR64(p, v) __atomic_fetch_or(p, v, __ATOMIC_ACQ_REL)
#define AT_AND64(p, v) __atomic_fetch_and(p, v, __ATOMIC_ACQ_REL)
#define AT_XCHG_PTR(p, v) __atomic_exchange_n(p, v, __ATOMIC_ACQUIRE)
#define AT_CAS_PTR(p, old, v) \
    __atomic_compare_exchange_n(p, &(old), v, true, __ATOMIC_RELEASE, __ATOMIC_RELAXED)
#define AT_LOCK(p) __atomic_exchange_n(p, 1, __ATOMIC_ACQUIRE)
#define AT_UNLOCK(p) __atomic_store_n(p, 0, __ATOMIC_RELEASE)
#define AT_PAUSE() sched_yield()
#endif

/* ================================================================
 * Size classes: 16..128 by 16, then four per doubling up to 16 KiB. The
 * class of n is one table look-up; block indices in a slab come from a
 * multiply by a per-class reciprocal (exact for offsets below 64 KiB; the
 * unit test checks every one).
 * ================================================================ */
#define NCLASS GS_HEAP_NCLASS
#define SLAB_SHIFT 16
#define PAGE_SHIFT 12
#define PAGE ((size_t)1 << PAGE_SHIFT)
#define RUN_RELEASE_MIN ((size_t)1 << 20)
#define BITMAP_WORDS (GS_HEAP_SLAB / 16 / 64)

static const uint32_t cls_size[NCLASS] = {
    16,   32,   48,   64,   80,   96,   112,  128,  160,   192,   224,   256,
    320,  384,  448,  512,  640,  768,  896,  1024, 1280,  1536,  1792,  2048,
    2560, 3072, 3584, 4096, 5120, 6144, 7168, 8192, 10240, 12288, 14336, 16384,
};
static const uint32_t cls_magic[NCLASS] = {
    268435456, 134217728, 89478486, 67108864, 53687092, 44739243, 38347923, 33554432, 26843546,
    22369622,  19173962,  16777216, 13421773, 11184811, 9586981,  8388608,  6710887,  5592406,
    4793491,   4194304,   3355444,  2796203,  2396746,  2097152,  1677722,  1398102,  1198373,
    1048576,   838861,    699051,   599187,   524288,   419431,   349526,   299594,   262144,
};
/* (n + 15) >> 4 for n <= 1024 */
static const uint8_t cls_small[65] = {
    0,  0,  1,  2,  3,  4,  5,  6,  7,  8,  8,  9,  9,  10, 10, 11, 11, 12, 12, 12, 12, 13,
    13, 13, 13, 14, 14, 14, 14, 15, 15, 15, 15, 16, 16, 16, 16, 16, 16, 16, 16, 17, 17, 17,
    17, 17, 17, 17, 17, 18, 18, 18, 18, 18, 18, 18, 18, 19, 19, 19, 19, 19, 19, 19, 19,
};
/* (n + 127) >> 7 for 1024 < n <= 16384 */
static const uint8_t cls_mid[129] = {
    0,  0,  0,  0,  0,  0,  0,  0,  0,  20, 20, 21, 21, 22, 22, 23, 23, 24, 24, 24, 24, 25,
    25, 25, 25, 26, 26, 26, 26, 27, 27, 27, 27, 28, 28, 28, 28, 28, 28, 28, 28, 29, 29, 29,
    29, 29, 29, 29, 29, 30, 30, 30, 30, 30, 30, 30, 30, 31, 31, 31, 31, 31, 31, 31, 31, 32,
    32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 33, 33, 33, 33, 33, 33, 33,
    33, 33, 33, 33, 33, 33, 33, 33, 33, 34, 34, 34, 34, 34, 34, 34, 34, 34, 34, 34, 34, 34,
    34, 34, 34, 35, 35, 35, 35, 35, 35, 35, 35, 35, 35, 35, 35, 35, 35, 35, 35,
};

static const uint16_t cls_nblocks[NCLASS] = {
    4096, 2048, 1365, 1024, 819, 682, 585, 512, 409, 341, 292, 256, 204, 170, 146, 128, 102, 85,
    73,   64,   51,   42,   36,  32,  25,  21,  18,  16,  12,  10,  9,   8,   6,   5,   4,   4,
};

static unsigned ht_class(size_t n) {
    return n <= 1024 ? cls_small[(n + 15) >> 4] : cls_mid[(n + 127) >> 7];
}

int gs_heap_class_of(size_t bytes) { return bytes <= GS_HEAP_SMALL_MAX ? (int)ht_class(bytes) : -1; }
size_t gs_heap_class_size(int cls) { return cls >= 0 && cls < NCLASS ? cls_size[cls] : 0; }

/* Blocks a thread cache holds per class before half go back to the slabs. */
static uint32_t cls_cap(unsigned c) {
    uint32_t n = (uint32_t)(GS_HEAP_SLAB / cls_size[c]);
    return n > 64 ? 64 : (n < 8 ? 8 : n);
}

/* ================================================================
 * Structures.
 * ================================================================ */
typedef struct ht_heap ht_heap;

typedef struct ht_slab {
    ht_heap *owner;  /* NULL: the slab is free */
    uint32_t cls;
    uint32_t bump;   /* blocks [bump, nblocks) were never handed out */
    uint32_t used;   /* blocks out of the slab: live, in a cache, or pending */
    uint32_t listed; /* on the owner's avail list */
    void *free;      /* blocks given back, linked through their first word */
    struct ht_slab *prev, *next; /* the owner's slabs of this class with room */
    uint64_t live[BITMAP_WORDS]; /* live blocks (written by the owner only) */
    uint64_t pend[BITMAP_WORDS]; /* freed by another thread, not yet reclaimed */
} ht_slab;

typedef struct ht_bin {
    void *head; /* free blocks, linked through their first word */
    uint32_t n, cap;
} ht_bin;

struct ht_heap {
    ht_bin bin[NCLASS];
    ht_slab *avail[NCLASS]; /* owned slabs of each class with room */
    void *remote;           /* blocks other threads freed (atomic stack) */
    ht_heap *next;          /* every thread heap, ever */
    int abandoned;          /* its thread called gs_heap_thread_exit */
};

/* An open-addressing set of (address, size): backward-shift deletion, no
 * tombstones. The huge blocks, and GOOSE_HEAP=system's live set. */
typedef struct LiveSlot {
    uintptr_t addr; /* 0: empty */
    size_t size;
} LiveSlot;

typedef struct LiveSet {
    LiveSlot *slots;
    size_t cap; /* power of two, or 0 */
    size_t count;
} LiveSet;

enum { MODE_UNSET = 0, MODE_GOOSE = 1, MODE_SYSTEM = 2 };

static struct {
    int mode;
    int lock;
    /* slabs */
    uintptr_t slab_base;
    size_t slab_span; /* bytes of slabs with a committed descriptor (atomic) */
    gs_region slab_r, desc_r;
    gs_span_tree slab_t;
    ht_slab *desc;
    /* runs */
    uintptr_t run_base;
    gs_region run_r, map_r;
    gs_span_tree run_t;
    uint32_t *map;
    int64_t run_live;
    /* huge blocks */
    LiveSet huge;
    /* thread heaps */
    ht_heap *heaps;
} ht;

static HT_TLS ht_heap *ht_me;

static LiveSet sys_live; /* GOOSE_HEAP=system */

/* ================================================================
 * The live set (system mode, huge blocks).
 * ================================================================ */
static size_t live_home(uintptr_t a, size_t cap) {
    uint64_t h = (uint64_t)(a >> 4) * 0x9E3779B97F4A7C15ull;
    return (size_t)(h >> 32) & (cap - 1);
}

static void live_put(LiveSet *s, uintptr_t a, size_t size) {
    size_t i = live_home(a, s->cap);
    while (s->slots[i].addr != 0) i = (i + 1) & (s->cap - 1);
    s->slots[i].addr = a;
    s->slots[i].size = size;
}

static bool live_grow(LiveSet *s) {
    LiveSlot *old = s->slots;
    size_t oldcap = s->cap, i;
    size_t cap = oldcap ? oldcap * 2 : 1024;
    LiveSlot *slots = (LiveSlot *)calloc(cap, sizeof(LiveSlot));
    if (slots == NULL) return false;
    s->slots = slots;
    s->cap = cap;
    for (i = 0; i < oldcap; i++)
        if (old[i].addr != 0) live_put(s, old[i].addr, old[i].size);
    free(old);
    return true;
}

/* Takes the address as an integer: the block may be uninitialised, and a
 * const void * parameter makes gcc -O2 think it is read. */
static bool live_insert(LiveSet *s, uintptr_t a, size_t size) {
    if ((s->count + 1) * 2 > s->cap && !live_grow(s)) return false;
    live_put(s, a, size);
    s->count++;
    return true;
}

/* Index of a's slot, or SIZE_MAX. */
static size_t live_find(const LiveSet *s, uintptr_t a) {
    size_t i;
    if (s->cap == 0 || a == 0) return SIZE_MAX;
    for (i = live_home(a, s->cap); s->slots[i].addr != 0; i = (i + 1) & (s->cap - 1))
        if (s->slots[i].addr == a) return i;
    return SIZE_MAX;
}

/* Backward-shift deletion: pull later members of the probe run into the
 * hole when their home does not lie cyclically in (hole, j]. */
static void live_remove_at(LiveSet *s, size_t hole) {
    size_t mask = s->cap - 1, j = hole;
    for (;;) {
        size_t home;
        j = (j + 1) & mask;
        if (s->slots[j].addr == 0) break;
        home = live_home(s->slots[j].addr, s->cap);
        if (((j - home) & mask) >= ((j - hole) & mask)) {
            s->slots[hole] = s->slots[j];
            hole = j;
        }
    }
    s->slots[hole].addr = 0;
    s->count--;
}

/* Error path only: is a inside a live block (its end included)? */
static bool live_contains(const LiveSet *s, uintptr_t a) {
    size_t i;
    for (i = 0; i < s->cap; i++) {
        uintptr_t b = s->slots[i].addr;
        if (b != 0 && a >= b && a - b <= s->slots[i].size) return true;
    }
    return false;
}

/* ================================================================
 * GOOSE_HEAP=system: malloc with the live set (single-threaded).
 * ================================================================ */
static void *sys_alloc(size_t bytes, bool zero) {
    void *p = zero ? calloc(1, bytes) : malloc(bytes);
    if (p != NULL && !live_insert(&sys_live, (uintptr_t)p, bytes)) {
        free(p);
        return NULL;
    }
    return p;
}

static bool sys_free(void *p) {
    size_t i = live_find(&sys_live, (uintptr_t)p);
    if (i == SIZE_MAX) return false;
    live_remove_at(&sys_live, i);
    free(p);
    return true;
}

static void *sys_realloc(void *p, size_t bytes) {
    size_t i = live_find(&sys_live, (uintptr_t)p);
    void *q = realloc(p, bytes);
    if (q == NULL) return NULL;
    live_remove_at(&sys_live, i);
    if (!live_insert(&sys_live, (uintptr_t)q, bytes)) gs_fail_oom(NULL);
    return q;
}

static size_t sys_usable(const void *p) {
    size_t i = live_find(&sys_live, (uintptr_t)p);
    return i == SIZE_MAX ? 0 : sys_live.slots[i].size;
}

/* ================================================================
 * The global lock and start-up.
 * ================================================================ */
static void ht_lock(void) {
    while (AT_LOCK(&ht.lock) != 0)
        while (AT_LD(&ht.lock) != 0) AT_PAUSE();
}

static void ht_unlock(void) { AT_UNLOCK(&ht.lock); }

/* Reserves r with about want bytes, halving down to 1/64 of it. */
static bool ht_reserve(gs_region *r, size_t want) {
    int i;
    for (i = 0; i < 7; i++, want /= 2)
        if (gs_region_init(r, want)) return true;
    return false;
}

static size_t ht_budget(void) {
    struct rlimit rl;
    size_t b = (size_t)1 << 36; /* 64 GiB of address space for runs */
    if (getrlimit(RLIMIT_AS, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY && rl.rlim_cur / 8 < b)
        b = (size_t)(rl.rlim_cur / 8);
    return b < ((size_t)64 << 20) ? ((size_t)64 << 20) : b;
}

static bool ht_setup(void) {
    size_t runs = ht_budget(), slabs = runs / 4;
    int64_t nslab, npage;
    if (!ht_reserve(&ht.slab_r, slabs) || !ht_reserve(&ht.run_r, runs)) return false;
    nslab = (int64_t)(ht.slab_r.reserved >> SLAB_SHIFT);
    npage = (int64_t)(ht.run_r.reserved >> PAGE_SHIFT);
    if (!gs_region_init(&ht.desc_r, (size_t)nslab * sizeof(ht_slab)) ||
        !gs_region_init(&ht.map_r, (size_t)npage * sizeof(uint32_t)))
        return false;
    /* Runs give pages back once their free span reaches 1 MiB: smaller
     * holes are reused soon, and faulting pages in again costs more than
     * the memory (slabs go back one at a time: 64 KiB, when idle). */
    ht.run_r.release_min = RUN_RELEASE_MIN;
    gs_span_tree_init(&ht.slab_t);
    ht.slab_t.limit = nslab;
    gs_span_tree_init(&ht.run_t);
    ht.run_t.limit = npage;
    ht.slab_base = (uintptr_t)ht.slab_r.base;
    ht.desc = (ht_slab *)ht.desc_r.base;
    ht.run_base = (uintptr_t)ht.run_r.base;
    ht.map = (uint32_t *)ht.map_r.base;
    return true;
}

static int ht_mode_slow(void) {
    int mode;
    ht_lock();
    mode = ht.mode;
    if (mode == MODE_UNSET) {
        const char *e = getenv("GOOSE_HEAP");
        mode = (e != NULL && strcmp(e, "system") == 0) || !ht_setup() ? MODE_SYSTEM : MODE_GOOSE;
        AT_ST(&ht.mode, mode);
    }
    ht_unlock();
    return mode;
}

int gs_heap_mode(void) {
    int mode = AT_LD(&ht.mode);
    return mode != MODE_UNSET ? mode : ht_mode_slow();
}

/* ================================================================
 * Slabs: the page layer (global lock held).
 * ================================================================ */
static ht_slab *slab_new_locked(ht_heap *h, unsigned c) {
    int64_t i = gs_span_tree_alloc(&ht.slab_t, 1);
    ht_slab *s;
    if (i < 0) return NULL;
    if (!gs_region_commit(&ht.slab_r, (size_t)(i + 1) << SLAB_SHIFT) ||
        !gs_region_commit(&ht.desc_r, (size_t)(i + 1) * sizeof(ht_slab))) {
        gs_span_tree_free(&ht.slab_t, i, 1, NULL);
        return NULL;
    }
    gs_region_dirty(&ht.slab_r, (size_t)i << SLAB_SHIFT, GS_HEAP_SLAB);
    if (((size_t)(i + 1) << SLAB_SHIFT) > ht.slab_span)
        AT_ST(&ht.slab_span, (size_t)(i + 1) << SLAB_SHIFT);
    s = &ht.desc[i];
    s->bump = 0;
    s->used = 0;
    s->listed = 0;
    s->free = NULL;
    s->prev = s->next = NULL;
    AT_ST(&s->cls, (uint32_t)c);
    AT_ST(&s->owner, h);
    return s;
}

/* The slab's blocks are all back (live and pend bitmaps are all zero). */
static void slab_release_locked(ht_slab *s) {
    int64_t i = s - ht.desc;
    gs_span m;
    AT_ST(&s->owner, (ht_heap *)NULL);
    if (!gs_span_tree_free(&ht.slab_t, i, 1, &m)) gs_fail_oom(NULL);
    gs_region_after_free(&ht.slab_r, (size_t)m.off << SLAB_SHIFT, (size_t)(m.off + m.len) << SLAB_SHIFT,
                         (size_t)i << SLAB_SHIFT, (size_t)(i + 1) << SLAB_SHIFT);
}

static uint8_t *slab_start(const ht_slab *s) {
    return (uint8_t *)(ht.slab_base + ((uintptr_t)(s - ht.desc) << SLAB_SHIFT));
}

static uint32_t slab_nblocks(unsigned c) { return cls_nblocks[c]; }

/* ================================================================
 * Slabs: the owner's side.
 * ================================================================ */
static void avail_link(ht_heap *h, ht_slab *s) {
    unsigned c = s->cls;
    s->prev = NULL;
    s->next = h->avail[c];
    if (s->next != NULL) s->next->prev = s;
    h->avail[c] = s;
    s->listed = 1;
}

static void avail_unlink(ht_heap *h, ht_slab *s) {
    if (s->prev != NULL) s->prev->next = s->next;
    else h->avail[s->cls] = s->next;
    if (s->next != NULL) s->next->prev = s->prev;
    s->prev = s->next = NULL;
    s->listed = 0;
}

/* A block comes back to its slab (it is neither live nor pending). An
 * empty slab is given back unless it is the only one of its class with
 * room (kept, so that one block freed and allocated again in a loop does
 * not make and release a slab each time), or when all is set. */
static void slab_put(ht_heap *h, ht_slab *s, void *p, bool all) {
    memcpy(p, &s->free, sizeof(void *));
    s->free = p;
    s->used--;
    if (!s->listed) avail_link(h, s);
    if (s->used == 0 && (all || h->avail[s->cls] != s || s->next != NULL)) {
        avail_unlink(h, s);
        ht_lock();
        slab_release_locked(s);
        ht_unlock();
    }
}

static ht_slab *slab_of(uintptr_t a) { return &ht.desc[(a - ht.slab_base) >> SLAB_SHIFT]; }

static uint32_t block_index(uintptr_t a, unsigned c) {
    return (uint32_t)(((uint64_t)(a & (GS_HEAP_SLAB - 1)) * cls_magic[c]) >> 32);
}

/* Blocks other threads freed come home: no longer live or pending, back in
 * their slabs. */
static void ht_drain(ht_heap *h) {
    void *p;
    if (AT_LD(&h->remote) == NULL) return;
    p = AT_XCHG_PTR(&h->remote, (void *)NULL);
    while (p != NULL) {
        void *next;
        ht_slab *s = slab_of((uintptr_t)p);
        uint32_t bi = block_index((uintptr_t)p, s->cls);
        uint64_t bit = (uint64_t)1 << (bi & 63);
        memcpy(&next, p, sizeof next);
        AT_ST(&s->live[bi >> 6], s->live[bi >> 6] & ~bit);
        AT_AND64(&s->pend[bi >> 6], ~bit);
        slab_put(h, s, p, false);
        p = next;
    }
}

/* Half the cache of class c (all of it when all) goes back to the slabs. */
static void ht_flush(ht_heap *h, unsigned c, bool all) {
    ht_bin *b = &h->bin[c];
    uint32_t keep = all ? 0 : b->cap / 2;
    while (b->n > keep) {
        void *p = b->head;
        memcpy(&b->head, p, sizeof(void *));
        b->n--;
        slab_put(h, slab_of((uintptr_t)p), p, all);
    }
}

static GS_NOINLINE GS_COLD void ht_flush_half(ht_heap *h, unsigned c) { ht_flush(h, c, false); }

/* Fills the cache of class c with up to half its capacity. false: no
 * memory for a new slab. */
static bool ht_refill(ht_heap *h, unsigned c) {
    ht_bin *b = &h->bin[c];
    uint32_t want = b->cap / 2, nb = slab_nblocks(c), size = cls_size[c];
    ht_drain(h);
    while (b->n < want) {
        ht_slab *s = h->avail[c];
        void *p;
        if (s == NULL) {
            if (b->n > 0) break;
            ht_lock();
            s = slab_new_locked(h, c);
            ht_unlock();
            if (s == NULL) return false;
            avail_link(h, s);
        }
        if (s->free != NULL) {
            p = s->free;
            memcpy(&s->free, p, sizeof(void *));
        } else {
            p = slab_start(s) + (size_t)s->bump * size;
            s->bump++;
        }
        s->used++;
        if (s->free == NULL && s->bump == nb) avail_unlink(h, s);
        memcpy(p, &b->head, sizeof(void *));
        b->head = p;
        b->n++;
    }
    return true;
}

static ht_heap *ht_attach(void) {
    ht_heap *h;
    unsigned c;
    ht_lock();
    for (h = ht.heaps; h != NULL && !h->abandoned; h = h->next) {
    }
    if (h != NULL) {
        h->abandoned = 0; /* adopted: blocks freed to it meanwhile come home below */
    } else {
        h = (ht_heap *)calloc(1, sizeof *h);
        if (h == NULL) {
            ht_unlock();
            gs_fail_oom(NULL);
        }
        for (c = 0; c < NCLASS; c++) h->bin[c].cap = cls_cap(c);
        h->next = ht.heaps;
        AT_ST(&ht.heaps, h);
    }
    ht_unlock();
    ht_me = h;
    ht_drain(h);
    return h;
}

static ht_heap *ht_self(void) {
    ht_heap *h = ht_me;
    return h != NULL ? h : ht_attach();
}

void gs_heap_thread_exit(void) {
    ht_heap *h = ht_me;
    unsigned c;
    if (h == NULL) return;
    ht_drain(h);
    for (c = 0; c < NCLASS; c++) {
        ht_slab *s = h->avail[c], *next;
        ht_flush(h, c, true);
        for (s = h->avail[c]; s != NULL; s = next) {
            next = s->next;
            if (s->used != 0) continue;
            avail_unlink(h, s);
            ht_lock();
            slab_release_locked(s);
            ht_unlock();
        }
    }
    ht_lock();
    h->abandoned = 1;
    ht_unlock();
    ht_me = NULL;
}

/* ================================================================
 * Page runs and huge blocks (global lock held).
 * ================================================================ */
static size_t round_up(size_t n, size_t to) { return (n + to - 1) / to * to; }

static void *huge_alloc_locked(size_t bytes) {
    size_t len = round_up(bytes, PAGE);
    void *p = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) return NULL;
    if (!live_insert(&ht.huge, (uintptr_t)p, len)) {
        munmap(p, len);
        return NULL;
    }
    return p;
}

static void *run_alloc_locked(size_t bytes, bool zero) {
    int64_t n = (int64_t)(round_up(bytes, PAGE) >> PAGE_SHIFT), off;
    if (bytes >= GS_HEAP_HUGE_MIN) return huge_alloc_locked(bytes);
    off = gs_span_tree_alloc(&ht.run_t, n);
    if (off < 0) return huge_alloc_locked(bytes);
    if (!gs_region_commit(&ht.run_r, (size_t)(off + n) << PAGE_SHIFT) ||
        !gs_region_commit(&ht.map_r, (size_t)(off + 1) * sizeof(uint32_t))) {
        gs_span_tree_free(&ht.run_t, off, n, NULL);
        return huge_alloc_locked(bytes);
    }
    if (zero) gs_region_zero(&ht.run_r, (size_t)off << PAGE_SHIFT, (size_t)n << PAGE_SHIFT);
    else gs_region_dirty(&ht.run_r, (size_t)off << PAGE_SHIFT, (size_t)n << PAGE_SHIFT);
    ht.map[off] = (uint32_t)n;
    ht.run_live++;
    return (void *)(ht.run_base + ((uintptr_t)off << PAGE_SHIFT));
}

/* The page count of the live run at a, or 0. */
static uint32_t run_pages_locked(uintptr_t a) {
    uintptr_t off = a - ht.run_base;
    if (off >= ht.run_r.reserved || (off & (PAGE - 1)) != 0) return 0;
    if ((off >> PAGE_SHIFT) >= (uintptr_t)ht.run_t.tail) return 0;
    return ht.map[off >> PAGE_SHIFT];
}

static void run_free_locked(uintptr_t a, uint32_t n) {
    int64_t off = (int64_t)((a - ht.run_base) >> PAGE_SHIFT);
    gs_span m;
    size_t hi;
    ht.map[off] = 0;
    ht.run_live--;
    if (!gs_span_tree_free(&ht.run_t, off, n, &m)) gs_fail_oom(NULL);
    /* a run that went back to the tail joins everything committed above it */
    hi = m.off == ht.run_t.tail ? ht.run_r.committed : (size_t)(m.off + m.len) << PAGE_SHIFT;
    gs_region_after_free(&ht.run_r, (size_t)m.off << PAGE_SHIFT, hi, (size_t)off << PAGE_SHIFT,
                         (size_t)(off + n) << PAGE_SHIFT);
}

/* Frees the run or huge block at a: false when it is neither. */
static bool big_free(uintptr_t a) {
    uint32_t n;
    size_t i;
    bool ok = true;
    ht_lock();
    if ((n = run_pages_locked(a)) != 0) {
        run_free_locked(a, n);
    } else if ((i = live_find(&ht.huge, a)) != SIZE_MAX) {
        size_t len = ht.huge.slots[i].size;
        live_remove_at(&ht.huge, i);
        munmap((void *)a, len);
    } else {
        ok = false;
    }
    ht_unlock();
    return ok;
}

static size_t big_usable(uintptr_t a) {
    uint32_t n;
    size_t i, r = 0;
    ht_lock();
    if ((n = run_pages_locked(a)) != 0) r = (size_t)n << PAGE_SHIFT;
    else if ((i = live_find(&ht.huge, a)) != SIZE_MAX) r = ht.huge.slots[i].size;
    ht_unlock();
    return r;
}

/* ================================================================
 * The interface.
 * ================================================================ */
static GS_NOINLINE GS_COLD void *ht_alloc_slow(size_t bytes, bool zero) {
    void *p;
    if (bytes > (size_t)PTRDIFF_MAX) return NULL;
    if (gs_heap_mode() == MODE_SYSTEM) return sys_alloc(bytes ? bytes : 1, zero);
    if (bytes <= GS_HEAP_SMALL_MAX) {
        if (!ht_refill(ht_self(), ht_class(bytes))) return NULL;
        return gs_heap_alloc(bytes, zero);
    }
    ht_lock();
    p = run_alloc_locked(bytes, zero);
    ht_unlock();
    return p;
}

void *gs_heap_alloc(size_t bytes, bool zero) {
    ht_heap *h = ht_me;
    if (GS_LIKELY(h != NULL && bytes <= GS_HEAP_SMALL_MAX)) {
        unsigned c = ht_class(bytes);
        ht_bin *b = &h->bin[c];
        void *p = b->head;
        if (GS_LIKELY(p != NULL)) {
            uintptr_t a = (uintptr_t)p;
            ht_slab *s = slab_of(a);
            uint32_t bi = block_index(a, c);
            memcpy(&b->head, p, sizeof(void *));
            b->n--;
            AT_ST(&s->live[bi >> 6], s->live[bi >> 6] | (uint64_t)1 << (bi & 63));
            if (zero) memset(p, 0, bytes);
            return p;
        }
    }
    return ht_alloc_slow(bytes, zero);
}

/* The slab of a, when a is in the slab region and the slab is in use. */
static ht_slab *slab_find(uintptr_t a) {
    ht_slab *s;
    if (a - ht.slab_base >= AT_LD(&ht.slab_span)) return NULL;
    s = slab_of(a);
    return AT_LD(&s->owner) != NULL ? s : NULL;
}

/* The block index of a in s when a is the start of a live block, else -1. */
static int64_t slab_live_index(const ht_slab *s, uintptr_t a) {
    unsigned c = AT_LD(&s->cls);
    uint32_t off = (uint32_t)(a & (GS_HEAP_SLAB - 1));
    uint32_t bi = block_index(a, c);
    uint64_t bit = (uint64_t)1 << (bi & 63);
    if (bi * cls_size[c] != off || bi >= slab_nblocks(c)) return -1;
    if (!(AT_LD(&s->live[bi >> 6]) & bit) || (AT_LD(&s->pend[bi >> 6]) & bit)) return -1;
    return bi;
}

/* A block of s freed by a thread that does not own s: claimed in the pend
 * bitmap (a second claim fails), then pushed onto the owner's stack. */
static bool free_remote(ht_slab *s, void *p, uint32_t bi) {
    uint64_t bit = (uint64_t)1 << (bi & 63);
    ht_heap *o = AT_LD(&s->owner);
    void *head;
    if (AT_OR64(&s->pend[bi >> 6], bit) & bit) return false;
    head = AT_LD(&o->remote);
    do memcpy(p, &head, sizeof head);
    while (!AT_CAS_PTR(&o->remote, head, p));
    return true;
}

static GS_NOINLINE GS_COLD bool ht_free_slow(void *p) {
    uintptr_t a = (uintptr_t)p;
    ht_slab *s;
    int64_t bi;
    if (p == NULL) return false;
    if (gs_heap_mode() == MODE_SYSTEM) return sys_free(p);
    s = slab_find(a);
    if (s == NULL) return big_free(a);
    bi = slab_live_index(s, a);
    if (bi < 0) return false;
    if (AT_LD(&s->owner) != ht_self()) return free_remote(s, p, (uint32_t)bi);
    return gs_heap_free(p); /* now with a cache (the owner is this thread) */
}

bool gs_heap_free(void *p) {
    ht_heap *h = ht_me;
    uintptr_t a = (uintptr_t)p;
    if (GS_LIKELY(h != NULL && a - ht.slab_base < AT_LD(&ht.slab_span))) {
        ht_slab *s = slab_of(a);
        if (GS_LIKELY(AT_LD(&s->owner) == h)) {
            unsigned c = s->cls;
            uint32_t bi = block_index(a, c);
            uint64_t bit = (uint64_t)1 << (bi & 63), w = s->live[bi >> 6];
            ht_bin *b = &h->bin[c];
            if (GS_UNLIKELY(bi * cls_size[c] != (uint32_t)(a & (GS_HEAP_SLAB - 1)) ||
                            bi >= slab_nblocks(c) || !(w & bit) ||
                            (AT_LD(&s->pend[bi >> 6]) & bit)))
                return false;
            AT_ST(&s->live[bi >> 6], w & ~bit);
            if (GS_UNLIKELY(b->n >= b->cap)) ht_flush_half(h, c);
            memcpy(p, &b->head, sizeof(void *));
            b->head = p;
            b->n++;
            return true;
        }
    }
    return ht_free_slow(p);
}

bool gs_heap_live(const void *p) {
    uintptr_t a = (uintptr_t)p;
    ht_slab *s;
    if (p == NULL) return false;
    if (gs_heap_mode() == MODE_SYSTEM) return live_find(&sys_live, a) != SIZE_MAX;
    s = slab_find(a);
    if (s != NULL) return slab_live_index(s, a) >= 0;
    return big_usable(a) != 0;
}

size_t gs_heap_usable(const void *p) {
    uintptr_t a = (uintptr_t)p;
    ht_slab *s;
    if (p == NULL) return 0;
    if (gs_heap_mode() == MODE_SYSTEM) return sys_usable(p);
    s = slab_find(a);
    if (s != NULL) return slab_live_index(s, a) >= 0 ? cls_size[s->cls] : 0;
    return big_usable(a);
}

void *gs_heap_realloc(void *p, size_t bytes) {
    size_t old;
    void *q;
    if (bytes > (size_t)PTRDIFF_MAX) return NULL;
    if (bytes == 0) bytes = 1;
    if (gs_heap_mode() == MODE_SYSTEM) return sys_realloc(p, bytes);
    old = gs_heap_usable(p);
    if (bytes <= old && bytes > old / 2) return p;
#ifdef MREMAP_MAYMOVE
    if (old >= GS_HEAP_HUGE_MIN && bytes >= GS_HEAP_HUGE_MIN) {
        size_t i, len = round_up(bytes, PAGE);
        ht_lock();
        i = live_find(&ht.huge, (uintptr_t)p);
        if (i != SIZE_MAX) {
            q = mremap(p, old, len, MREMAP_MAYMOVE);
            if (q != MAP_FAILED) {
                live_remove_at(&ht.huge, i);
                if (!live_insert(&ht.huge, (uintptr_t)q, len)) gs_fail_oom(NULL);
                ht_unlock();
                return q;
            }
        }
        ht_unlock();
    }
#endif
    q = gs_heap_alloc(bytes, false);
    if (q == NULL) return NULL;
    memcpy(q, p, old < bytes ? old : bytes);
    gs_heap_free(p);
    return q;
}

/* a lies inside a live slab block (its end not included). */
static bool slab_inside(uintptr_t a) {
    ht_slab *s = slab_find(a);
    unsigned c;
    uint32_t bi;
    if (s == NULL) return false;
    c = AT_LD(&s->cls);
    bi = block_index(a, c);
    return bi < slab_nblocks(c) &&
           slab_live_index(s, (a & ~(uintptr_t)(GS_HEAP_SLAB - 1)) + (uintptr_t)bi * cls_size[c]) >= 0;
}

/* a lies inside a live run or at its end (global lock held). */
static bool run_contains_locked(uintptr_t a) {
    uintptr_t pg, off = a - ht.run_base, tail = (uintptr_t)ht.run_t.tail;
    if (off > tail << PAGE_SHIFT || tail == 0) return false;
    for (pg = off >> PAGE_SHIFT; ; pg--) {
        if (pg < tail && ht.map[pg] != 0) return off - (pg << PAGE_SHIFT) <= (uintptr_t)ht.map[pg] << PAGE_SHIFT;
        if (pg == 0) return false;
    }
}

bool gs_heap_contains(const void *p) {
    uintptr_t a = (uintptr_t)p;
    bool r;
    if (p == NULL) return false;
    if (gs_heap_mode() == MODE_SYSTEM) return live_contains(&sys_live, a);
    if (slab_inside(a) || slab_inside(a - 1)) return true;
    ht_lock();
    r = run_contains_locked(a) || live_contains(&ht.huge, a);
    ht_unlock();
    return r;
}

bool gs_heap_reserved(const void *p) {
    uintptr_t a = (uintptr_t)p;
    bool r;
    if (gs_heap_mode() != MODE_GOOSE) return false;
    if (a - ht.slab_base < ht.slab_r.reserved || a - ht.run_base < ht.run_r.reserved) return true;
    ht_lock();
    r = live_find(&ht.huge, a) != SIZE_MAX;
    ht_unlock();
    return r;
}

static int popcount64(uint64_t x) {
    x = x - ((x >> 1) & 0x5555555555555555ull);
    x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0Full;
    return (int)((x * 0x0101010101010101ull) >> 56);
}

/* Counted, not kept: blocks live in the slabs' bitmaps, runs, huge blocks
 * (tests and leak checks only; O(slabs)). */
size_t gs_heap_live_count(void) {
    int64_t n, i;
    size_t w;
    if (gs_heap_mode() == MODE_SYSTEM) return sys_live.count;
    ht_lock();
    n = ht.run_live + (int64_t)ht.huge.count;
    for (i = 0; i < (int64_t)(ht.slab_span >> SLAB_SHIFT); i++) {
        const ht_slab *s = &ht.desc[i];
        if (AT_LD(&s->owner) == NULL) continue;
        for (w = 0; w < BITMAP_WORDS; w++) n += popcount64(AT_LD(&s->live[w]) & ~AT_LD(&s->pend[w]));
    }
    ht_unlock();
    return (size_t)n;
}

void gs_heap_trim(void) {
    if (gs_heap_mode() != MODE_GOOSE) return;
    ht_lock();
    gs_region_flush(&ht.slab_r);
    gs_region_flush(&ht.run_r);
    ht_unlock();
}
