/* gs_heap.h — the Goose heap: the storage behind gs_alloc / gs_free /
 * gs_realloc / gs_heap_live (goose_rt.h), for slices and strings.
 *
 * Small sizes (<= GS_HEAP_SMALL_MAX) fall in one of GS_HEAP_NCLASS size
 * classes (a table look-up, no loop); up to GS_HEAP_SLAB_MAX they are
 * served from 64 KiB slabs carved from one reserved region; a per-thread
 * cache of free blocks per class sits in front of the slabs, so alloc and free are a pop and a push
 * in the common case (a cache holds at most 16 KiB per class; the pop is
 * gs_heap_pop below; the emitted C inlines it where the size is a
 * compile-time constant). A thread's first blocks of each class up to
 * 1 KiB come from one slab the classes share (gs_heap.c, the mixed slab),
 * so a program that uses many classes a little does not touch a page per
 * class. Larger sizes are runs from a second reserved
 * region (a gs_span_tree in 256-byte units over a gs_region: a run wastes
 * 128 bytes on average, and a freed run is reused by any size, so a
 * program holding a few blocks of many sizes above 2 KiB does not keep
 * a slab per size class, as it did with slabs up to 16 KiB; placed best
 * fit among free spans under 64 KiB, else first fit); the largest
 * (>= GS_HEAP_HUGE_MIN, or when the run region is full) get their own
 * mmap. Regions are reserved once (sized from
 * RLIMIT_AS when there is one) and committed as they grow.
 * Release (the figures of the memory dial's default rung, GOOSE_HEAP_PROFILE
 * 5; the dial scales them): idle slabs and freed run pages stay resident up
 * to a cap (4 MiB + 1/8 of the bytes in use + half of how far use is below
 * its peak, at most 64 MiB) and are reused first; beyond it free run spans of 1 MiB and
 * up, and clusters of neighbouring idle slabs, go back to the OS in one
 * madvise each. A page run grows in place when the pages after it are
 * free (gs_heap_realloc; a push that outgrows its storage). Up
 * to 4 freed huge mappings are kept (neighbours joined) while in use +
 * kept stays under 1.5x the peak, each unmapped after 64 page-level
 * operations without reuse; a huge block is cut from the smallest kept
 * mapping that holds it, and grows in place into a kept mapping that
 * starts at its end, so a slice doubled again after a bigger one was freed
 * takes no page fault (as realloc growing into the top of malloc's heap).
 * gs_heap_trim gives everything back now; -DGS_HEAP_KEEP=0 restores
 * release at once (for A/B). A zeroed allocation re-zeroes only pages not
 * known to be zero.
 *
 * Exactness: each slab has a live bitmap, each run a unit-map entry, each
 * huge block an entry in a hash set; gs_heap_free rejects (returns false,
 * nothing changed) anything but the start of a live block: a foreign
 * address (outside every region the heap reserved: two compares and a hash
 * probe), an interior address, an already-freed block.
 *
 * Threads: a block freed by a thread other than its slab's owner is pushed
 * onto the owner's atomic remote-free list and reclaimed by the owner in a
 * batch (when its cache for a class runs dry, or at gs_heap_thread_exit).
 * The fast paths take no lock; slab, run and huge operations take one
 * global spin lock. Under TinyCC 0.9.27 (no thread-local storage, no
 * atomics) there is one cache for the process: single-threaded, as every
 * Goose program is.
 *
 * GOOSE_HEAP=system in the environment (read once, at the first heap call)
 * selects malloc with an exact live set instead (single-threaded), for A/B.
 * Every symbol is gs_heap_*; compiles under clang, gcc and TinyCC 0.9.27. */
#ifndef GS_HEAP_H
#define GS_HEAP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#define GS_HEAP_NCLASS 36
#define GS_HEAP_SMALL_MAX ((size_t)4096)
/* Blocks of up to this many bytes come from slabs. Larger ones up to
 * GS_HEAP_SMALL_MAX are runs (their classes' caches stay empty) until the
 * heap has held 8 MiB (GS_HEAP_MID_SLAB_PEAK in gs_heap.c), then slabs
 * too: each slab class stays as large as its own high water of live
 * blocks, so a small heap whose 2-4 KiB blocks come and go in many sizes
 * would pay the sum of eight classes' high waters where runs share one region
 * (short_lived: 156 KiB less resident), while in a big heap that is noise
 * and a slab pop is faster than a run (a locked tree operation: working_set
 * ~5% more CPU with runs). -DGS_HEAP_SLAB_MAX=4096 restores slabs up to
 * GS_HEAP_SMALL_MAX always. */
