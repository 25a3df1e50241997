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

/* ---- for i in lo..xs.len, lo >= 0, xs a local nobody changes in the loop ---- */

/* The local L when t is written by `LOAD [L len]`, else NULL. */
static const Local *bce_len_of(const IrFunc *f, const IrOpd *o, int before)
{
    if (o->kind != OPD_TEMP)
        return NULL;
    for (int i = before - 1; i >= 0; i--) {
        const IrIns *in = &f->ins[i];
        if (in->dst != o->temp)
            continue;
        if (in->op != IR_LOAD || in->place->nproj != 1 || in->place->proj[0].kind != PJ_LEN ||
            in->place->root.kind != OPD_LOCAL)
            return NULL;
        return in->place->root.local;
    }
    return NULL;
}

/* The place is (part of) the local's own value, not storage it points at. */
static bool bce_in_value(const IrPlace *p, const Local *l)
{
    if (!p || p->root.kind != OPD_LOCAL || p->root.local != l)
        return false;
    for (int k = 0; k < p->nproj; k++)
        if (p->proj[k].kind == PJ_SINDEX || p->proj[k].kind == PJ_DEREF)
            return false;
    return true;
}

static bool bce_touches(const IrIns *in, const Local *l)
{
    bool writes = in->op == IR_STORE || in->op == IR_PUSH || in->op == IR_POP ||
                  in->op == IR_CLEAR || in->op == IR_ADDR || in->op == IR_DECL;
    if (in->op == IR_DECL)
        return in->local == l;
    return writes && bce_in_value(in->place, l);
}

/* l can change only through instructions of this function that name it. */
static bool bce_local_private(const IrFunc *f, const Local *l)
{
    if (l->captured || l->is_ref || l->owner != f->fn)
        return false;
    for (int i = 0; i < f->nins; i++)
        if (f->ins[i].op == IR_ADDR && bce_in_value(f->ins[i].place, l))
            return false;
    return true;
}

static int bce_loop_end(const IrFunc *f, int start)
{
    int depth = 0;
    for (int i = start; i < f->nins; i++) {
        depth += ir_op_info[f->ins[i].op].nesting;
        if (depth == 0)
            return i;
    }
    return f->nins;
}

/* for i in lo..N with constants 0 <= lo: i < N indexes any fixed array of N. */
static void bce_const_range(IrFunc *f, int at)
{
    const IrIns *loop = &f->ins[at];
    int end = bce_loop_end(f, at);
    for (int i = at + 1; i < end; i++) {
        IrIns *in = &f->ins[i];
        if (in->op == IR_CHECK_INDEX && in->a.kind == OPD_LOCAL && in->a.local == loop->local &&
            in->b.kind == OPD_INT && in->b.i == loop->b.i) {
            in->op = IR_NOP;
            f->checks_removed++;
        }
    }
}

static void bce_range_loop(IrFunc *f, int at)
{
    const IrIns *loop = &f->ins[at];
    if (loop->local && loop->a.kind == OPD_INT && (int64_t)loop->a.i >= 0 &&
        loop->b.kind == OPD_INT && (int64_t)loop->b.i >= 0) {
        bce_const_range(f, at);
        return;
    }
    const Local *xs = bce_len_of(f, &loop->b, at);
    if (!loop->local || loop->a.kind != OPD_INT || (int64_t)loop->a.i < 0 || !xs ||
        !bce_local_private(f, xs))
        return;
    int end = bce_loop_end(f, at);
    for (int i = at + 1; i < end; i++)
        if (bce_touches(&f->ins[i], xs))
            return;
    for (int i = at + 1; i < end; i++) {
        IrIns *in = &f->ins[i];
        if (in->op == IR_CHECK_INDEX && in->a.kind == OPD_LOCAL && in->a.local == loop->local &&
            bce_len_of(f, &in->b, i) == xs) {
            in->op = IR_NOP;
            f->checks_removed++;
        }
    }
}

static void bce_func(IrFunc *f)
{
    for (int i = 0; i < f->nins; i++)
        if (f->ins[i].op == IR_FOR)
            bce_range_loop(f, i);
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
