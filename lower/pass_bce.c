/* pass_bce.c — -O1 bounds-check elimination from constants and range
 * loops: it deletes checks whose operands are constants that prove them (a
 * constant index into a fixed array, a constant non-zero divisor, a
 * constant shift count in range) and the index checks of range loops over
 * a constant, an unchanged slice's length, or an n that is the length of
 * a slice made once by make([]T, n) and never changed. pass_facts.c then
 * deletes the ones earlier checks and tests prove (the order of all the
 * passes: pipeline.c). Every deleted check is counted.
 * Not for: changing what a program does: a check that may fail stays. */
#include "pass.h"


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

/* for i in lo..N with constants 0 <= lo: i < N indexes any fixed array of N. */
static void bce_const_range(IrFunc *f, int at)
{
    const IrIns *loop = &f->ins[at];
    int end = ir_block_end(f, at);
    for (int i = at + 1; i < end; i++) {
        IrIns *in = &f->ins[i];
        if (in->op == IR_CHECK_INDEX && in->a.kind == OPD_LOCAL && in->a.local == loop->local &&
            in->b.kind == OPD_INT && in->b.i == loop->b.i) {
            in->op = IR_NOP;
            f->checks_removed++;
        }
    }
}

/* ---- for i in lo..n where xs = make([]T, n) and nothing changes xs ----
 * n a constant or an immutable local (a let, a parameter, a loop counter
 * inside its loop): a check of xs[i] reads xs inside its scope, so after
 * xs's only DECL, which ran after n's latest value was bound. */

typedef struct Bce {
    IrFunc *f;
    IrDefs d;               /* who writes each temp; d.nlocal_ids sizes the tables below */
    int *writes, *decl;     /* per local id: instructions that may change it, its DECL */
} Bce;

/* o through copies: a constant, or a local nothing can assign; else NULL. */
static const IrOpd *bce_fixed_value(const Bce *b, const IrOpd *o)
{
    for (int hop = 0; hop < 4 && o->kind == OPD_TEMP; hop++) {
        const IrIns *d = ir_defs_one(&b->d, o);
        if (!d || d->op != IR_MOV)
            return NULL;
        o = &d->a;
    }
    if (o->kind == OPD_INT)
        return o;
    if (o->kind == OPD_LOCAL && !o->local->is_mutable && !o->local->is_ref)
        return o;
    return NULL;
}

/* The length operand (fixed, as above) when xs is declared once from
 * make, and nothing else writes it or takes its address; else NULL. */
static const IrOpd *bce_fixed_len(const Bce *b, const Local *xs)
{
    if (!xs || xs->captured || xs->is_ref || xs->owner != b->f->fn || xs->id < 0 ||
        xs->id >= b->d.nlocal_ids || b->writes[xs->id] != 1 || b->decl[xs->id] < 0)
        return NULL;
    const IrIns *mk = ir_defs_one(&b->d, &b->f->ins[b->decl[xs->id]].a);
    return mk && mk->op == IR_MAKE ? bce_fixed_value(b, &mk->a) : NULL;
}

static bool bce_same_value(const IrOpd *x, const IrOpd *y)
{
    static const IrSame names = { 0 };     /* constants and immutable locals: their names */
    return x && y && ir_same(&names, x, y);
}

static void bce_fixed_range(const Bce *b, int at)
{
    IrFunc *f = b->f;
    const IrIns *loop = &f->ins[at];
    const IrOpd *n = bce_fixed_value(b, &loop->b);
    if (!n)
        return;
    int end = ir_block_end(f, at);
    for (int i = at + 1; i < end; i++) {
        IrIns *in = &f->ins[i];
        if (in->op == IR_CHECK_INDEX && in->a.kind == OPD_LOCAL && in->a.local == loop->local &&
            bce_same_value(n, bce_fixed_len(b, bce_len_of(f, &in->b, i)))) {
            in->op = IR_NOP;
            f->checks_removed++;
        }
    }
}

static void bce_range_loop(const Bce *b, int at)
{
    IrFunc *f = b->f;
    const IrIns *loop = &f->ins[at];
    if (!loop->local || loop->a.kind != OPD_INT || (int64_t)loop->a.i < 0)
        return;
    if (loop->b.kind == OPD_INT && (int64_t)loop->b.i >= 0) {
        bce_const_range(f, at);
        return;
    }
    bce_fixed_range(b, at);
    const Local *xs = bce_len_of(f, &loop->b, at);
    if (!xs || !ir_local_private(f, xs))
        return;
    int end = ir_block_end(f, at);
    for (int i = at + 1; i < end; i++)
        if (ir_writes_local(&f->ins[i], xs))
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

static void bce_tables(Bce *b)
{
    IrFunc *f = b->f;
    ir_defs_init(&b->d, f);
    int nids = b->d.nlocal_ids;
    b->writes = SCRATCH_ARRAY(int, nids + 1);
    b->decl = SCRATCH_ARRAY(int, nids + 1);
    for (int i = 0; i < nids; i++)
        b->decl[i] = -1;
    for (int i = 0; i < f->nins; i++) {
        const IrIns *in = &f->ins[i];
        const Local *l = in->op == IR_DECL ? in->local
                         : in->place && in->place->root.kind == OPD_LOCAL ? in->place->root.local : NULL;
        if (!l || l->id < 0 || l->id >= nids || !ir_writes_local(in, l))
            continue;
        b->writes[l->id]++;
        if (in->op == IR_DECL)
            b->decl[l->id] = i;
    }
}

void pass_bce(const IrProgram *ir, IrFunc *f)
{
    Bce b = { .f = f };
    bce_tables(&b);
    for (int i = 0; i < f->nins; i++)
        if (f->ins[i].op == IR_FOR)
            bce_range_loop(&b, i);
    for (int i = 0; i < f->nins; i++) {
        IrIns *in = &f->ins[i];
        if (ir_op_info[in->op].is_check && bce_proven(in)) {
            in->op = IR_NOP;
            f->checks_removed++;
        }
    }
}