#ifndef GS_HEAP_SLAB_MAX
#define GS_HEAP_SLAB_MAX ((size_t)2048)
#endif
#define GS_HEAP_SLAB ((size_t)65536)
/* 1: each thread's first blocks of the classes up to 1 KiB come from one
 * slab they share (the mixed slab, gs_heap.c); -DGS_HEAP_MIX=0: each
 * class has slabs of its own only (A/B). */
#ifndef GS_HEAP_MIX
#define GS_HEAP_MIX 1
#endif
/* 1: until the heap has held 8 MiB, a class of blocks above 1 KiB (the
 * classes the mixed slab does not serve) keeps its slab to the first
 * page, and a block that would reach past it is a run instead. Such a
 * class's slab would stay as large as its rare high water of live blocks
 * (short_lived: eight classes of 1-2 KiB, 7-9 blocks each at their
 * highest, ~100 KiB of slab pages for ~10 KiB live on average), where
 * runs share one region; only those excursions take the locked run path.
 * -DGS_HEAP_CLASS_PAGE=0: no such bound (A/B). */
#ifndef GS_HEAP_CLASS_PAGE
#define GS_HEAP_CLASS_PAGE 1
#endif
#define GS_HEAP_HUGE_MIN ((size_t)4 << 20)

/* A block of at least bytes (0 gives a distinct block), 16-aligned;
 * zeroed when zero. NULL when out of memory. */
void *gs_heap_alloc(size_t bytes, bool zero);
/* Frees p when it is the start of a live block (true); otherwise false and
 * nothing changes. NULL is not live. */
bool gs_heap_free(void *p);
/* p is the start of a live block: a block of at least bytes holding p's
 * first min(old, bytes) bytes, p freed (or p itself). NULL when out of
 * memory (p is then untouched). */
void *gs_heap_realloc(void *p, size_t bytes);
/* Error paths only (may be slow): p lies inside a live block or at its end. */
bool gs_heap_contains(const void *p);
/* The usable size of the live block at p (0 when p is not one). */
size_t gs_heap_usable(const void *p);
/* p lies in address space the heap reserved (any region, or a live huge
 * block). Constant time. */
bool gs_heap_reserved(const void *p);
/* 1: the Goose heap, 2: GOOSE_HEAP=system. Decides the mode if not yet. */
int gs_heap_mode(void);
/* The calling thread is done with the heap: its cache goes back to its
 * slabs, blocks others freed are reclaimed, its empty slabs are given back;
 * the thread's state is adopted by the next thread that allocates. */
void gs_heap_thread_exit(void);
/* Gives back to the OS now the pages still waiting in a batch. */
void gs_heap_trim(void);
/* The memory dial, GOOSE_HEAP_PROFILE: its rung (1 keeps the least freed
 * memory resident, 10 the most; 5 when unset or not 1..10), and the bytes
 * of free pages each pool region keeps waiting at that rung. */
int gs_heap_profile(void);
size_t gs_heap_pool_keep(void);
/* A program is about to start its first thread (gs_thread.c): under
 * TinyCC, from now on every entry point takes the heap's one mutex. */
void gs_heap_threads_on(void);

/* Size classes (tests): the class of bytes (<= GS_HEAP_SMALL_MAX) and the
 * block size of a class. */
int gs_heap_class_of(size_t bytes);
size_t gs_heap_class_size(int cls);

