/* testalloc.c — guarded, counting, failure-injecting allocator for the
 * span-tree tests (see testalloc.h). A block is
 *   [header 32 bytes: size, magic, list links][guard 32][user size][guard 32]
 * and freed memory is junk-filled before it goes back to malloc. */
#include "testalloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ST_GUARD 32
#define ST_MAGIC 0x5157a110c0ffee42ULL
#define ST_FRONT 0xABu
#define ST_BACK 0xCDu

typedef struct st_block {
    size_t size;
    uint64_t magic;
    struct st_block *prev, *next;
} st_block;

static void st_die(const char *what, const void *p) {
    fprintf(stderr, "testalloc: %s (block %p)\n", what, p);
    abort();
}

static unsigned char *st_user(st_block *b) {
    return (unsigned char *)(b + 1) + ST_GUARD;
}

static void st_check_block(const st_block *b) {
    const unsigned char *front = (const unsigned char *)(b + 1), *back = front + ST_GUARD + b->size;
    int i;
    if (b->magic != ST_MAGIC)
        st_die("bad magic: not a testalloc block or freed twice", b);
    for (i = 0; i < ST_GUARD; i++) {
        if (front[i] != ST_FRONT)
            st_die("front guard overwritten", b);
        if (back[i] != ST_BACK)
            st_die("back guard overwritten", b);
    }
}

static void *st_alloc_fn(void *ctx, size_t size) {
    st_alloc *a = (st_alloc *)ctx;
    st_block *b;
    if (a->fail_after == 0) {
        a->failures++;
        return NULL;
    }
    b = (st_block *)malloc(sizeof *b + 2 * ST_GUARD + size);
    if (!b)
        st_die("malloc failed", NULL);
    if (a->fail_after > 0)
        a->fail_after--;
    b->size = size;
    b->magic = ST_MAGIC;
    b->prev = NULL;
    b->next = (st_block *)a->blocks;
    if (b->next)
        b->next->prev = b;
    a->blocks = b;
    memset(b + 1, ST_FRONT, ST_GUARD);
    memset(st_user(b), 0x5A, size); /* junk: the tree must initialise what it reads */
    memset(st_user(b) + size, ST_BACK, ST_GUARD);
    a->allocs++;
    a->live++;
    return st_user(b);
}

static void st_free_fn(void *ctx, void *p, size_t size) {
    st_alloc *a = (st_alloc *)ctx;
    st_block *b = (st_block *)((unsigned char *)p - ST_GUARD) - 1;
    st_check_block(b);
    if (b->size != size)
        st_die("freed with a different size", b);
    if (b->prev)
        b->prev->next = b->next;
    else
        a->blocks = b->next;
    if (b->next)
        b->next->prev = b->prev;
    memset(b, 0xDD, sizeof *b + 2 * ST_GUARD + size);
    free(b);
    a->frees++;
    a->live--;
}

void st_alloc_init(st_alloc *a) {
    memset(a, 0, sizeof *a);
    a->fail_after = -1;
}

gs_span_allocator st_alloc_hooks(st_alloc *a) {
    gs_span_allocator m;
    m.alloc = st_alloc_fn;
    m.free = st_free_fn;
    m.ctx = a;
    return m;
}

void st_alloc_verify(const st_alloc *a) {
    const st_block *b;
    int64_t n = 0;
    for (b = (const st_block *)a->blocks; b; b = b->next, n++)
        st_check_block(b);
    if (n != a->live)
        st_die("live block count disagrees with the list", NULL);
}
