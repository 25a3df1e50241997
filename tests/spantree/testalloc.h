/* testalloc.h — the backing allocator the span-tree tests give the tree:
 * guard bytes on both sides of every block, checked on free
 * and on demand; junk-filled memory; counts; and fail-after-N injection.
 * Not for: anything outside tests/spantree. */
#ifndef ST_TESTALLOC_H
#define ST_TESTALLOC_H

#include <stdint.h>

#include "gs_span_tree.h"

typedef struct st_alloc {
    int64_t allocs, frees, failures; /* calls that succeeded / frees / refused */
    int64_t live;                    /* blocks not yet freed */
    int64_t fail_after;              /* successful allocations left before every
                                        further one fails; -1: never fail */
    void *blocks;                    /* list of live blocks, for st_alloc_verify */
} st_alloc;

void st_alloc_init(st_alloc *a);
gs_span_allocator st_alloc_hooks(st_alloc *a);
/* Aborts with a message when a guard of a live block was overwritten. */
void st_alloc_verify(const st_alloc *a);

#endif