/* ================================================================
 * Size classes: 16..128 by 16, four per doubling up to 1 KiB, then eight
 * per doubling up to 4 KiB (a block above 1 KiB wastes 1/16 of its size
 * on average, not 1/8; with runs in 256-byte units above 2 KiB,
 * working_set's rounding waste is 1.029x, against 1.084x with four
 * classes per doubling and runs in whole pages). The
 * one definition, for the runtime and for the compiler: emit-c folds the
 * class of a constant size with gs_heap_class and writes it into the C it
 * emits (gs_alloc_cls in goose_rt.h), so the two cannot drift. Block
 * indices in a slab come from a multiply by a per-class reciprocal (exact
 * for offsets below 64 KiB; tests/runtime/heap_test.c checks every one).
 * ================================================================ */
static const uint32_t gs_heap_cls_size[GS_HEAP_NCLASS] = {
    16, 32, 48, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384, 448, 512, 640, 768, 896, 1024,
    1152, 1280, 1408, 1536, 1664, 1792, 1920, 2048, 2304, 2560, 2816, 3072, 3328, 3584, 3840, 4096
};
static const uint32_t gs_heap_cls_magic[GS_HEAP_NCLASS] = {
    268435456, 134217728, 89478486, 67108864, 53687092, 44739243, 38347923, 33554432, 26843546,
    22369622, 19173962, 16777216, 13421773, 11184811, 9586981, 8388608, 6710887, 5592406, 4793491,
    4194304, 3728271, 3355444, 3050403, 2796203, 2581111, 2396746, 2236963, 2097152, 1864136,
    1677722, 1525202, 1398102, 1290556, 1198373, 1118482, 1048576
};
/* (n + 15) >> 4 for n <= 1024 */
static const uint8_t gs_heap_cls_small[65] = {
    0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 12, 12, 13, 13, 13, 13, 14, 14,
    14, 14, 15, 15, 15, 15, 16, 16, 16, 16, 16, 16, 16, 16, 17, 17, 17, 17, 17, 17, 17, 17, 18, 18,
    18, 18, 18, 18, 18, 18, 19, 19, 19, 19, 19, 19, 19, 19
};
/* (n + 127) >> 7 for 1024 < n <= 4096 */
static const uint8_t gs_heap_cls_mid[33] = {
    0, 0, 0, 0, 0, 0, 0, 0, 0, 20, 21, 22, 23, 24, 25, 26, 27, 28, 28, 29, 29, 30, 30, 31, 31, 32,
    32, 33, 33, 34, 34, 35, 35
};

/* The class of n (n <= GS_HEAP_SMALL_MAX). The macro evaluates n twice;
 * the runtime's hot paths use it because TinyCC inlines nothing. */
#define GS_HEAP_CLASS(n) \
    ((n) <= 1024 ? gs_heap_cls_small[((n) + 15) >> 4] : gs_heap_cls_mid[((n) + 127) >> 7])
static inline unsigned gs_heap_class(size_t n) { return GS_HEAP_CLASS(n); }

/* ================================================================
 * The fast path, inline. gs_heap_alloc's common case, and what the emitted
 * C inlines for an allocation whose class the compiler folded (gs_alloc_cls
 * in goose_rt.h): a pop from the calling thread's cache for the class, the
 * block marked live in its slab's bitmap, zeroed by a memset of the
 * (constant) size. The cache of a thread that has not started, and of
 * every thread under GOOSE_HEAP=system, is empty and stays empty: one load
 * and one compare decide, and an empty cache means one out-of-line call.
 * The state it reads is defined by gs_heap.c and written only there.
 * ================================================================ */
#ifdef __TINYC__
#define GS_HEAP_TLS /* TinyCC 0.9.27: no TLS; one cache for the process */
#define GS_HEAP_INLINE static inline
#define GS_HEAP_STORE(p, v) (*(p) = (v))
#else
#define GS_HEAP_TLS _Thread_local
#define GS_HEAP_INLINE static inline __attribute__((always_inline))
#define GS_HEAP_STORE(p, v) __atomic_store_n(p, v, __ATOMIC_RELAXED)
#endif
/* GCC 12 with -fsanitize=undefined, inlining, miscompiles the null check
 * of a member access through &tls_array[i] of an extern _Thread_local
 * array: it tests a value that is not the address and reports "member
 * access within null pointer" (the access itself is right; clang is
 * quiet). An empty asm that passes the address through a register makes
 * GCC check the address itself. */
