/* gs_heap.h — the Goose heap: the storage behind gs_alloc / gs_free /
 * gs_realloc / gs_heap_live (goose_rt.h), for slices and strings.
 *
 * Small sizes (<= GS_HEAP_SMALL_MAX) fall in one of GS_HEAP_NCLASS size
 * classes (a table look-up, no loop) and are served from 64 KiB slabs
 * carved from one reserved region; a per-thread cache of free blocks per
 * class sits in front of the slabs, so alloc and free are a pop and a push
 * in the common case. Larger sizes are page runs from a second reserved
 * region (a gs_span_tree in page units over a gs_region); the largest
 * (>= GS_HEAP_HUGE_MIN, or when the run region is full) get their own mmap.
 * Regions are reserved once (sized from RLIMIT_AS when there is one) and
 * committed as they grow. Idle slabs and freed runs give their pages back
 * to the OS in batches (gs_region_after_free); a zeroed allocation re-zeroes
 * only pages not known to be zero.
 *
 * Exactness: each slab has a live bitmap, each run a page-map entry, each
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

#define GS_HEAP_NCLASS 36
#define GS_HEAP_SMALL_MAX ((size_t)16384)
#define GS_HEAP_SLAB ((size_t)65536)
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

/* Size classes (tests): the class of bytes (<= GS_HEAP_SMALL_MAX) and the
 * block size of a class. */
int gs_heap_class_of(size_t bytes);
size_t gs_heap_class_size(int cls);

#endif
