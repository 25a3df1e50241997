/* heap_calls.c — the planted control of no_heap_calls.py: each line with
 * the marker uses the C heap and must be found; every other line names a
 * heap function only where no_heap_calls.py must not look (a free(p) in a
 * comment like this one, strings, character literals, members, longer
 * names). Never compiled (struct Alloc has members malloc and free). */
#include <stdlib.h>

static const char *emitted = "    gs_free(p); free(q); x = malloc(8);\n";
static const char *escaped = "\"free(p)\" calloc(1, 2)";
static const char quote = '"';

void planted(struct Alloc *a, struct Alloc b, void **out)
{
    char *p = malloc(16);           /* expect: heap */
    p = realloc(p, 32);             /* expect: heap */
    free(p);                        // expect: heap
    void (*release)(void *) = free; /* expect: heap */
    out[0] = calloc (4, 8);         /* expect: heap */
    a->free(out[0]);
    b.free(out[1]);
    out[2] = a->malloc(1);
    sb_free(out[3]);
    mem_free_all(out[4]);
    (void)release;
    (void)emitted;
    (void)escaped;
    (void)quote;
    // malloc(1) in a line comment
}