#if defined(__GNUC__) && !defined(__clang__) && !defined(__TINYC__)
#define GS_HEAP_TLS_ADDR(p) __asm__("" : "+r"(p))
#else
#define GS_HEAP_TLS_ADDR(p) ((void)0)
#endif

/* A thread's cache of one class: free blocks (not live), linked through
 * their first word, and how many. */
typedef struct gs_heap_bin {
    void *head;
    uint32_t n;
} gs_heap_bin;
extern GS_HEAP_TLS gs_heap_bin gs_heap_cache[GS_HEAP_NCLASS];

/* A slab holds at most this many blocks (the 16-, 32- and 48-byte classes
 * use the first 16, 32 and 48 KiB of their slab): the live bitmap is 128
 * bytes, and a descriptor 184 (1,072 with a bitmap per 16 bytes of slab:
 * 1.6% of the slabs' memory, resident). */
#define GS_HEAP_SLAB_BLOCKS 1024

/* A slab's descriptor (out of band: blocks start at the slab's start). A
 * slab's free list, bump index, used count, list links and live bitmap are
 * written only by the thread that owns it; npend by anyone, atomically.
 * The bitmap of blocks freed by other threads and not yet reclaimed is
 * elsewhere (gs_heap.c), read only while npend is not 0: a program with
 * one thread never touches its pages. */
struct gs_heap_thread;
typedef struct gs_heap_slab {
    struct gs_heap_thread *owner; /* NULL: the slab is free */
    uint32_t cls;    /* GS_HEAP_NCLASS: the mixed slab, shared by classes */
    uint32_t bump;   /* blocks [bump, nblocks) were never handed out */
    uint32_t used;   /* blocks out of the slab: live, in a cache, or pending */
    uint32_t listed; /* on the owner's avail list */
    void *free;      /* blocks given back, linked through their first word */
    struct gs_heap_slab *prev, *next; /* the owner's slabs of this class with room */
    uint32_t npend;  /* blocks freed by another thread, not yet reclaimed */
    uint64_t live[GS_HEAP_SLAB_BLOCKS / 64]; /* live blocks (written by the owner only) */
} gs_heap_slab;

/* The slab region's start and the descriptors (slab i: desc[i]); set once,
 * when the heap starts. */
typedef struct gs_heap_slab_map {
    uintptr_t base;
    gs_heap_slab *desc;
} gs_heap_slab_map;
extern gs_heap_slab_map gs_heap_slabs;

/* ================================================================
 * Storage tags (the shadow; issue 27, docs/temporal_safety.md). One
 * uint16 per 16-byte granule of the heap's memory: the tag of the live
 * block there (1..GS_SHADOW_TAG_MAX), or of the block freed there (its
 * tag + 1), GS_SHADOW_RETIRED for a retired block, 0 never allocated.
 * Found in O(1): gs_shadow_dir[a >> 32] is the chunk of 2^28 uint16 for
 * the 4 GiB around a (reserved MAP_NORESERVE when the heap first reserves
 * address space there: the slab and run regions, huge mappings; NULL
 * where the heap has nothing), granule GS_SHADOW_INDEX(a). A block's
 * granules get (their maximum) + 1 at every allocation (gs_heap_pop,
 * gs_heap_alloc, gs_heap_realloc, even in place), tag + 1 at free, so a
 * header made with an older tag never matches again; a free that would
 * reach GS_SHADOW_TAG_MAX retires the block (GS_SHADOW_RETIRED, never
 * handed out again: leaked; gs_heap_retired counts them). Headers carry
 * the tag (goose_rt.h: gs_tag_of, gs_check_live). gs_shadow_off: no chunk
 * could be made for some memory (or RLIMIT_AS is small, or
 * GOOSE_HEAP=system): from then on new blocks read as tag 0 (not
 * followed). The shadow of a block is written by the thread that
 * allocates or frees it (a remote free writes it before publishing the
 * block to its owner). Plain globals: the JIT's code (TinyCC) reaches them
 * through dlsym, like every runtime symbol.
 * ================================================================ */
