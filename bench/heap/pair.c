/* pair.c — instructions per small alloc+free pair through the runtime's
 * interface (gs_alloc_uninit + gs_free, and gs_alloc + gs_free), for
 * callgrind: `bench/heap/pair.sh` builds it and reports both heaps.
 * argv[1]: pairs (default 1000000); argv[2]: bytes (default 32);
 * argv[3]: "zero" to use gs_alloc. */
#include "goose_rt.h"

#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
    long n = argc > 1 ? atol(argv[1]) : 1000000, i;
    size_t bytes = argc > 2 ? (size_t)atol(argv[2]) : 32;
    int zero = argc > 3 && strcmp(argv[3], "zero") == 0;
    void *warm = gs_alloc(bytes); /* first call: set-up, slab, cache fill */
    gs_free(warm);
    for (i = 0; i < n; i++) {
        void *p = zero ? gs_alloc(bytes) : gs_alloc_uninit(bytes);
        gs_free(p);
    }
    return 0;
}
