/* pass_bce.c — the -O1 slot for bounds-check elimination, and --stats.
 * For now it deletes only checks whose operands are constants that prove
 * them (a constant index into a fixed array, a constant non-zero divisor,
 * a constant shift count in range); the loop-based proofs of
 * ARCHITECTURE.md are a later issue. Every deleted check is counted.
 * Not for: changing what a program does: a check that may fail stays. */
#include "ir.h"

static bool bce_const(const IrOpd *o, int64_t *v)
{
    if (o->kind != OPD_INT)
        return false;
    *v = (int64_t)o->i;
    return true;
}

static bool bce_unsigned_const(const IrOpd *o)
{
    return o->kind == OPD_INT && !type_is_signed(o->type);
}

/* The check provably cannot fail. */
static bool bce_proven(const IrIns *in)
{
    int64_t a, b, c;
    switch (in->op) {
    case IR_CHECK_INDEX:
        return bce_const(&in->a, &a) && bce_const(&in->b, &b) &&
               (bce_unsigned_const(&in->a) ? (uint64_t)a < (uint64_t)b : a >= 0 && a < b);
    case IR_CHECK_SLICE:
        return bce_const(&in->a, &a) && bce_const(&in->b, &b) && bce_const(&in->c, &c) &&
               a >= 0 && a <= b && b <= c && !bce_unsigned_const(&in->a) && !bce_unsigned_const(&in->b);
    case IR_CHECK_DIV:
        return bce_const(&in->a, &a) && a != 0;
    case IR_CHECK_DIVOVF:
        return (bce_const(&in->b, &b) && b != -1) ||
               (bce_const(&in->a, &a) && a != INT64_MIN && a != INT32_MIN && a != INT16_MIN && a != INT8_MIN);
    case IR_CHECK_SHIFT:
        return bce_const(&in->a, &a) && (bce_unsigned_const(&in->a) ? (uint64_t)a < (uint64_t)in->aux
                                                                     : a >= 0 && a < in->aux);
    case IR_CHECK_ASSERT:
        return in->a.kind == OPD_BOOL && in->a.b;
    case IR_CHECK_UNWRAP:
        return in->a.kind == OPD_BOOL && in->a.b;
    case IR_CHECK_LEN:
        return bce_const(&in->a, &a) && bce_const(&in->b, &b) && a == b;
    default:
        return false;
    }
}

static void bce_func(IrFunc *f)
{
    for (int i = 0; i < f->nins; i++) {
        IrIns *in = &f->ins[i];
        if (ir_op_info[in->op].is_check && bce_proven(in)) {
            in->op = IR_NOP;
            f->checks_removed++;
        }
    }
}

void lower_optimise(IrProgram *ir, const LowerOptions *o)
{
    if (!ir || !o || o->opt_level < 1)
        return;
    for (int i = 0; i < ir->nfuncs; i++)
        bce_func(ir->funcs[i]);
    bce_func(ir->init);
    ir_verify(ir);
}

void lower_stats(StrBuf *out, const IrProgram *ir)
{
    int kept = 0, removed = 0;
    sb_puts(out, "checks kept / removed per function:\n");
    for (int i = -1; i < ir->nfuncs; i++) {
        const IrFunc *f = i < 0 ? ir->init : ir->funcs[i];
        if (!f->reachable)
            continue;
        int k = ir_count_checks(f);
        kept += k;
        removed += f->checks_removed;
        if (k || f->checks_removed)
            sb_printf(out, "  %-40s %5d kept %5d removed\n", f->cname, k, f->checks_removed);
    }
    sb_printf(out, "total: %d checks kept, %d removed\n", kept, removed);
}