#define GS_SHADOW_DIR_N 65536 /* addresses below 2^48 */
/* A chunk: 2^28 granules, then one floor per 2048 granules (per 4 KiB page
 * of the shadow, 32 KiB of heap). When the heap gives pages back, the
 * shadow pages wholly inside them go back too (they read 0 again) and
 * their floor keeps the largest tag they held; an allocation takes the max
 * of its granules and of their floors, so no old tag comes back. */
#define GS_SHADOW_GRANULES ((size_t)1 << 28)
#define GS_SHADOW_FLOOR_SHIFT 11
#define GS_SHADOW_TAG_MAX 0x7fff
#define GS_SHADOW_RETIRED 0xffff
extern uint16_t *gs_shadow_dir[GS_SHADOW_DIR_N];
/* The chunk of the 4 GiB range around address a (NULL where the heap has
 * none), and the index of a's granule in it. */
#define GS_SHADOW_CHUNK(a) (gs_shadow_dir[((uintptr_t)(a) >> 32) & (GS_SHADOW_DIR_N - 1)])
#define GS_SHADOW_INDEX(a) ((uint32_t)(uintptr_t)(a) >> 4)
extern int gs_shadow_off;
/* Blocks retired so far (tests). */
size_t gs_heap_retired(void);
/* The shadow of memory that is not the heap's (span pools, gs_pool.c),
 * which places blocks of whole granules there and stamps them itself.
 * gs_shadow_track: chunks for [p, p + len); false when tags are off
 * (system heap, limited address space, no chunk). gs_shadow_stamp: the
 * block of size bytes at p gets a new tag (max of its granules + 1).
 * gs_shadow_unstamp: it is freed: 1, tag + 1; 0, retired (keep it out of
 * use); -1, it was retired before. gs_shadow_can_retag: its tag can move
 * on once more without retiring it. */
bool gs_shadow_track(const void *p, size_t len);
void gs_shadow_stamp(const void *p, size_t size);
int gs_shadow_unstamp(const void *p, size_t size);
bool gs_shadow_can_retag(const void *p);
/* The largest of m and the n tags at g (eight at a step with SSE2). */
uint16_t gs_shadow_max(const uint16_t *g, size_t n, uint16_t m);

/* The shadow of a block of size bytes (a multiple of 16, inside one 4 GiB
 * range: a slab block) at p, at allocation: (max of its granules) + 1. */
GS_HEAP_INLINE void gs_shadow_new(void *p, size_t size) {
    uintptr_t a = (uintptr_t)p;
    uint16_t *g = GS_SHADOW_CHUNK(a);
    if (g != NULL) {
        size_t i, n = size >> 4, i0 = GS_SHADOW_INDEX(a);
        const uint16_t *fl = g + GS_SHADOW_GRANULES;
        uint16_t m = fl[i0 >> GS_SHADOW_FLOOR_SHIFT], f = fl[(i0 + n - 1) >> GS_SHADOW_FLOOR_SHIFT];
        m = f > m ? f : m;
        g += i0;
        for (i = 0; i < n; i++) m = g[i] > m ? g[i] : m;
        m++;
        for (i = 0; i < n; i++) g[i] = m;
    }
}

/* Sets the n granules' tags at g to v. Up to 32 granules: one store, or
 * two or four overlapping ones of the same width, no loop (the slice
 * pools' cached spans, small heap blocks); more: four at a time. */
GS_HEAP_INLINE void gs_shadow_set(uint16_t *g, size_t n, uint16_t v) {
    uint64_t w[2];
    uint8_t *b = (uint8_t *)g, *e = (uint8_t *)(g + n);
    size_t i;
    w[0] = w[1] = (uint64_t)v * 0x0001000100010001ull;
    if (n <= 1) {
        if (n) g[0] = v;
    } else if (n <= 4) {
        memcpy(b, w, 4);
        memcpy(e - 4, w, 4);
    } else if (n <= 8) {
        memcpy(b, w, 8);
        memcpy(e - 8, w, 8);
    } else if (n <= 32) {
        memcpy(b, w, 16);
        memcpy(e - 16, w, 16);
        if (n > 16) {
            memcpy(b + 16, w, 16);
            memcpy(e - 32, w, 16);
        }
    } else {
        for (i = 0; i + 4 < n; i += 4) memcpy(g + i, w, 8);
        memcpy(g + n - 4, w, 8); /* the last four, overlapping the loop's */
    }
}

