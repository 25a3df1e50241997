/* stats.c — `--stats`: the checks each function keeps and the ones the
 * passes removed (IrFunc.checks_removed), with the totals, the loops
 * versioned and the lifetime notes kept and proven unnecessary
 * (pass_borrow.c).
 * Not for: deciding anything (the passes) or the IR listing (ir.c). */
#include "ir.h"

void lower_stats(StrBuf *out, const IrProgram *ir)
{
    int kept = 0, removed = 0, versioned = 0, bkept = 0, bremoved = 0, lkept = 0, lremoved = 0, lhoisted = 0;
    sb_puts(out, "checks kept / removed per function:\n");
    for (int i = -1; i < ir->nfuncs; i++) {
        const IrFunc *f = i < 0 ? ir->init : ir->funcs[i];
        if (!f->reachable)
            continue;
        int k = ir_count_checks(f);
        kept += k;
        removed += f->checks_removed;
        versioned += f->loops_versioned;
        bkept += f->borrows_kept;
        bremoved += f->borrows_removed;
        lkept += ir_count_ops(f, IR_CHECK_LIVE);
        lremoved += f->live_removed;
        for (int k = 0; k < f->nins; k++)
            lhoisted += f->ins[k].op == IR_CHECK_LIVE && f->ins[k].aux == IR_LIVE_FLAG;
        if (k || f->checks_removed)
            sb_printf(out, "  %-40s %5d kept %5d removed\n", f->cname, k, f->checks_removed);
    }
    sb_printf(out, "total: %d checks kept, %d removed\n", kept, removed);
    sb_printf(out, "lifetime: %d header checks kept (%d of them reading a test made once before their loop), "
                   "%d removed\n", lkept, lhoisted, lremoved);
    sb_printf(out, "lifetime: %d refs into movable storage noted while they live, %d proven safe\n", bkept,
              bremoved);
    if (versioned)
        sb_printf(out, "loops versioned: %d (a check removed in a loop's guarded copy stays, and "
                       "counts as kept, in its unguarded copy)\n", versioned);
}
