/* gs_heap.c — the Goose heap (see gs_heap.h for the design).
 *
 * Layout: four reserved regions, each a gs_region committed as it grows:
 *   slabs   64 KiB slabs; which are in use: a gs_span_tree in slab units
 *   descs   one ht_slab descriptor per slab (out of band: blocks start at
 *           the slab's start, so every class is 16-aligned)
 *   pends   one bitmap per slab of blocks freed by other threads, not yet
 *           reclaimed (touched only by programs with threads)
 *   runs    page runs, in units of 256 bytes (a run wastes 128 bytes on
 *           average: working_set 1.5 MiB less resident than with 512);
 *           which units are in use: a gs_span_tree
 *   map     one uint16 per run unit: the run's unit count at its first
 *           unit while it is live; free spans' tags (best fit, below)
 * and huge blocks, each its own mmap, in a hash set of (address, size).
 *
 * Who writes what (threads): a slab's free list, bump index, `used` count,
 * list links and live bitmap (and a mixed slab's per-class free lists and
 * next blocks, kept in its thread heap) are written only by the thread
 * heap that owns it; its `npend` count and pend bitmap (blocks freed by other threads,
 * not yet reclaimed) by anyone, atomically. Slab creation and release,
 * runs, huge blocks and the list of thread heaps are under the global
 * lock. */
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
static uint32_t at_add32(uint32_t *p, uint32_t v) {
    uint32_t o = *p;
    *p = o + v;
    return o;
}
#define AT_OR64(p, v) at_or64(p, v)
#define AT_ADD32(p, v) at_add32(p, v)
#define AT_AND64(p, v) at_and64(p, v)
#define AT_XCHG_PTR(p, v) at_xchg_ptr(p, v)
#define AT_CAS_PTR(p, old, v) at_cas_ptr(p, old, v)
#define AT_LOCK(p) (*(p) = 1, 0)
#define AT_UNLOCK(p) (*(p) = 0)
#define AT_PAUSE() ((void)0)
/* So one heap serves the whole process and, once a program has started a
 * thread (gs_heap_threads_on), every entry point takes one mutex: the
 * definitions below are the unlocked bodies, renamed here; the locking
 * wrappers under the real names are at the end of the file. */
#include <pthread.h>
#define gs_heap_alloc ht_u_alloc
#define gs_heap_free ht_u_free
#define gs_heap_realloc ht_u_realloc
#define gs_heap_live ht_u_live
#define gs_heap_usable ht_u_usable
#define gs_heap_contains ht_u_contains
#define gs_heap_reserved ht_u_reserved
#define gs_heap_live_count ht_u_live_count
#define gs_heap_trim ht_u_trim
#define gs_heap_mode ht_u_mode
void *gs_heap_alloc(size_t bytes, bool zero);
bool gs_heap_free(void *p);
void *gs_heap_realloc(void *p, size_t bytes);
bool gs_heap_live(const void *p);
size_t gs_heap_usable(const void *p);
bool gs_heap_contains(const void *p);
bool gs_heap_reserved(const void *p);
size_t gs_heap_live_count(void);
void gs_heap_trim(void);
int gs_heap_mode(void);
#else
#define HT_TLS _Thread_local
#define AT_LD(p) __atomic_load_n(p, __ATOMIC_RELAXED)
#define AT_ST(p, v) __atomic_store_n(p, v, __ATOMIC_RELAXED)
#define AT_OR64(p, v) __atomic_fetch_or(p, v, __ATOMIC_ACQ_REL)
#define AT_AND64(p, v) __atomic_fetch_and(p, v, __ATOMIC_ACQ_REL)
#define AT_ADD32(p, v) __atomic_fetch_add(p, v, __ATOMIC_ACQ_REL)
#define AT_XCHG_PTR(p, v) __atomic_exchange_n(p, v, __ATOMIC_ACQUIRE)
#define AT_CAS_PTR(p, old, v) \
    __atomic_compare_exchange_n(p, &(old), v, true, __ATOMIC_RELEASE, __ATOMIC_RELAXED)
#define AT_LOCK(p) __atomic_exchange_n(p, 1, __ATOMIC_ACQUIRE)
#define AT_UNLOCK(p) __atomic_store_n(p, 0, __ATOMIC_RELEASE)
#define AT_PAUSE() sched_yield()
#endif

/* ================================================================
 * Size classes (gs_heap.h: gs_heap_class, the tables).
 * ================================================================ */
#define NCLASS GS_HEAP_NCLASS
#define SLAB_SHIFT 16
#define PAGE_SHIFT 12
#define PAGE ((size_t)1 << PAGE_SHIFT)
#define UNIT_SHIFT 8 /* runs are counted in units of 256 bytes */
#define UNIT ((size_t)1 << UNIT_SHIFT)
#define RUN_RELEASE_MIN ((size_t)1 << 20)
#define SLAB_MAX GS_HEAP_SLAB_MAX
/* Blocks of GS_HEAP_SLAB_MAX to GS_HEAP_SMALL_MAX bytes are runs until
 * the heap has held this much, then slabs (gs_heap.h). */
#ifndef GS_HEAP_MID_SLAB_PEAK
#define GS_HEAP_MID_SLAB_PEAK ((size_t)8 << 20)
#endif
#define MID_SLAB_PEAK GS_HEAP_MID_SLAB_PEAK
/* Until then, a class of blocks above RUN_FLOOR bytes keeps its slab to
 * the first page (GS_HEAP_CLASS_PAGE, gs_heap.h); so runs start above
 * RUN_FLOOR bytes. */
#define RUN_FLOOR ((size_t)1024)
#define BITMAP_WORDS (GS_HEAP_SLAB_BLOCKS / 64)

static size_t round_up(size_t n, size_t to) { return (n + to - 1) / to * to; }

/* the class tables are gs_heap.h's (one definition, shared with emit-c) */
#define cls_size gs_heap_cls_size
#define cls_magic gs_heap_cls_magic

/* GS_HEAP_SLAB / size, at most GS_HEAP_SLAB_BLOCKS */
static const uint16_t cls_nblocks[NCLASS] = {
    1024, 1024, 1024, 1024, 819, 682, 585, 512, 409, 341, 292, 256, 204, 170, 146, 128, 102, 85, 73,
    64, 56, 51, 46, 42, 39, 36, 34, 32, 28, 25, 23, 21, 19, 18, 17, 16
};

int gs_heap_class_of(size_t bytes) { return bytes <= GS_HEAP_SMALL_MAX ? (int)gs_heap_class(bytes) : -1; }
size_t gs_heap_class_size(int cls) { return cls >= 0 && cls < NCLASS ? cls_size[cls] : 0; }

/* Blocks a thread cache holds per class before half go back to the slabs:
 * the memory dial's cache_bytes of them (2 to 64 blocks; 16 KiB at the
 * default rung, GS_HEAP_CACHE_BYTES). Every cached block is resident (a
 * refill writes a link into each), and a program that uses many classes a
 * little keeps up to this much per class: at 64 KiB per class short_lived
 * would hold ~1 MiB more at its peak over 17 classes >= 1 KiB. */
#ifndef GS_HEAP_CACHE_BYTES
#define GS_HEAP_CACHE_BYTES 16384
#endif
static uint32_t cls_cap(unsigned c);

/* ================================================================
 * Structures.
 * ================================================================ */
typedef struct gs_heap_thread ht_heap;
typedef gs_heap_slab ht_slab; /* gs_heap.h: the inline fast path reads it */

/* A thread's heap. Its cache (gs_heap_cache) is thread-local, not here: the
 * inline fast path reaches it in one load. */
struct gs_heap_thread {
    uint32_t cap[NCLASS];   /* blocks the cache holds per class before half go back */
    ht_slab *avail[NCLASS]; /* owned slabs of each class with room */
    void *remote;           /* blocks other threads freed (atomic stack) */
    ht_heap *next;          /* every thread heap, ever */
    int abandoned;          /* its thread called gs_heap_thread_exit */
    /* the mixed slab: each class's first blocks (mix_refill) */
    ht_slab *mix;               /* NULL: not made yet (or no memory for it) */
    int mix_tried;              /* mix was asked for */
    void *mix_free[NCLASS];     /* freed blocks of each class's share */
    uint16_t mix_next[NCLASS];  /* each share's next never-used block */
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
    /* slabs (where they are: gs_heap_slabs) */
    size_t slab_span; /* bytes of slabs with a committed descriptor (atomic) */
    gs_region slab_r, desc_r, pend_r;
    gs_span_tree slab_t;
    uint64_t *pend; /* slab i's pend bitmap: pend[i * BITMAP_WORDS ...] */
    /* runs */
    uintptr_t run_base;
    gs_region run_r, map_r;
    gs_span_tree run_t;
    uint16_t *map;
    int64_t run_live;
    /* huge blocks */
    LiveSet huge;
    /* thread heaps */
    ht_heap *heaps;
    int shrinking; /* bytes in use are below half their peak (atomic) */
    int mid_slabs; /* blocks above GS_HEAP_SLAB_MAX come from slabs too (atomic; ht_alloc_slow) */
} ht;

static HT_TLS ht_heap *ht_me;
GS_HEAP_TLS gs_heap_bin gs_heap_cache[NCLASS]; /* this thread's (gs_heap.h) */
gs_heap_slab_map gs_heap_slabs;

static LiveSet sys_live; /* GOOSE_HEAP=system */

/* ================================================================
 * Storage tags (gs_heap.h: the shadow). Chunks are made under the global
 * lock (or at start-up); a block's granules are written by the thread
 * allocating or freeing it.
 * ================================================================ */
uint16_t *gs_shadow_dir[GS_SHADOW_DIR_N];
int gs_shadow_off;
static uint32_t ht_retired; /* blocks retired (atomic) */
/* 2^28 granules of 2 bytes (4 GiB of heap), then their floors */
#define SHADOW_CHUNK ((GS_SHADOW_GRANULES + (GS_SHADOW_GRANULES >> GS_SHADOW_FLOOR_SHIFT)) * sizeof(uint16_t))
#define SHADOW_PAGE_GRANULES ((size_t)1 << GS_SHADOW_FLOOR_SHIFT)

size_t gs_heap_retired(void) { return AT_LD(&ht_retired); }

/* Chunks for every 4 GiB range [a, a + len) touches; false (and the
 * shadow off from now on) when one cannot be made. */