/* gs_shadow_stamp and gs_shadow_unstamp inline for a block that lies in
 * one 4 GiB range of the shadow (every span but one across such a
 * boundary), the out-of-line calls otherwise.
 * gs_shadow_stamp_fast returns the block's new tag (unshifted, as
 * gs_tag_of reads it), or -1 when it took the call or the shadow has no
 * chunk there (gs_tag_of then tells). uniform: every granule of the block
 * holds one value (it was freed whole and not touched since), so its first
 * granule stands for their maximum. More granules than
 * GS_SHADOW_INLINE_SCAN are scanned by gs_shadow_max, eight at a step. */
#define GS_SHADOW_INLINE_SCAN 256
GS_HEAP_INLINE int gs_shadow_stamp_fast(const void *p, size_t size, bool uniform) {
    uintptr_t a = (uintptr_t)p;
    uint16_t *g = GS_SHADOW_CHUNK(a);
    if (g != NULL && (a >> 32) == ((a + size - 1) >> 32)) {
        size_t i, n = size >> 4, i0 = GS_SHADOW_INDEX(a);
        const uint16_t *fl = g + GS_SHADOW_GRANULES;
        uint16_t m = fl[i0 >> GS_SHADOW_FLOOR_SHIFT], f = fl[(i0 + n - 1) >> GS_SHADOW_FLOOR_SHIFT];
        m = f > m ? f : m;
        g += i0;
        if (uniform)
            m = g[0] > m ? g[0] : m;
        else if (n > GS_SHADOW_INLINE_SCAN)
            m = gs_shadow_max(g, n, m);
        else
            for (i = 0; i < n; i++) m = g[i] > m ? g[i] : m;
        m++;
        gs_shadow_set(g, n, m);
        return m;
    }
    gs_shadow_stamp(p, size);
    return -1;
}

/* The inline part of gs_shadow_unstamp_fast: 1 when it freed the block's
 * tag, 0 when gs_shadow_unstamp must (a block across a 4 GiB boundary, a
 * tag about to wrap). */
GS_HEAP_INLINE int gs_shadow_unstamp_quick(const void *p, size_t size) {
    uintptr_t a = (uintptr_t)p;
    uint16_t *g = GS_SHADOW_CHUNK(a);
    if (g != NULL && (a >> 32) == ((a + size - 1) >> 32)) {
        uint16_t t;
        g += GS_SHADOW_INDEX(a);
        t = g[0];
        if (t + 1 < GS_SHADOW_TAG_MAX) {    /* else gs_shadow_unstamp retires it */
            gs_shadow_set(g, size >> 4, (uint16_t)(t + 1));
            return 1;
        }
    }
    return 0;
}

GS_HEAP_INLINE int gs_shadow_unstamp_fast(const void *p, size_t size) {
    return gs_shadow_unstamp_quick(p, size) ? 1 : gs_shadow_unstamp(p, size);
}

/* A block of class cls from this thread's cache, marked live, its shadow
 * given a new tag, and zeroed (bytes of it) when zero; NULL when the cache
 * is empty. */
GS_HEAP_INLINE void *gs_heap_pop(unsigned cls, size_t bytes, bool zero) {
    gs_heap_bin *b = &gs_heap_cache[cls];
    void *p;
    GS_HEAP_TLS_ADDR(b);
    p = b->head;
    if (p != NULL) {
        uintptr_t a = (uintptr_t)p;
        gs_heap_slab *s = &gs_heap_slabs.desc[(a - gs_heap_slabs.base) / GS_HEAP_SLAB];
        uint32_t bi = (uint32_t)(((uint64_t)(a & (GS_HEAP_SLAB - 1)) * gs_heap_cls_magic[cls]) >> 32);
        memcpy(&b->head, p, sizeof(void *));
        b->n--;
        GS_HEAP_STORE(&s->live[bi >> 6], s->live[bi >> 6] | (uint64_t)1 << (bi & 63));
        gs_shadow_new(p, gs_heap_cls_size[cls]);
        if (zero) memset(p, 0, bytes);
    }
    return p;
}

#endif
