/* heap_cls_drift.c — the safety net of gs_alloc_cls (goose_rt.h): a size
 * class that is not the size's (an emitter bug in cm_csize or the class
 * table) never hands out a short block: the inline fast path is skipped and
 * the slow path stops with an internal error at the make's site (exit 101).
 * Run by ctest (runtime_heap_cls_drift), which expects that message. */
#include "goose_rt.h"

#include <stdio.h>

static const gs_site site = { "drift.gs", 3, 5, NULL };

int main(void) {
    /* class 1 (32 bytes) right: a live block */
    void *p = gs_alloc_cls(&site, 1, 32);
    printf("right class: %s\n", gs_heap_live(p) ? "live" : "NOT LIVE");
    fflush(stdout);
    gs_free(p);
    /* class 0 (16 bytes) for 32 bytes: must stop, not return */
    p = gs_alloc_cls(&site, 0, 32);
    printf("FAIL: a 16-byte block for 32 bytes was handed out\n");
    return 0;
}