static bool shadow_cover(uintptr_t a, size_t len) {
    uintptr_t i, last;
    if (len == 0) return true;
    last = (a + len - 1) >> 32;
    for (i = a >> 32; i <= last; i++) {
        void *m;
        if (i >= GS_SHADOW_DIR_N) {
            AT_ST(&gs_shadow_off, 1);
            return false;
        }
        if (gs_shadow_dir[i] != NULL) continue;
        m = mmap(NULL, SHADOW_CHUNK, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
        if (m == MAP_FAILED) {
            AT_ST(&gs_shadow_off, 1);
            return false;
        }
        gs_shadow_dir[i] = (uint16_t *)m;
    }
    return true;
}

/* The end of a's 4 GiB range, or end when that comes first. */
static uintptr_t shadow_range_end(uintptr_t a, uintptr_t end) {
    uintptr_t n = ((a >> 32) + 1) << 32;
    return n == 0 || n > end ? end : n;
}

static uint16_t *shadow_at(uintptr_t a) {
    uint16_t *g = GS_SHADOW_CHUNK(a);
    return g != NULL ? g + GS_SHADOW_INDEX(a) : NULL;
}

/* The scan for a block's largest tag, eight granules at a step with SSE2:
 * gcc -O2 leaves the plain loop scalar (a max of unsigned 16-bit lanes is
 * a saturating subtract and add there), and a doubling slice's tags are
 * scanned in full at every growth. Tags are written by gs_shadow_set. */
#if defined(__SSE2__) && !defined(__TINYC__)
#include <emmintrin.h>
#define SHADOW_SSE2 1
static __m128i shadow_max8(__m128i a, __m128i b) { return _mm_adds_epu16(_mm_subs_epu16(a, b), b); }
#endif

static uint16_t shadow_max(const uint16_t *g, size_t n, uint16_t m) {
    size_t i = 0;
#ifdef SHADOW_SSE2
    if (n >= 16) {
        __m128i v = _mm_set1_epi16((short)m);
        for (; i < (n & ~(size_t)7); i += 8) v = shadow_max8(_mm_loadu_si128((const __m128i *)(const void *)(g + i)), v);
        v = shadow_max8(v, _mm_srli_si128(v, 8));
        v = shadow_max8(v, _mm_srli_si128(v, 4));
        v = shadow_max8(v, _mm_srli_si128(v, 2));
        m = (uint16_t)_mm_cvtsi128_si32(v);
    }
#endif
    for (; i < n; i++) m = g[i] > m ? g[i] : m;
    return m;
}

static void shadow_fill(uintptr_t a, size_t size, uint16_t v) {
    uintptr_t end = a + size;
    while (a < end) {
        uintptr_t e = shadow_range_end(a, end);
        uint16_t *g = shadow_at(a);
        if (g != NULL) gs_shadow_set(g, (e - a + 15) >> 4, v);
        a = e;
    }
}

/* A block of size bytes at a (any size, any ranges) gets a new tag. */
static void shadow_new_big(uintptr_t a, size_t size) {
    uintptr_t p = a, end = a + size;
    uint16_t m = 0;
    while (p < end) {
        uintptr_t e = shadow_range_end(p, end);
        const uint16_t *c = GS_SHADOW_CHUNK(p);
        size_t n = (e - p + 15) >> 4, i0 = GS_SHADOW_INDEX(p);
        if (c != NULL) {
            const uint16_t *g = c + i0, *fl = c + GS_SHADOW_GRANULES;
            size_t f0 = i0 >> GS_SHADOW_FLOOR_SHIFT;
            m = shadow_max(fl + f0, ((i0 + n - 1) >> GS_SHADOW_FLOOR_SHIFT) - f0 + 1, m);
            m = shadow_max(g, n, m);
        }
        p = e;
    }
    shadow_fill(a, size, (uint16_t)(m + 1));
}

/* The heap gave the pages of [a, a + len) back: so do the shadow pages
 * wholly inside, their largest tags kept in their floors. */
static void shadow_drop(const void *p, size_t len) {
    uintptr_t a = (uintptr_t)p, end = a + len;
    while (a < end) {
        uintptr_t e = shadow_range_end(a, end);
        uint16_t *c = GS_SHADOW_CHUNK(a);
        size_t lo = (GS_SHADOW_INDEX(a) + SHADOW_PAGE_GRANULES - 1) >> GS_SHADOW_FLOOR_SHIFT;
        size_t hi = (((e - 1) & 0xffffffffu) + 1) >> 4 >> GS_SHADOW_FLOOR_SHIFT, pg;
        if (c != NULL && lo < hi) {
            for (pg = lo; pg < hi; pg++) {
                c[GS_SHADOW_GRANULES + pg] =
                    shadow_max(c + (pg << GS_SHADOW_FLOOR_SHIFT), SHADOW_PAGE_GRANULES, c[GS_SHADOW_GRANULES + pg]);
            }
            madvise(c + (lo << GS_SHADOW_FLOOR_SHIFT), (hi - lo) << GS_SHADOW_FLOOR_SHIFT << 1, MADV_DONTNEED);
        }
        a = e;
    }
}

static uint16_t shadow_first(uintptr_t a) {
    const uint16_t *g = shadow_at(a);
    return g != NULL ? *g : 0;
}

static bool shadow_retired(uintptr_t a) { return shadow_first(a) == GS_SHADOW_RETIRED; }

/* The tag of the block at a can move on once more without retiring it. */
static bool shadow_can_retag(uintptr_t a) { return shadow_first(a) + 1 < GS_SHADOW_TAG_MAX; }

/* The live block of size bytes at a is being freed: 1, its granules now
 * tag + 1 (free it); 0, retired instead (keep it out of use, but the free
 * succeeded); -1, it was retired before (not live: the free fails). */
static int shadow_free(uintptr_t a, size_t size) {
    uint16_t t = shadow_first(a);
    if (GS_UNLIKELY(t + 1 >= GS_SHADOW_TAG_MAX)) {
        if (t == GS_SHADOW_RETIRED) return -1;
        shadow_fill(a, size, GS_SHADOW_RETIRED);
        AT_ADD32(&ht_retired, 1);
        return 0;
    }
    shadow_fill(a, size, (uint16_t)(t + 1));
    return 1;
}

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
/* ================================================================
 * The global lock and start-up.
 * ================================================================ */
static void ht_lock(void) {
    while (AT_LOCK(&ht.lock) != 0)
        while (AT_LD(&ht.lock) != 0) AT_PAUSE();
}

static void ht_unlock(void) { AT_UNLOCK(&ht.lock); }

/* Each under the global lock: a program's threads share the live set. */
static void *sys_alloc(size_t bytes, bool zero) {
    void *p = zero ? calloc(1, bytes) : malloc(bytes);
    ht_lock();
    if (p != NULL && !live_insert(&sys_live, (uintptr_t)p, bytes)) {
        free(p);
        p = NULL;
    }
    ht_unlock();
    return p;
}

static bool sys_free(void *p) {
    size_t i;
    ht_lock();
    i = live_find(&sys_live, (uintptr_t)p);
    if (i != SIZE_MAX) live_remove_at(&sys_live, i);
    ht_unlock();
    if (i == SIZE_MAX) return false;
    free(p);
    return true;
}

static void *sys_realloc(void *p, size_t bytes) {
    size_t i;
    void *q;
    ht_lock();
    i = live_find(&sys_live, (uintptr_t)p);
    q = realloc(p, bytes);
    if (q != NULL) {
        live_remove_at(&sys_live, i);
        if (!live_insert(&sys_live, (uintptr_t)q, bytes)) gs_fail_oom(NULL);
    }
    ht_unlock();
    return q;
}

static size_t sys_usable(const void *p) {
    size_t i, n;
    ht_lock();
    i = live_find(&sys_live, (uintptr_t)p);
    n = i == SIZE_MAX ? 0 : sys_live.slots[i].size;
    ht_unlock();
    return n;
}

/* p is a live block's start (is_start) or lies inside one. */
static bool sys_holds(const void *p, bool is_start) {
    bool r;
    ht_lock();
    r = is_start ? live_find(&sys_live, (uintptr_t)p) != SIZE_MAX : live_contains(&sys_live, (uintptr_t)p);
    ht_unlock();
    return r;
}


/* Whether address a lies in the run region's reservation. */
static inline bool run_holds(uintptr_t a) { return a - ht.run_base < ht.run_r.reserved; }

/* The shadow is off when the address space is limited: its chunks are
 * reserved 512 MiB at a time (the hostile tests run under 2 GiB). */
static bool ht_as_limited(void) {
    struct rlimit rl;
    return getrlimit(RLIMIT_AS, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY;
}

/* ---- the shadow of span pools (gs_pool.c; gs_heap.h) ---- */
bool gs_shadow_track(const void *p, size_t len) {
    bool ok;
    if (gs_heap_mode() != MODE_GOOSE) return false; /* system mode: the shadow is off */
    ht_lock();
    ok = !AT_LD(&gs_shadow_off) && !ht_as_limited() && shadow_cover((uintptr_t)p, len);
    ht_unlock();
    return ok;
}

void gs_shadow_stamp(const void *p, size_t size) { shadow_new_big((uintptr_t)p, size); }
uint16_t gs_shadow_max(const uint16_t *g, size_t n, uint16_t m) { return shadow_max(g, n, m); }

int gs_shadow_unstamp(const void *p, size_t size) { return shadow_free((uintptr_t)p, size); }

bool gs_shadow_can_retag(const void *p) { return shadow_can_retag((uintptr_t)p); }

/* ================================================================
 * The memory dial, GOOSE_HEAP_PROFILE=1..10 (read once, with GOOSE_HEAP):
 * how deep each thread's cache of small blocks is and how much freed
 * memory the heap and the pools keep resident for reuse. 1 keeps the
 * least (what is freed goes back to the OS at once), 10 the most; unset,
 * or not a number from 1 to 10: rung HT_PROFILE_DEFAULT. Each rung's
 * values are used where the release policy below names KEEP_MIN,
 * KEEP_MAX, KEEP_HUGE_MAX and KEEP_HUGE_TICKS, in cls_cap, and as the
 * retention of every pool region (gs_heap_pool_keep).
 * ================================================================ */
typedef struct ht_profile {
    uint32_t cache_bytes; /* per size class, per thread */
    size_t keep_min;      /* kept slabs and run pages: keep_limit's floor */
    size_t keep_max;      /* ... and its ceiling */
    size_t huge_max;      /* kept huge mappings, in all */
    uint64_t huge_ticks;  /* page-layer operations a kept huge mapping waits */
    size_t pool_keep;     /* free pages waiting in each pool region */
} ht_profile;

#define MIB ((size_t)1 << 20)
#define HT_PROFILE_DEFAULT 5
#define HT_PROFILE_5 {GS_HEAP_CACHE_BYTES, 4 * MIB, 64 * MIB, 256 * MIB, 64, 16 * MIB}
static const ht_profile ht_profiles[10] = {
    {2048, 0, 0, 0, 0, 0},
    {4096, 1 * MIB, 8 * MIB, 16 * MIB, 16, 1 * MIB},
    {8192, 2 * MIB, 16 * MIB, 64 * MIB, 32, 4 * MIB},
    {12288, 3 * MIB, 32 * MIB, 128 * MIB, 48, 8 * MIB},
    HT_PROFILE_5,
    {24576, 8 * MIB, 128 * MIB, 512 * MIB, 128, 32 * MIB},
    {32768, 16 * MIB, 256 * MIB, 1024 * MIB, 256, 64 * MIB},
    {49152, 32 * MIB, 512 * MIB, 2048 * MIB, 512, 128 * MIB},
    {65536, 64 * MIB, 1024 * MIB, 4096 * MIB, 1024, 256 * MIB},
    {131072, 128 * MIB, 4096 * MIB, 16384 * MIB, 4096, 1024 * MIB},
};
static ht_profile ht_prof = HT_PROFILE_5; /* until GOOSE_HEAP_PROFILE is read */
static int ht_rung = HT_PROFILE_DEFAULT;

/* GOOSE_HEAP_PROFILE's rung (HT_PROFILE_DEFAULT when unset or not 1..10). */
static int ht_profile_rung(void) {
    const char *e = getenv("GOOSE_HEAP_PROFILE");
    int r = 0;
    if (e == NULL) return HT_PROFILE_DEFAULT;
    for (; *e >= '0' && *e <= '9' && r <= 10; e++) r = r * 10 + (*e - '0');
    return *e == '\0' && r >= 1 && r <= 10 ? r : HT_PROFILE_DEFAULT;
}

static uint32_t cls_cap(unsigned c) {
    uint32_t n = ht_prof.cache_bytes / cls_size[c];
    return n > 64 ? 64 : (n < 2 ? 2 : n);
}

int gs_heap_profile(void) {
    gs_heap_mode();
    return ht_rung;
}

size_t gs_heap_pool_keep(void) {
    gs_heap_mode();
    return ht_prof.pool_keep;
}

static size_t ht_budget(void) {
    struct rlimit rl;
    size_t b = (size_t)1 << 36; /* 64 GiB of address space for runs */
    if (getrlimit(RLIMIT_AS, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY && rl.rlim_cur / 8 < b)
        b = (size_t)(rl.rlim_cur / 8);
    return b < ((size_t)64 << 20) ? ((size_t)64 << 20) : b;
}

/* Slabs must start on a GS_HEAP_SLAB boundary (block_index and the
 * checks read a block's offset from its address's low bits), and mmap
 * promises pages only: the kernel here happens to align big reservations
 * to 2 MiB, valgrind and older kernels do not. The skipped head stays
 * reserved and unused. */
static void ht_align_slabs(gs_region *r) {
    uintptr_t b = (uintptr_t)r->base;
    size_t pad = (size_t)(((b + GS_HEAP_SLAB - 1) & ~(uintptr_t)(GS_HEAP_SLAB - 1)) - b);
    r->base += pad;
    r->reserved -= pad;
}

static void fit_init(void);
static void mix_init(void);

static bool ht_setup(void) {
    size_t runs = ht_budget(), slabs = runs / 4;
    int64_t nslab, nunit;
    if (!gs_region_reserve(&ht.slab_r, slabs) || !gs_region_reserve(&ht.run_r, runs)) return false;
    ht_align_slabs(&ht.slab_r);
    nslab = (int64_t)(ht.slab_r.reserved >> SLAB_SHIFT);
    nunit = (int64_t)(ht.run_r.reserved >> UNIT_SHIFT);
    if (!gs_region_init(&ht.desc_r, (size_t)nslab * sizeof(ht_slab)) ||
        !gs_region_init(&ht.pend_r, (size_t)nslab * BITMAP_WORDS * sizeof(uint64_t)) ||
        !gs_region_init(&ht.map_r, (size_t)nunit * sizeof(uint16_t)))
        return false;
    /* Runs give pages back once their free span reaches 1 MiB: smaller
     * holes are reused soon, and faulting pages in again costs more than
     * the memory (slabs go back one at a time: 64 KiB, when idle). */
    ht.run_r.release_min = RUN_RELEASE_MIN;
    ht.run_r.keep = (size_t)1 << 20; /* GS_HEAP_KEEP=0's runs: given back in 1 MiB batches */
    ht.run_r.on_release = shadow_drop;
    ht.slab_r.on_release = shadow_drop;
    gs_span_tree_init(&ht.slab_t);
    ht.slab_t.limit = nslab;
    gs_span_tree_init(&ht.run_t);
    ht.run_t.limit = nunit;
    fit_init();
    mix_init();
    gs_heap_slabs.base = (uintptr_t)ht.slab_r.base;
    gs_heap_slabs.desc = (ht_slab *)ht.desc_r.base;
    ht.pend = (uint64_t *)ht.pend_r.base;
    ht.run_base = (uintptr_t)ht.run_r.base;
    ht.map = (uint16_t *)ht.map_r.base;
    if (AT_LD(&gs_shadow_off) || ht_as_limited() || !shadow_cover((uintptr_t)ht.slab_r.base, ht.slab_r.reserved) ||
        !shadow_cover((uintptr_t)ht.run_r.base, ht.run_r.reserved))
        AT_ST(&gs_shadow_off, 1);
    return true;
}

static int ht_mode_slow(void) {
    int mode;
    ht_lock();
    mode = ht.mode;
    if (mode == MODE_UNSET) {
        const char *e = getenv("GOOSE_HEAP");
        ht_rung = ht_profile_rung();
        ht_prof = ht_profiles[ht_rung - 1];
        mode = (e != NULL && strcmp(e, "system") == 0) || !ht_setup() ? MODE_SYSTEM : MODE_GOOSE;
        if (mode == MODE_SYSTEM) AT_ST(&gs_shadow_off, 1);
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
 * The release policy (global lock held): freed pages are kept for a while.
 * Giving pages back at once and faulting them in again (zeroed by the
 * kernel) when the program allocates the same sizes again costs far more
 * than the allocation: on these VMs under load ~50 us per 4 KiB page fault
 * and 0.3-1.5 ms per madvise (docs/benchmarks.md, Heap).
 * So freed pages stay resident for a while and are handed out again first:
 *   slabs  an idle slab is kept, still allocated in the slab tree but
 *          owned by no one (so no check takes it for live), on a list
 *          linked by next/prev; reused newest first (warm pages);
 *   runs   a freed run goes back to the run tree at once (it coalesces
 *          and any size can reuse it: best fit, run_take), its pages resident;
 *   huge   up to KEEP_HUGE mappings, neighbours joined; a huge block is
 *          cut from the smallest that holds it (the rest stays kept) and
 *          grows in place into one that starts at its end (huge_grow).
 * Bounds. Kept slabs and run pages freed since the last sweep stay under
 *   keep_limit = KEEP_MIN + used / KEEP_FRACTION + min(used, peak - used) / KEEP_DOWN
 * (used: bytes in use), at most KEEP_MAX. The last term lets a heap on its
 * way down keep more (used + kept stays under the peak), so that when a
 * program frees most of its heap in random order the slabs go back in
 * long clusters late rather than one at a time early; as used falls to 0
 * the limit falls to KEEP_MIN, so 100 MiB allocated and freed leaves about
 * KEEP_MIN resident. Beyond the limit the run tree is swept (run_sweep:
 * every free span of at least RUN_RELEASE_MIN in one madvise each; shorter
 * holes stay resident, as in malloc) and kept slabs go back a cluster at
 * a time, biggest first (keep_give_back), down to KEEP_SLACK below the
 * limit. Kept huge mappings total at most KEEP_HUGE_MAX; with
 * the bytes in use they never pass 1.5 x the peak of bytes in use (so
 * they raise peak resident memory by half at most; the smallest go
 * first); and they are unmapped once KEEP_HUGE_TICKS
 * page-layer operations (slab, run or huge allocations and frees) have
 * passed without reusing them. gs_heap_trim
 * gives back everything kept and every free run page. Compiled with
 * -DGS_HEAP_KEEP=0 (e.g. through GOOSE_CFLAGS) nothing is kept and runs
 * go back by the region's policy (gs_region_after_free), for A/B
 * measurements (bench/heap/run.py --keep-ab).
 * ================================================================ */
#ifndef GS_HEAP_KEEP
#define GS_HEAP_KEEP 1
#endif
#define KEEP_MIN ht_prof.keep_min
#define KEEP_MAX ht_prof.keep_max
#define KEEP_FRACTION 8
#define KEEP_DOWN 2
#define KEEP_HUGE 4
#define KEEP_HUGE_MAX ht_prof.huge_max
#define KEEP_HUGE_TICKS ht_prof.huge_ticks
#define KEEP_HUGE_PEAK 2
#define KEEP_SLACK ((size_t)2 << 20)
#define KEEP_LIST_MAX 4096 /* kept slabs looked at per trim (KEEP_MAX is 1024 slabs) */
#define EMPTY_MIN ((size_t)256 << 10) /* run_emptied's first bound */

typedef struct keep_span {
    uintptr_t at; /* a run: its first page's offset in pages; a huge block: its address */
    size_t len;   /* pages (a run), bytes (a huge block); 0: the entry is empty */
    uint64_t tick;
} keep_span;

static struct {
    size_t used;      /* bytes in use: slabs owned, run pages live, huge blocks live */
    size_t peak;      /* the most `used` has been */
    size_t kept;      /* bytes of kept slabs */
    size_t run_dirty; /* bytes of freed runs back in the run tree, maybe still resident */
    size_t run_floor; /* run_dirty left by the last sweep (free spans too short to give back) */
    size_t empty_min; /* run_dirty that an emptied run region gives back (run_emptied) */
    size_t kept_huge; /* bytes of kept huge mappings */
    uint64_t tick;    /* page-layer operations so far */
    ht_slab *slab_new, *slab_old; /* kept slabs, newest first */
    keep_span huge[KEEP_HUGE];    /* kept huge mappings */
} keep = {.empty_min = EMPTY_MIN};

static size_t keep_limit(void) {
    size_t down = keep.peak - keep.used, l;
    down = (down < keep.used ? down : keep.used) / KEEP_DOWN;
    l = KEEP_MIN + keep.used / KEEP_FRACTION + down;
    if (!GS_HEAP_KEEP) return 0;
    return l < KEEP_MAX ? l : KEEP_MAX;
}

static void run_give_back_locked(int64_t off, int64_t n);

/* The newest kept slab, unlinked (NULL: none). */
static ht_slab *keep_slab_take(void) {
    ht_slab *s = keep.slab_new;
    if (s == NULL) return NULL;
    keep.slab_new = s->next;
    if (s->next != NULL) s->next->prev = NULL;
    else keep.slab_old = NULL;
    s->prev = s->next = NULL;
    keep.kept -= GS_HEAP_SLAB;
    return s;
}

/* The pages of [lo, hi) (byte offsets in r, rounded inwards to pages) go
 * back to the OS in one madvise when any of them may be dirty, and are then
 * known zero. Pages already given back are included: one long call costs
 * about what a short one does (docs/benchmarks.md, Heap). */
static void region_give_back_whole(gs_region *r, size_t lo, size_t hi) {
    size_t pg, first, last;
    lo = round_up(lo, PAGE);
    hi = (hi < r->committed ? hi : r->committed) & ~(PAGE - 1);
    if (lo >= hi) return;
    first = lo >> PAGE_SHIFT;
    last = hi >> PAGE_SHIFT;
    for (pg = first; pg < last && ((r->clean[pg / 64] >> (pg % 64)) & 1); pg++) {
    }
    if (pg == last || madvise(r->base + lo, hi - lo, MADV_DONTNEED) != 0) return;
    shadow_drop(r->base + lo, hi - lo);
    for (pg = first; pg < last; pg++) r->clean[pg / 64] |= (uint64_t)1 << (pg % 64);
    r->released += last - first;
}

static int slab_addr_cmp(const void *a, const void *b) {
    const ht_slab *x = *(ht_slab *const *)a, *y = *(ht_slab *const *)b;
    return (x > y) - (x < y);
}

/* Kept slabs and run pages freed since the last sweep. */
static size_t keep_pending(void) { return keep.kept + (keep.run_dirty - keep.run_floor); }

/* A kept slab leaves the kept list (anywhere in it). */
static void keep_slab_unlink(ht_slab *s) {
    if (s->prev != NULL) s->prev->next = s->next;
    else keep.slab_new = s->next;
    if (s->next != NULL) s->next->prev = s->prev;
    else keep.slab_old = s->prev;
    s->prev = s->next = NULL;
    keep.kept -= GS_HEAP_SLAB;
}

/* Every slab strictly between a and b is owned by no one (free or kept). */
static bool slabs_unowned_between(const ht_slab *a, const ht_slab *b) {
    for (a++; a < b; a++)
        if (a->owner != NULL) return false;
    return true;
}

typedef struct keep_cluster {
    int first, n; /* kept slabs v[first .. first+n) */
} keep_cluster;

static int cluster_cmp(const void *a, const void *b) {
    const keep_cluster *x = (const keep_cluster *)a, *y = (const keep_cluster *)b;
    if (x->n != y->n) return y->n - x->n;
    return x->first - y->first;
}

/* Kept slabs go back to the slab tree and to the OS until pending bytes
 * fall to target, a cluster at a time: kept slabs with only free or kept
 * slabs between them, so that each cluster (with the free spans around it
 * that were given back before, and everything above the tail when it
 * reaches it) leaves in one madvise; the biggest clusters go first. Slabs
 * empty in random order when a program frees most of its heap (working_set
 * at its end): given back oldest first, one madvise of 64 KiB each, ~1500
 * calls, and on these VMs each flushes the TLB (~0.3 ms under load). */
static void keep_give_back(size_t target) {
    static ht_slab *v[KEEP_LIST_MAX];
    static keep_cluster c[KEEP_LIST_MAX];
    ht_slab *s;
    int n = 0, nc = 0, i, j;
    for (s = keep.slab_new; s != NULL && n < KEEP_LIST_MAX; s = s->next) v[n++] = s;
    qsort(v, (size_t)n, sizeof *v, slab_addr_cmp);
    for (i = 0; i < n; i++) {
        if (nc > 0 && slabs_unowned_between(v[i - 1], v[i])) c[nc - 1].n++;
        else c[nc].first = i, c[nc++].n = 1;
    }
    qsort(c, (size_t)nc, sizeof *c, cluster_cmp);
    for (i = 0; i < nc && keep_pending() > target; i++) {
        gs_span m = {0, 0};
        size_t lo, hi;
        for (j = c[i].first; j < c[i].first + c[i].n; j++) {
            keep_slab_unlink(v[j]);
            if (!gs_span_tree_free(&ht.slab_t, v[j] - gs_heap_slabs.desc, 1, &m)) gs_fail_oom(NULL);
        }
        /* the last free's span holds the whole cluster (all between is free) */
        lo = (size_t)m.off << SLAB_SHIFT;
        hi = m.off == ht.slab_t.tail ? ht.slab_r.committed : (size_t)(m.off + m.len) << SLAB_SHIFT;
        region_give_back_whole(&ht.slab_r, lo, hi);
    }
}

typedef struct run_sweep_ctx {
    size_t min;  /* free spans shorter than this stay resident */
    size_t left; /* bytes of the spans left resident */
} run_sweep_ctx;

static void run_sweep_span(void *ctx, gs_span sp) {
    run_sweep_ctx *c = (run_sweep_ctx *)ctx;
    size_t lo = (size_t)sp.off << UNIT_SHIFT, hi = (size_t)(sp.off + sp.len) << UNIT_SHIFT;
    if (hi - lo < c->min) c->left += hi - lo;
    else region_give_back_whole(&ht.run_r, lo, hi);
}

/* Freed runs go back to the run tree at once (so they coalesce and any
 * size can reuse them, run_take) but their pages stay resident; a sweep
 * gives back, one madvise per free span, every free span of at least
 * RUN_RELEASE_MIN (all of them when all) and the pages above the tail. */
static void run_sweep(bool all) {
    run_sweep_ctx c = {all ? 0 : RUN_RELEASE_MIN, 0};
    gs_span_tree_visit(&ht.run_t, run_sweep_span, &c);
    region_give_back_whole(&ht.run_r, (size_t)ht.run_t.tail << UNIT_SHIFT, ht.run_r.committed);
    keep.run_dirty = keep.run_floor = c.left;
}

/* When kept slabs and run pages freed since the last sweep pass limit: the
 * run tree is swept (when at least KEEP_SLACK was freed into it since),
 * then kept slabs go back, a cluster at a time (keep_give_back), until
 * KEEP_SLACK below the limit (so a program freeing at the limit gives back
 * batches, not one slab per free). limit 0: every kept slab. */
static void keep_trim(size_t limit) {
    size_t target = limit > KEEP_SLACK ? limit - KEEP_SLACK : 0;
    if (keep_pending() <= limit) return;
    if (keep.run_dirty - keep.run_floor >= KEEP_SLACK) run_sweep(false);
    if (keep_pending() > target) keep_give_back(target);
}

static void keep_huge_drop(int i) {
    munmap((void *)keep.huge[i].at, keep.huge[i].len);
    shadow_drop((const void *)keep.huge[i].at, keep.huge[i].len);
    keep.kept_huge -= keep.huge[i].len;
    keep.huge[i].len = 0;
}

/* Kept huge mappings go, smallest first, while they and the bytes in use
 * pass the peak of bytes in use by more than 1/KEEP_HUGE_PEAK of it. */
static void keep_huge_fit_peak(void) {
    while (keep.kept_huge != 0 && keep.used + keep.kept_huge > keep.peak + keep.peak / KEEP_HUGE_PEAK) {
        int i, s = -1;
        for (i = 0; i < KEEP_HUGE; i++)
            if (keep.huge[i].len != 0 && (s < 0 || keep.huge[i].len < keep.huge[s].len)) s = i;
        keep_huge_drop(s);
    }
}

/* One page-layer operation: kept huge mappings not reused for
 * KEEP_HUGE_TICKS of them are unmapped. */
static void keep_tick(void) {
    int i;
    keep.tick++;
    if (keep.used > keep.peak) keep.peak = keep.used;
    AT_ST(&ht.shrinking, keep.used < keep.peak / 2);
    if (keep.peak >= MID_SLAB_PEAK) AT_ST(&ht.mid_slabs, 1);
    if (keep.kept_huge == 0) return;
    for (i = 0; i < KEEP_HUGE; i++)
        if (keep.huge[i].len != 0 && keep.tick - keep.huge[i].tick > KEEP_HUGE_TICKS) keep_huge_drop(i);
    keep_huge_fit_peak();
}

/* ================================================================
 * Slabs: the page layer (global lock held).
 * ================================================================ */
static ht_slab *slab_new_locked(ht_heap *h, unsigned c) {
    ht_slab *s = keep_slab_take();
    int64_t i;
    keep_tick();
    if (s != NULL) { /* kept: committed, dirty, its descriptor committed */
        i = s - gs_heap_slabs.desc;
        goto init;
    }
    i = gs_span_tree_alloc(&ht.slab_t, 1);
    if (i < 0) return NULL;
    if (!gs_region_commit(&ht.slab_r, (size_t)(i + 1) << SLAB_SHIFT) ||
        !gs_region_commit(&ht.desc_r, (size_t)(i + 1) * sizeof(ht_slab)) ||
        !gs_region_commit(&ht.pend_r, (size_t)(i + 1) * BITMAP_WORDS * sizeof(uint64_t))) {
        gs_span_tree_free(&ht.slab_t, i, 1, NULL);
        return NULL;
    }
    gs_region_dirty(&ht.slab_r, (size_t)i << SLAB_SHIFT, GS_HEAP_SLAB);
    if (((size_t)(i + 1) << SLAB_SHIFT) > ht.slab_span)
        AT_ST(&ht.slab_span, (size_t)(i + 1) << SLAB_SHIFT);
init:
    keep.used += GS_HEAP_SLAB;
    if (keep.used > keep.peak) keep.peak = keep.used;
    s = &gs_heap_slabs.desc[i];
    s->bump = 0;
    s->used = 0;
    s->listed = 0;
    s->free = NULL;
    s->prev = s->next = NULL;
    AT_ST(&s->cls, (uint32_t)c);
    AT_ST(&s->owner, h);
    return s;
}

/* The slab's blocks are all back (live and pend bitmaps are all zero): it
 * is kept (the release policy above), the oldest beyond the limit given
 * back. */
static void slab_release_locked(ht_slab *s) {
    AT_ST(&s->owner, (ht_heap *)NULL);
    keep_tick();
    keep.used -= GS_HEAP_SLAB;
    s->bump = (uint32_t)keep.tick;
    s->prev = NULL;
    s->next = keep.slab_new;
    if (s->next != NULL) s->next->prev = s;
    else keep.slab_old = s;
    keep.slab_new = s;
    keep.kept += GS_HEAP_SLAB;
    keep_trim(keep_limit());
}

static uint8_t *slab_start(const ht_slab *s) {
    return (uint8_t *)(gs_heap_slabs.base + ((uintptr_t)(s - gs_heap_slabs.desc) << SLAB_SHIFT));
}

static uint32_t slab_nblocks(unsigned c) { return cls_nblocks[c]; }

/* ================================================================
 * The mixed slab: every class's first blocks. With a slab of its own only,
 * a class touches at least one page of it, so a program that uses many
 * classes a little pays a page per class: strings (17 classes of 16-640
 * bytes, two or three blocks of each live at a time) would hold 17 slab
 * pages, 68 KiB, where glibc's whole heap is 40 KiB. So each thread heap
 * has one slab shared by the classes up to MIX_MAX_SIZE bytes, as
 * malloc's one heap is:
 *   shares  class c owns blocks [mix.lo[c], mix.hi[c]) of the mixed slab
 *           (MIX_BYTES of blocks, at least MIX_MIN), block i at offset
 *           i * size as in a slab of its own, so gs_heap_pop's block index
 *           and live bit need no change. The shares are laid out from the
 *           largest class down, each at the first multiple of its size
 *           after the one before: the bytes do not overlap, nor do the
 *           bits of the one live bitmap (a share's first bit, its start /
 *           its size, lies past the bits of the share before it, which
 *           ended at that start / a larger size). The 16-byte class comes
 *           last and its bits must stay below GS_HEAP_SLAB_BLOCKS, so the
 *           layout must end within 16 KiB (MIX_SPAN; it ends at 15,552).
 *   class   the descriptor's class is MIX_CLS; a block's class comes from
 *           its offset, one byte per 16 bytes (mix.cls; MIX_NONE past the
 *           layout and in the gaps a share's alignment leaves): one
 *           compare more on the free path of every slab, a load more for
 *           the mixed slab's blocks. Interior addresses, gaps and double
 *           frees are rejected as in any slab (offset, bitmap).
 *   refill  a class's freed share blocks come first, then one never-used
 *           share block at a time, when its cache is empty (so a share
 *           hands out no more blocks than the class has had live at once),
 *           then its own slabs: a class gets a slab of its own only once
 *           all of its share is out (live or cached).
 * The slab is its heap's until the thread exits (released then if empty);
 * the shares' pages are touched as the classes use them. Measured against
 * -DGS_HEAP_MIX=0 (docs/benchmarks.md, Heap): strings keeps its 17
 * classes in their shares (it takes 2 blocks of each, 3 of 16 bytes), on
 * 3 pages of the mixed slab instead of 17 pages: slab pages 12 KiB against
 * 68, anonymous memory at exit 140 KiB against 196 (glibc 152), minor
 * faults 90 against 105 (glibc 97). The price is the class look-up: ~11
 * instructions more per free of a mixed block (strings, all of whose
 * blocks are: Ir +4%), +0.2% / +0.5% on short_lived / working_set.
 * -DGS_HEAP_MIX=0: no mixed slab (A/B; gs_heap.h).
 * ================================================================ */
#define MIX_CLS NCLASS        /* the descriptor's class of a mixed slab */
#define MIX_NONE (NCLASS + 1) /* the class of an offset in no share */
#define MIX_MAX_SIZE 1024u
#define MIX_BYTES 256u
#define MIX_MIN 2u
#define MIX_SPAN ((uint32_t)16384)

static struct {
    uint16_t lo[NCLASS], hi[NCLASS]; /* class c's share; lo == hi: none */
    uint8_t cls[MIX_SPAN >> 4];      /* the class of each 16 bytes, or MIX_NONE */
} mix;

/* The shares (ht_setup). A layout that would not fit stops short: the
 * classes left out get no share (cannot happen with these constants;
 * heap_test checks that every class up to MIX_MAX_SIZE has one). */
static void mix_init(void) {
    uint32_t at = 0, k, g;
    int c;
    memset(mix.cls, MIX_NONE, sizeof mix.cls);
    for (c = NCLASS - 1; c >= 0 && GS_HEAP_MIX; c--) {
        uint32_t size = cls_size[c];
        if (size > MIX_MAX_SIZE) continue;
        k = MIX_BYTES / size > MIX_MIN ? MIX_BYTES / size : MIX_MIN;
        at = (uint32_t)round_up(at, size);
        if (at + k * size > MIX_SPAN || at / size + k > cls_nblocks[c]) break;
        mix.lo[c] = (uint16_t)(at / size);
        mix.hi[c] = (uint16_t)(at / size + k);
        for (g = at >> 4; g < (at + k * size) >> 4; g++) mix.cls[g] = (uint8_t)c;
        at += k * size;
    }
}

/* The class of the block at a, in a mixed slab (MIX_NONE: none). */
static unsigned mix_cls_at(uintptr_t a) {
    uint32_t off = (uint32_t)(a & (GS_HEAP_SLAB - 1));
    return off < MIX_SPAN ? mix.cls[off >> 4] : MIX_NONE;
}

/* The class of the block at a in s (>= NCLASS: a is in no block). */
static unsigned slab_cls(const ht_slab *s, uintptr_t a) {
    unsigned c = AT_LD(&s->cls);
    return c < NCLASS ? c : mix_cls_at(a);
}

/* The heap's mixed slab, made at its first refill. */
static void mix_start(ht_heap *h) {
    unsigned c;
    h->mix_tried = 1;
    ht_lock();
    h->mix = slab_new_locked(h, MIX_CLS);
    ht_unlock();
    for (c = 0; c < NCLASS; c++) {
        h->mix_free[c] = NULL;
        h->mix_next[c] = mix.lo[c];
    }
}

/* Blocks of class c from the mixed slab into the cache: freed share
 * blocks up to want, else one never-used one if the cache is empty. */
static void mix_refill(ht_heap *h, unsigned c, uint32_t want) {
    gs_heap_bin *b = &gs_heap_cache[c];
    ht_slab *s = h->mix;
    while (b->n < want) {
        void *p = h->mix_free[c];
        if (p != NULL) memcpy(&h->mix_free[c], p, sizeof(void *));
        else if (b->n == 0 && h->mix_next[c] < mix.hi[c]) p = slab_start(s) + (size_t)h->mix_next[c]++ * cls_size[c];
        else return;
        s->used++;
        memcpy(p, &b->head, sizeof(void *));
        b->head = p;
        b->n++;
    }
}

/* A block comes back to the mixed slab s (neither live nor pending). */
static void mix_put(ht_heap *h, ht_slab *s, void *p) {
    unsigned c = mix_cls_at((uintptr_t)p);
    memcpy(p, &h->mix_free[c], sizeof(void *));
    h->mix_free[c] = p;
    s->used--;
}

/* The thread is done: an empty mixed slab goes back (kept, as any). */
static void mix_release(ht_heap *h) {
    if (h->mix == NULL || h->mix->used != 0) return;
    ht_lock();
    slab_release_locked(h->mix);
    ht_unlock();
    h->mix = NULL;
    h->mix_tried = 0;
}

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
    if (s->cls == MIX_CLS) {
        mix_put(h, s, p);
        return;
    }
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

/* gs_heap_pop (gs_heap.h, inlined into programs) finds the slab and block
 * index the same way: change them together. */
static ht_slab *slab_of(uintptr_t a) { return &gs_heap_slabs.desc[(a - gs_heap_slabs.base) >> SLAB_SHIFT]; }

static uint32_t block_index(uintptr_t a, unsigned c) {
    return (uint32_t)(((uint64_t)(a & (GS_HEAP_SLAB - 1)) * cls_magic[c]) >> 32);
}

/* s's pend bitmap: blocks other threads freed, not yet reclaimed. */
static uint64_t *slab_pend(const ht_slab *s) {
    return ht.pend + (size_t)(s - gs_heap_slabs.desc) * BITMAP_WORDS;
}

/* Block bi of s is pending. The bitmap is read only when s has pending
 * blocks (a remote free counts itself in npend before it claims its bit). */
static bool slab_pending(const ht_slab *s, uint32_t bi) {
    return AT_LD(&s->npend) != 0 && ((AT_LD(&slab_pend(s)[bi >> 6]) >> (bi & 63)) & 1);
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
        uint32_t bi = block_index((uintptr_t)p, slab_cls(s, (uintptr_t)p));
        uint64_t bit = (uint64_t)1 << (bi & 63);
        memcpy(&next, p, sizeof next);
        AT_ST(&s->live[bi >> 6], s->live[bi >> 6] & ~bit);
        AT_AND64(&slab_pend(s)[bi >> 6], ~bit);
        AT_ADD32(&s->npend, (uint32_t)-1);
        slab_put(h, s, p, false);
        p = next;
    }
}

/* While the heap is below half its peak (most of it freed), a cache holds
 * at most SHRINK_CAP blocks of its class: every cached block keeps its
 * slab from going back, and a program that frees most of its heap in
 * random order would otherwise end with up to a cache's capacity of slabs
 * per class held by one block each (heap_test's random free: 156 slabs,
 * 10 MB). Set when a cache overflows or runs dry. */
#ifndef GS_HEAP_SHRINK_CAP
#define GS_HEAP_SHRINK_CAP 4
#endif
#define SHRINK_CAP ((uint32_t)GS_HEAP_SHRINK_CAP)
static uint32_t cache_cap(unsigned c) {
    uint32_t n = cls_cap(c);
    return AT_LD(&ht.shrinking) && n > SHRINK_CAP ? SHRINK_CAP : n;
}

/* Half the cache of class c (all of it when all) goes back to the slabs. */
static void ht_flush(ht_heap *h, unsigned c, bool all) {
    gs_heap_bin *b = &gs_heap_cache[c];
    uint32_t keep = all ? 0 : h->cap[c] / 2;
    while (b->n > keep) {
        void *p = b->head;
        memcpy(&b->head, p, sizeof(void *));
        b->n--;
        slab_put(h, slab_of((uintptr_t)p), p, all);
    }
}

static GS_NOINLINE GS_COLD void ht_flush_half(ht_heap *h, unsigned c) {
    h->cap[c] = cache_cap(c);
    ht_flush(h, c, false);
}

/* The slab's next never-used block reaches into a page no block of it
 * has reached yet. */
static bool bump_new_page(const ht_slab *s, uint32_t size) {
    return (size_t)(s->bump + 1) * size > round_up((size_t)s->bump * size, PAGE);
}

/* The slab's next never-used block is past its class's budget (above,
 * GS_HEAP_CLASS_PAGE): the block is to be a run. */
static bool bump_over_budget(const ht_slab *s, uint32_t size) {
    return GS_HEAP_CLASS_PAGE && size > RUN_FLOOR && (size_t)(s->bump + 1) * size > PAGE &&
           !AT_LD(&ht.mid_slabs);
}

/* Fills the cache of class c with up to half its capacity. Never-used
 * blocks that reach into a fresh page come one refill at a time: a class
 * touches a new page only when every block it touched before is live, so
 * a class used a little costs a page, not its cache's capacity (strings:
 * 17 classes on 17 slab pages, where whole refills would touch 26).
 * false: no memory for a new slab. */
static bool ht_refill(ht_heap *h, unsigned c) {
    gs_heap_bin *b = &gs_heap_cache[c];
    uint32_t want, nb = slab_nblocks(c), size = cls_size[c];
    ht_drain(h);
    h->cap[c] = cache_cap(c);
    want = h->cap[c] / 2;
    if (mix.hi[c] != mix.lo[c]) {
        if (!h->mix_tried) mix_start(h);
        if (h->mix != NULL) mix_refill(h, c, want);
    }
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
            if (b->n > 0 && bump_new_page(s, size)) break;
            if (bump_over_budget(s, size)) break;
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
        for (c = 0; c < NCLASS; c++) h->cap[c] = cls_cap(c);
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
    mix_release(h);
    ht_lock();
    h->abandoned = 1;
    ht_unlock();
    ht_me = NULL;
}

/* ================================================================
 * Page runs and huge blocks (global lock held).
 * ================================================================ */

/* The smallest kept huge mapping that holds len bytes, or -1. */
static int keep_huge_fit(size_t len) {
    int i, b = -1;
    for (i = 0; i < KEEP_HUGE; i++) {
        size_t l = keep.huge[i].len;
        if (l >= len && (b < 0 || l < keep.huge[b].len)) b = i;
    }
    return b;
}

/* The kept huge mapping that starts at a, or -1. */
static int keep_huge_at(uintptr_t a) {
    int i;
    for (i = 0; i < KEEP_HUGE; i++)
        if (keep.huge[i].len != 0 && keep.huge[i].at == a) return i;
    return -1;
}

/* The first n bytes (pages) of kept mapping k leave it: the rest stays
 * kept (it keeps its pages resident and its tick). */
static uintptr_t keep_huge_take(int k, size_t n) {
    uintptr_t a = keep.huge[k].at;
    keep.huge[k].at += n;
    keep.huge[k].len -= n;
    keep.kept_huge -= n;
    return a;
}

static void *huge_alloc_locked(size_t bytes, bool zero) {
    size_t len = round_up(bytes, PAGE);
    int k;
    void *p;
    keep_tick(); /* first: it may unmap kept mappings */
    k = keep_huge_fit(len);
    if (k >= 0) { /* kept: dirty, so zeroed here when asked; the rest stays kept */
        p = (void *)keep_huge_take(k, len);
        if (zero) memset(p, 0, bytes);
    } else {
        p = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (p == MAP_FAILED) return NULL;
        if (!AT_LD(&gs_shadow_off) && !ht_as_limited()) shadow_cover((uintptr_t)p, len);
    }
    if (!live_insert(&ht.huge, (uintptr_t)p, len)) {
        munmap(p, len);
        return NULL;
    }
    shadow_new_big((uintptr_t)p, len);
    keep.used += len;
    if (keep.used > keep.peak) keep.peak = keep.used;
    return p;
}

/* Grows the live huge block at a (old bytes) in place to hold bytes, from
 * the kept mapping that starts at its end: no copy and no page fault, as
 * realloc growing into the top of glibc's heap. */
static bool huge_grow(uintptr_t a, size_t old, size_t bytes) {
    size_t len = round_up(bytes, PAGE), i;
    int k;
    bool grown = false;
    ht_lock();
    keep_tick(); /* first: it may unmap kept mappings */
    k = keep_huge_at(a + old);
    i = live_find(&ht.huge, a);
    if (k >= 0 && i != SIZE_MAX && keep.huge[k].len >= len - old) {
        keep_huge_take(k, len - old);
        ht.huge.slots[i].size = len;
        shadow_free(a, old);
        shadow_new_big(a, len);
        keep.used += len - old;
        if (keep.used > keep.peak) keep.peak = keep.used;
        grown = true;
    }
    ht_unlock();
    return grown;
}

static int keep_huge_oldest(void) {
    int i, o = -1;
    for (i = 0; i < KEEP_HUGE; i++)
        if (keep.huge[i].len != 0 && (o < 0 || keep.huge[i].tick < keep.huge[o].tick)) o = i;
    return o;
}

/* A freed huge mapping is kept, the oldest kept ones unmapped to make room
 * (a slot, and at most KEEP_HUGE_MAX bytes kept); one bigger than that is
 * unmapped at once. */
static void huge_free_locked(uintptr_t a, size_t len) {
    int i, slot = -1;
    keep_tick();
    keep.used -= len;
    if (!GS_HEAP_KEEP || len > KEEP_HUGE_MAX) {
        munmap((void *)a, len);
        shadow_drop((const void *)a, len);
        return;
    }
    while (keep.kept_huge + len > KEEP_HUGE_MAX) keep_huge_drop(keep_huge_oldest());
    keep.kept_huge += len;
    for (i = 0; i < KEEP_HUGE; i++) { /* kept neighbours join it: one mapping, reusable whole */
        if (keep.huge[i].len == 0) continue;
        if (keep.huge[i].at + keep.huge[i].len == a) {
            a = keep.huge[i].at;
            len += keep.huge[i].len;
        } else if (keep.huge[i].at == a + len) {
            len += keep.huge[i].len;
        } else {
            continue;
        }
        keep.huge[i].len = 0;
    }
    for (i = 0; i < KEEP_HUGE && slot < 0; i++)
        if (keep.huge[i].len == 0) slot = i;
    if (slot < 0) {
        slot = keep_huge_oldest();
        keep_huge_drop(slot);
    }
    keep.huge[slot].at = a;
    keep.huge[slot].len = len;
    keep.huge[slot].tick = keep.tick;
    keep_huge_fit_peak();
}

/* ----------------------------------------------------------------
 * Best fit for runs. The run tree gives first fit in address order; after
 * churn (working_set) that leaves many holes too small for any later run
 * in front of the tail: 10.5 MiB of holes over 91 MiB of live runs, where
 * best fit leaves ~5 MiB (simulated on working_set's sequence: the run
 * region's high water 94.0 MiB against 99.4). So the heap keeps its own index
 * of the tree's free spans, in the unit map (global lock held):
 *   tags  the first unit of every free span below the tail holds
 *         FIT_FREE | its length (FIT_LONG: the length is in the next two
 *         entries, 15 bits each); a live run's first unit holds its unit
 *         count (< FIT_FREE), every other unit of a run is 0, of a free
 *         span 0 or FIT_FREE | something. So the map says what starts
 *         where, and checks tell a free span from a run;
 *   bins  spans of fit_min() to FIT_BINS - 1 units are on a doubly linked
 *         list per exact length, newest first, linked through the four
 *         map entries after the tag (two 30-bit unit offsets): no memory
 *         of its own, O(1) to leave when a span merges or is carved.
 *         Shorter spans cannot hold a run (a run is more than
 *         RUN_FLOOR bytes) and are not listed.
 * A run of n < FIT_BINS units takes the front of the newest span of the
 * fewest units >= n (carved through gs_span_tree_resize_in_place: an
 * empty span at its start grows into it); otherwise the tree's first fit,
 * which then lands in a span of FIT_BINS or more, or at the tail.
 * ---------------------------------------------------------------- */
#define FIT_FREE 0x8000u
#define FIT_LONG 0x7fffu
#define FIT_BINS 256
#define FIT_WORDS (FIT_BINS / 64)
#define FIT_NIL 0x3fffffffu
/* a listed span has room for its links after its tag */
typedef char fit_min_check[(RUN_FLOOR >> UNIT_SHIFT) >= 4 ? 1 : -1];

static struct {
    uint32_t head[FIT_BINS]; /* newest free span of each length, FIT_NIL: none (set up by ht_setup) */
    uint64_t nonempty[FIT_WORDS];
} fit;

static void fit_init(void) {
    int k;
    for (k = 0; k < FIT_BINS; k++) fit.head[k] = FIT_NIL;
}

/* The fewest units a run can have: spans shorter are not listed. */
static int64_t fit_min(void) { return (int64_t)(RUN_FLOOR >> UNIT_SHIFT) + 1; }
static bool fit_listed(int64_t len) { return len >= fit_min() && len < FIT_BINS; }

/* A 30-bit value in the two map entries at e, 15 bits each (FIT_FREE set,
 * so the entries read as inside a free span). */
static uint32_t fit_get(int64_t e) { return ((uint32_t)(ht.map[e] & FIT_LONG) << 15) | (ht.map[e + 1] & FIT_LONG); }
static void fit_put(int64_t e, uint32_t v) {
    ht.map[e] = (uint16_t)(FIT_FREE | (v >> 15));
    ht.map[e + 1] = (uint16_t)(FIT_FREE | (v & FIT_LONG));
}
#define FIT_PREV(s) ((s) + 1)
#define FIT_NEXT(s) ((s) + 3)

/* The length of the free span whose first unit is s. */
static int64_t fit_len(int64_t s) {
    unsigned v = ht.map[s] & FIT_LONG;
    return v != FIT_LONG ? (int64_t)v : (int64_t)fit_get(s + 1);
}

/* [s, s+len) is a new free span of the tree: tagged, listed (newest
 * first) if it may hold a run. */
static void fit_set(int64_t s, int64_t len) {
    uint32_t h;
    if (len >= (int64_t)FIT_LONG) {
        ht.map[s] = (uint16_t)(FIT_FREE | FIT_LONG);
        fit_put(s + 1, (uint32_t)len);
        return;
    }
    ht.map[s] = (uint16_t)(FIT_FREE | len);
    if (!fit_listed(len)) return;
    h = fit.head[len];
    fit_put(FIT_PREV(s), FIT_NIL);
    fit_put(FIT_NEXT(s), h);
    if (h != FIT_NIL) fit_put(FIT_PREV(h), (uint32_t)s);
    fit.head[len] = (uint32_t)s;
    fit.nonempty[len / 64] |= (uint64_t)1 << (len % 64);
}

/* The free span starting at s leaves the tree (merged or carved): its
 * tag, and its links when listed, are cleared. */
static void fit_clear(int64_t s) {
    int64_t len = fit_len(s);
    if (fit_listed(len)) {
        uint32_t p = fit_get(FIT_PREV(s)), n = fit_get(FIT_NEXT(s));
        if (p != FIT_NIL) fit_put(FIT_NEXT(p), n);
        else fit.head[len] = n;
        if (n != FIT_NIL) fit_put(FIT_PREV(n), p);
        if (fit.head[len] == FIT_NIL) fit.nonempty[len / 64] &= ~((uint64_t)1 << (len % 64));
        ht.map[s + 1] = ht.map[s + 2] = ht.map[s + 3] = ht.map[s + 4] = 0;
    } else if (len >= (int64_t)FIT_LONG) {
        ht.map[s + 1] = ht.map[s + 2] = 0;
    }
    ht.map[s] = 0;
}

/* The start of the newest listed free span of the fewest units >= n
 * (n < FIT_BINS; its length in *len), or -1. It stays listed. */
static int64_t fit_find(int64_t n, int64_t *len) {
    int w = (int)(n / 64);
    uint64_t bits = fit.nonempty[w] & (~(uint64_t)0 << (n % 64));
    int64_t k;
    while (bits == 0) {
        if (++w == FIT_WORDS) return -1;
        bits = fit.nonempty[w];
    }
    k = (int64_t)w * 64 + gs_span_ctz(bits);
    *len = k;
    return fit.head[k];
}

/* n units out of the run tree, best fit among short spans, else first fit
 * (a long span or the tail); -1 when the region is full. The caller sets
 * the run's map entry. */
static int64_t run_take(int64_t n) {
    int64_t off = -1, len = 0, tail = ht.run_t.tail;
    if (n < FIT_BINS && (off = fit_find(n, &len)) >= 0 && !gs_span_tree_resize_in_place(&ht.run_t, off, 0, n, NULL))
        off = -1; /* not a free span after all: cannot happen while the tags are right */
    if (off < 0) {
        off = gs_span_tree_alloc(&ht.run_t, n);
        if (off < 0 || off == tail) return off; /* full, or carved at the tail */
        len = fit_len(off);
    }
    fit_clear(off);
    if (len > n) fit_set(off + n, len - n);
    return off;
}

/* The run [off, off+n) goes back to the tree; m: the free span it became
 * part of (m->off == tail: returned to the tail). */
static void run_put(int64_t off, int64_t n, gs_span *m) {
    int64_t end = off + n;
    ht.map[off] = 0;
    if (end < ht.run_t.tail && (ht.map[end] & FIT_FREE)) fit_clear(end); /* merges with it */
    if (!gs_span_tree_free(&ht.run_t, off, n, m)) gs_fail_oom(NULL);
    if (m->off < off) fit_clear(m->off); /* merged with the span before it */
    if (m->off != ht.run_t.tail) fit_set(m->off, m->len);
}

static void *run_alloc_locked(size_t bytes, bool zero) {
    int64_t n = (int64_t)(round_up(bytes, UNIT) >> UNIT_SHIFT), off;
    if (bytes >= GS_HEAP_HUGE_MIN) return huge_alloc_locked(bytes, zero);
    keep_tick();
    /* the map first: it covers the tail, which may grow by n */
    if (!gs_region_commit(&ht.map_r, (size_t)(ht.run_t.tail + n) * sizeof(uint16_t)) || (off = run_take(n)) < 0)
        return huge_alloc_locked(bytes, zero);
    if (!gs_region_commit(&ht.run_r, (size_t)(off + n) << UNIT_SHIFT)) {
        gs_span m;
        run_put(off, n, &m);
        return huge_alloc_locked(bytes, zero);
    }
    if (zero) gs_region_zero(&ht.run_r, (size_t)off << UNIT_SHIFT, (size_t)n << UNIT_SHIFT);
    else gs_region_dirty(&ht.run_r, (size_t)off << UNIT_SHIFT, (size_t)n << UNIT_SHIFT);
    ht.map[off] = (uint16_t)n;
    ht.run_live++;
    /* most likely pages freed before (holes first): an estimate, made exact
     * by the next sweep */
    keep.run_dirty -= keep.run_dirty < ((size_t)n << UNIT_SHIFT) ? keep.run_dirty : (size_t)n << UNIT_SHIFT;
    if (keep.run_floor > keep.run_dirty) keep.run_floor = keep.run_dirty;
    keep.used += (size_t)n << UNIT_SHIFT;
    if (keep.used > keep.peak) keep.peak = keep.used;
    shadow_new_big(ht.run_base + ((uintptr_t)off << UNIT_SHIFT), (size_t)n << UNIT_SHIFT);
    return (void *)(ht.run_base + ((uintptr_t)off << UNIT_SHIFT));
}

/* The unit count of the live run at a, or 0. */
static uint32_t run_units_locked(uintptr_t a) {
    uintptr_t off = a - ht.run_base;
    if (!run_holds(a) || (off & (UNIT - 1)) != 0) return 0;
    if ((off >> UNIT_SHIFT) >= (uintptr_t)ht.run_t.tail) return 0;
    return ht.map[off >> UNIT_SHIFT] & FIT_FREE ? 0 : ht.map[off >> UNIT_SHIFT];
}

/* Neighbours too short to give back at the last sweep (counted in
 * run_floor) count as pending again once the run [off, off+n) joins them
 * into a span long enough, or a heap freed in random order would keep its
 * merged holes for good (working_set's end: 60 MiB). */
static void run_unfloor(int64_t off, int64_t n, gs_span m) {
    size_t l = (size_t)(off - m.off) << UNIT_SHIFT, r = (size_t)(m.off + m.len - off - n) << UNIT_SHIFT, nb = 0;
    if (((size_t)m.len << UNIT_SHIFT) < RUN_RELEASE_MIN) return;
    if (l < RUN_RELEASE_MIN) nb += l;
    if (r < RUN_RELEASE_MIN) nb += r;
    keep.run_floor -= keep.run_floor < nb ? keep.run_floor : nb;
}

/* The last live run was freed: the run region is one free span from 0.
 * When at least empty_min bytes were freed into it since the last sweep,
 * all its pages go back in one madvise, as malloc trims its heap's top
 * (short_lived frees its 656 KiB of runs before it prints and exits; the
 * pages its exit faults in then no longer come on top of them). The bound
 * grows fourfold each time, so a program that takes and frees one big run
 * over and over gives its pages back a few times, not each time (a fault
 * per page each time costs far more than the allocation; push_growth
 * takes 1,172 faults in all with this, 605 without, glibc 1,174). */
static void run_emptied(void) {
    if (keep.run_dirty < keep.empty_min) return;
    region_give_back_whole(&ht.run_r, 0, ht.run_r.committed);
    keep.run_dirty = keep.run_floor = 0;
    keep.empty_min *= 4;
}

/* A freed run goes back to the tree, its pages resident until a sweep
 * (the release policy) or until no run is left (run_emptied); with
 * GS_HEAP_KEEP=0 by the region's policy. */
static void run_free_locked(uintptr_t a, uint32_t n) {
    int64_t off = (int64_t)((a - ht.run_base) >> UNIT_SHIFT);
    size_t bytes = (size_t)n << UNIT_SHIFT;
    gs_span m;
    ht.run_live--;
    keep_tick();
    keep.used -= bytes;
    if (!GS_HEAP_KEEP) {
        run_give_back_locked(off, n);
        return;
    }
    run_put(off, n, &m);
    keep.run_dirty += bytes;
    run_unfloor(off, n, m);
    if (ht.run_live == 0) run_emptied();
    keep_trim(keep_limit());
}

/* Pages [off, off+n) go back to the tree; to the OS by the region's
 * policy. */
static void run_give_back_locked(int64_t off, int64_t n) {
    gs_span m;
    size_t hi;
    run_put(off, n, &m);
    /* a run that went back to the tail joins everything committed above it */
    hi = m.off == ht.run_t.tail ? ht.run_r.committed : (size_t)(m.off + m.len) << UNIT_SHIFT;
    gs_region_after_free(&ht.run_r, (size_t)m.off << UNIT_SHIFT, hi, (size_t)off << UNIT_SHIFT,
                         (size_t)(off + n) << UNIT_SHIFT);
}

/* Grows the live run at a of n pages to hold bytes (< GS_HEAP_HUGE_MIN)
 * in place, when the pages after it are free (or the tail): no copy, and
 * no second block resident beside the first while a slice doubles. */
static bool run_grow_locked(uintptr_t a, uint32_t n, size_t bytes) {
    int64_t off = (int64_t)((a - ht.run_base) >> UNIT_SHIFT), m = (int64_t)(round_up(bytes, UNIT) >> UNIT_SHIFT);
    int64_t end = off + (int64_t)n, len = end < ht.run_t.tail && (ht.map[end] & FIT_FREE) ? fit_len(end) : 0;
    size_t add = (size_t)(m - (int64_t)n) << UNIT_SHIFT;
    if (!gs_region_commit(&ht.run_r, (size_t)(off + m) << UNIT_SHIFT) ||
        !gs_region_commit(&ht.map_r, (size_t)(off + m) * sizeof(uint16_t)) ||
        !gs_span_tree_resize_in_place(&ht.run_t, off, (int64_t)n, m, NULL))
        return false;
    if (len > 0) { /* took the front of the free span after it */
        fit_clear(end);
        if (len > m - (int64_t)n) fit_set(off + m, len - (m - (int64_t)n));
    }
    gs_region_dirty(&ht.run_r, (size_t)(off + (int64_t)n) << UNIT_SHIFT, add);
    ht.map[off] = (uint16_t)m;
    keep_tick();
    keep.used += add;
    if (keep.used > keep.peak) keep.peak = keep.used;
    keep.run_dirty -= keep.run_dirty < add ? keep.run_dirty : add;
    if (keep.run_floor > keep.run_dirty) keep.run_floor = keep.run_dirty;
    return true;
}

/* Frees the run or huge block at a: false when it is neither. */
static bool big_free(uintptr_t a) {
    uint32_t n;
    size_t i;
    bool ok = true;
    int r;
    ht_lock();
    if ((n = run_units_locked(a)) != 0) {
        if ((r = shadow_free(a, (size_t)n << UNIT_SHIFT)) > 0) run_free_locked(a, n);
        else ok = r == 0;
    } else if ((i = live_find(&ht.huge, a)) != SIZE_MAX) {
        size_t len = ht.huge.slots[i].size;
        if ((r = shadow_free(a, len)) > 0) {
            live_remove_at(&ht.huge, i);
            huge_free_locked(a, len);
        } else {
            ok = r == 0;
        }
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
    if ((n = run_units_locked(a)) != 0) r = (size_t)n << UNIT_SHIFT;
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
    if (bytes <= SLAB_MAX || (bytes <= GS_HEAP_SMALL_MAX && AT_LD(&ht.mid_slabs))) {
        unsigned c = gs_heap_class(bytes);
        if (!ht_refill(ht_self(), c)) return NULL;
        if (gs_heap_cache[c].head != NULL) return gs_heap_pop(c, bytes, zero);
        /* none: the class is at its budget (bump_over_budget) */
    }
    ht_lock();
    p = run_alloc_locked(bytes, zero);
    ht_unlock();
    return p;
}

void *gs_heap_alloc(size_t bytes, bool zero) {
    if (GS_LIKELY(bytes <= GS_HEAP_SMALL_MAX)) {
        unsigned c = GS_HEAP_CLASS(bytes);
        if (GS_LIKELY(gs_heap_cache[c].head != NULL)) return gs_heap_pop(c, bytes, zero);
    }
    return ht_alloc_slow(bytes, zero);
}

/* The slab of a, when a is in the slab region and the slab is in use. */
static ht_slab *slab_find(uintptr_t a) {
    ht_slab *s;
    if (a - gs_heap_slabs.base >= AT_LD(&ht.slab_span)) return NULL;
    s = slab_of(a);
    return AT_LD(&s->owner) != NULL ? s : NULL;
}

/* The block index of a in s when a is the start of a live block, else -1. */
static int64_t slab_live_index(const ht_slab *s, uintptr_t a) {
    unsigned c = slab_cls(s, a);
    uint32_t off = (uint32_t)(a & (GS_HEAP_SLAB - 1)), bi;
    uint64_t bit;
    if (c >= NCLASS) return -1;
    bi = block_index(a, c);
    bit = (uint64_t)1 << (bi & 63);
    if (bi * cls_size[c] != off || bi >= slab_nblocks(c)) return -1;
    if (!(AT_LD(&s->live[bi >> 6]) & bit) || slab_pending(s, bi)) return -1;
    return bi;
}

/* A block of s freed by a thread that does not own s: counted in npend,
 * claimed in the pend bitmap (a second claim fails), then pushed onto the
 * owner's stack. */
static bool free_remote(ht_slab *s, void *p, uint32_t bi) {
    uint64_t bit = (uint64_t)1 << (bi & 63);
    ht_heap *o = AT_LD(&s->owner);
    void *head;
    AT_ADD32(&s->npend, 1);
    if (AT_OR64(&slab_pend(s)[bi >> 6], bit) & bit) {
        AT_ADD32(&s->npend, (uint32_t)-1);
        return false;
    }
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
    if (AT_LD(&s->owner) != ht_self()) { /* the shadow first: then the owner may take it */
        int r = shadow_free(a, cls_size[slab_cls(s, a)]);
        return r > 0 ? free_remote(s, p, (uint32_t)bi) : r == 0;
    }
    return gs_heap_free(p); /* now with a cache (the owner is this thread) */
}

bool gs_heap_free(void *p) {
    ht_heap *h = ht_me;
    uintptr_t a = (uintptr_t)p;
    if (GS_LIKELY(h != NULL && a - gs_heap_slabs.base < AT_LD(&ht.slab_span))) {
        ht_slab *s = slab_of(a);
        if (GS_LIKELY(AT_LD(&s->owner) == h)) {
            unsigned c = s->cls;
            uint32_t bi;
            uint64_t bit, w;
            gs_heap_bin *b;
            if (GS_UNLIKELY(c >= NCLASS) && (c = mix_cls_at(a)) >= NCLASS) return false;
            bi = block_index(a, c);
            bit = (uint64_t)1 << (bi & 63);
            w = s->live[bi >> 6];
            b = &gs_heap_cache[c];
            if (GS_UNLIKELY(bi * cls_size[c] != (uint32_t)(a & (GS_HEAP_SLAB - 1)) ||
                            bi >= slab_nblocks(c) || !(w & bit) || slab_pending(s, bi)))
                return false;
            {
                int r = shadow_free(a, cls_size[c]);
                if (GS_UNLIKELY(r <= 0)) return r == 0;
            }
            AT_ST(&s->live[bi >> 6], w & ~bit);
            if (GS_UNLIKELY(b->n >= h->cap[c])) ht_flush_half(h, c);
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
    if (gs_heap_mode() == MODE_SYSTEM) return sys_holds(p, true);
    s = slab_find(a);
    if (s != NULL) return slab_live_index(s, a) >= 0 && !shadow_retired(a);
    return big_usable(a) != 0 && !shadow_retired(a);
}

size_t gs_heap_usable(const void *p) {
    uintptr_t a = (uintptr_t)p;
    ht_slab *s;
    if (p == NULL) return 0;
    if (gs_heap_mode() == MODE_SYSTEM) return sys_usable(p);
    if (shadow_retired(a)) return 0;
    s = slab_find(a);
    if (s != NULL) return slab_live_index(s, a) >= 0 ? cls_size[slab_cls(s, a)] : 0;
    return big_usable(a);
}

void *gs_heap_realloc(void *p, size_t bytes) {
    size_t old;
    bool retag;
    void *q;
    if (bytes > (size_t)PTRDIFF_MAX) return NULL;
    if (bytes == 0) bytes = 1;
    if (gs_heap_mode() == MODE_SYSTEM) return sys_realloc(p, bytes);
    old = gs_heap_usable(p);
    /* Every realloc gives the block a new tag, in place too (the old
     * extent freed, then the new one allocated); a block whose tag cannot
     * move on moves (and the free retires it). */
    retag = shadow_can_retag((uintptr_t)p);
    if (bytes <= old && bytes > old / 2 && retag) {
        shadow_free((uintptr_t)p, old);
        shadow_new_big((uintptr_t)p, old);
        return p;
    }
    if (run_holds((uintptr_t)p) && bytes > old && bytes < GS_HEAP_HUGE_MIN && retag) {
        uint32_t n;
        bool grown;
        ht_lock();
        n = run_units_locked((uintptr_t)p);
        grown = n != 0 && run_grow_locked((uintptr_t)p, n, bytes);
        if (grown) {
            shadow_free((uintptr_t)p, old);
            shadow_new_big((uintptr_t)p, (size_t)run_units_locked((uintptr_t)p) << UNIT_SHIFT);
        }
        ht_unlock();
        if (grown) return p;
    }
    if (old >= GS_HEAP_HUGE_MIN && bytes > old && retag && huge_grow((uintptr_t)p, old, bytes)) return p;
#ifdef MREMAP_MAYMOVE
    if (old >= GS_HEAP_HUGE_MIN && bytes >= GS_HEAP_HUGE_MIN && retag) {
        size_t i, len = round_up(bytes, PAGE);
        ht_lock();
        i = live_find(&ht.huge, (uintptr_t)p);
        if (i != SIZE_MAX) {
            q = mremap(p, old, len, MREMAP_MAYMOVE);
            if (q != MAP_FAILED) {
                shadow_free((uintptr_t)p, old);
                shadow_drop(p, old); /* unmapped there (or moved onto) */
                if (!AT_LD(&gs_shadow_off) && !ht_as_limited()) shadow_cover((uintptr_t)q, len);
                shadow_new_big((uintptr_t)q, len);
                live_remove_at(&ht.huge, i);
                if (!live_insert(&ht.huge, (uintptr_t)q, len)) gs_fail_oom(NULL);
                keep.used = keep.used - old + len;
                if (keep.used > keep.peak) keep.peak = keep.used;
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
    c = slab_cls(s, a);
    if (c >= NCLASS) return false;
    bi = block_index(a, c);
    return bi < slab_nblocks(c) &&
           slab_live_index(s, (a & ~(uintptr_t)(GS_HEAP_SLAB - 1)) + (uintptr_t)bi * cls_size[c]) >= 0;
}

/* a lies inside a live run or at its end (global lock held). */
static bool run_contains_locked(uintptr_t a) {
    uintptr_t pg, off = a - ht.run_base, tail = (uintptr_t)ht.run_t.tail;
    if (off > tail << UNIT_SHIFT || tail == 0) return false;
    for (pg = off >> UNIT_SHIFT; ; pg--) {
        if (pg < tail && ht.map[pg] != 0) {
            if (!(ht.map[pg] & FIT_FREE)) return off - (pg << UNIT_SHIFT) <= (uintptr_t)ht.map[pg] << UNIT_SHIFT;
            if (off != pg << UNIT_SHIFT) return false; /* inside a free span, not at its start (a run's end) */
        }
        if (pg == 0) return false;
    }
}

bool gs_heap_contains(const void *p) {
    uintptr_t a = (uintptr_t)p;
    bool r;
    if (p == NULL) return false;
    if (gs_heap_mode() == MODE_SYSTEM) return sys_holds(p, false);
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
    if (a - gs_heap_slabs.base < ht.slab_r.reserved || run_holds(a)) return true;
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
        const ht_slab *s = &gs_heap_slabs.desc[i];
        const uint64_t *pend = slab_pend(s);
        if (AT_LD(&s->owner) == NULL) continue;
        for (w = 0; w < BITMAP_WORDS; w++)
            n += popcount64(AT_LD(&s->live[w]) & (AT_LD(&s->npend) ? ~AT_LD(&pend[w]) : ~(uint64_t)0));
    }
    ht_unlock();
    return (size_t)n - AT_LD(&ht_retired); /* retired blocks stay live in the bitmaps and records */
}

void gs_heap_trim(void) {
    int i;
    if (gs_heap_mode() != MODE_GOOSE) return;
    ht_lock();
    run_sweep(true);
    keep_trim(0);
    for (i = 0; i < KEEP_HUGE; i++)
        if (keep.huge[i].len != 0) keep_huge_drop(i);
    gs_region_flush(&ht.slab_r);
    gs_region_flush(&ht.run_r);
    ht_unlock();
}

/* GOOSE_CFLAGS=-DGS_HEAP_STATS: at exit, print to stderr what the heap
 * holds (bytes in use and kept, each region's committed and resident
 * bytes, per class the slabs, blocks out and bump high-water, cache) and
 * the process's resident mappings: where peak RSS goes (a debug aid).
 * Under GOOSE_HEAP=system only the process's resident totals. */
#ifdef GS_HEAP_STATS
#include <stdio.h>
static size_t st_resident(const void *base, size_t len) {
    size_t n = (len + PAGE - 1) / PAGE, i, r = 0;
    unsigned char *v;
    if (base == NULL || len == 0) return 0;
    v = (unsigned char *)malloc(n);
    if (mincore((void *)base, len, v) == 0)
        for (i = 0; i < n; i++) r += v[i] & 1;
    free(v);
    return r * 4;
}
/* Peak and current resident memory, anonymous and file pages apart (the
 * file pages move by +-150 KiB from run to run: where ASLR puts libc). */
static void st_status(void) {
    FILE *f = fopen("/proc/self/status", "r");
    char line[256];
    while (f && fgets(line, sizeof line, f))
        if (strncmp(line, "VmHWM", 5) == 0 || strncmp(line, "RssAnon", 7) == 0 || strncmp(line, "RssFile", 7) == 0)
            fprintf(stderr, "heapstats: %s", line);
    if (f) fclose(f);
}
__attribute__((destructor)) static void gs_heap_stats(void) {
    int64_t i;
    unsigned c;
    FILE *f;
    char line[512];
    st_status();
    if (ht.mode != MODE_GOOSE) {
        f = fopen("/proc/self/smaps_rollup", "r");
        while (f && fgets(line, sizeof line, f))
            if (strncmp(line, "Rss", 3) == 0 || strncmp(line, "Anon", 4) == 0) fprintf(stderr, "heapstats: %s", line);
        if (f) fclose(f);
        return;
    }
    fprintf(stderr, "heapstats: used %zu K peak %zu K kept %zu K kept_huge %zu K\n", keep.used >> 10,
            keep.peak >> 10, keep.kept >> 10, keep.kept_huge >> 10);
    fprintf(stderr, "heapstats: slab committed %zu K resident %zu K tail %lld; desc res %zu K; run committed %zu K res %zu K tail %lld; map res %zu K\n",
            ht.slab_r.committed >> 10, st_resident(ht.slab_r.base, ht.slab_r.committed), (long long)ht.slab_t.tail,
            st_resident(ht.desc_r.base, ht.desc_r.committed), ht.run_r.committed >> 10,
            st_resident(ht.run_r.base, ht.run_r.committed), (long long)ht.run_t.tail,
            st_resident(ht.map_r.base, ht.map_r.committed));
    if (ht_me != NULL && ht_me->mix != NULL) {
        fprintf(stderr, "heapstats: mixed slab used %u; share blocks handed out:", ht_me->mix->used);
        for (c = 0; c < NCLASS; c++)
            if (ht_me->mix_next[c] != mix.lo[c]) fprintf(stderr, " %u:%u/%u", c, ht_me->mix_next[c] - mix.lo[c], mix.hi[c] - mix.lo[c]);
        fprintf(stderr, "\n");
    }
    for (c = 0; c < NCLASS; c++) {
        int ns = 0;
        size_t used = 0, bump = 0;
        for (i = 0; i < (int64_t)(ht.slab_span >> SLAB_SHIFT); i++) {
            ht_slab *s = &gs_heap_slabs.desc[i];
            if (s->owner == NULL || s->cls != c) continue;
            ns++;
            used += s->used;
            bump += s->bump;
        }
        if (ns || gs_heap_cache[c].n)
            fprintf(stderr, "heapstats: cls %2u size %5u slabs %3d used %6zu bump %6zu cache %3u (%zu K)\n", c,
                    cls_size[c], ns, used, bump, gs_heap_cache[c].n, (size_t)gs_heap_cache[c].n * cls_size[c] >> 10);
    }
    f = fopen("/proc/self/smaps_rollup", "r");
    while (f && fgets(line, sizeof line, f))
        if (strncmp(line, "Rss", 3) == 0 || strncmp(line, "Anon", 4) == 0) fprintf(stderr, "heapstats: %s", line);
    if (f) fclose(f);
    f = fopen("/proc/self/smaps", "r");
    {
        char hdr[512] = "";
        while (f && fgets(line, sizeof line, f)) {
            if (line[0] != 'R' && strchr(line, '-') && strchr(line, ' ') > strchr(line, '-')) strcpy(hdr, line);
            else if (strncmp(line, "Rss:", 4) == 0 && atoi(line + 4) >= 64) fprintf(stderr, "heapstats: %.60s  %s", hdr, line);
        }
    }
    if (f) fclose(f);
}
#endif

/* ================================================================
 * Threads. Built by clang or gcc, the heap is thread-safe as it is. Built
 * by TinyCC (single-threaded above), it serializes: once a program starts
 * a thread, each entry point holds ht_big for its whole call.
 * ================================================================ */
#ifdef __TINYC__
static int ht_threads;
static pthread_mutex_t ht_big = PTHREAD_MUTEX_INITIALIZER;

void gs_heap_threads_on(void) { ht_threads = 1; }

#define HT_BIG(T, call)                                  \
    do {                                                 \
        T r_;                                            \
        if (!ht_threads) return call;                    \
        pthread_mutex_lock(&ht_big);                     \
        r_ = call;                                       \
        pthread_mutex_unlock(&ht_big);                   \
        return r_;                                       \
    } while (0)
#undef gs_heap_alloc
#undef gs_heap_free
#undef gs_heap_realloc
#undef gs_heap_live
#undef gs_heap_usable
#undef gs_heap_contains
#undef gs_heap_reserved
#undef gs_heap_live_count
#undef gs_heap_trim
#undef gs_heap_mode
void *gs_heap_alloc(size_t bytes, bool zero) { HT_BIG(void *, ht_u_alloc(bytes, zero)); }
bool gs_heap_free(void *p) { HT_BIG(bool, ht_u_free(p)); }
void *gs_heap_realloc(void *p, size_t bytes) { HT_BIG(void *, ht_u_realloc(p, bytes)); }
bool gs_heap_live(const void *p) { HT_BIG(bool, ht_u_live(p)); }
size_t gs_heap_usable(const void *p) { HT_BIG(size_t, ht_u_usable(p)); }
bool gs_heap_contains(const void *p) { HT_BIG(bool, ht_u_contains(p)); }
bool gs_heap_reserved(const void *p) { HT_BIG(bool, ht_u_reserved(p)); }
size_t gs_heap_live_count(void) { HT_BIG(size_t, ht_u_live_count()); }
int gs_heap_mode(void) { HT_BIG(int, ht_u_mode()); }
void gs_heap_trim(void) {
    pthread_mutex_lock(&ht_big);
    ht_u_trim();
    pthread_mutex_unlock(&ht_big);
}
#else
void gs_heap_threads_on(void) {}
#endif
