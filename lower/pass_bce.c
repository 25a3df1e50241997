/* pass_bce.c — the -O1 slot for bounds-check elimination, and --stats.
 * It deletes checks whose operands are constants that prove them (a
 * constant index into a fixed array, a constant non-zero divisor, a
 * constant shift count in range) and the index checks of range loops over
 * a constant, an unchanged slice's length, or an n that is the length of
 * a slice made once by make([]T, n) and never changed; pass_facts.c then
 * deletes the ones earlier checks and tests prove. It also marks
 * functions for the C emitter: noreturn (every path fails: cold, out of
 * line) and, at -O2, inline (small leaves); at -O2 pass_version.c then
 * versions loops whose checks one guard can prove, pass_hoist.c and
 * pass_licm.c move checks and loads, pass_promote.c holds the global
 * slices a loop pushes onto in locals, and pass_loopcheck.c does a check
 * a loop repeats on fixed values once, before it. Every deleted check is counted.
 * Not for: changing what a program does: a check that may fail stays. */
#include "ir.h"

#include <stdlib.h>
#include <string.h>

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
    b->writes = calloc((size_t)nids + 1, sizeof(int));
    b->decl = malloc(((size_t)nids + 1) * sizeof(int));
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

static void bce_func(const IrProgram *ir, IrFunc *f)
{
    Bce b = { .f = f };
    bce_tables(&b);
    for (int i = 0; i < f->nins; i++)
        if (f->ins[i].op == IR_FOR)
            bce_range_loop(&b, i);
    ir_defs_free(&b.d);
    free(b.writes);
    free(b.decl);
    for (int i = 0; i < f->nins; i++) {
        IrIns *in = &f->ins[i];
        if (ir_op_info[in->op].is_check && bce_proven(in)) {
            in->op = IR_NOP;
            f->checks_removed++;
        }
    }
    f->checks_removed += pass_facts(ir, f);
}

/* ---- functions that never return: their calls are cold paths ---- */

/* No RET anywhere and the last instruction (top level: blocks are closed
 * by then) stops the program: every path that ends, ends there. */
static bool nr_func(const IrProgram *ir, const IrFunc *f)
{
    if (!f->fn || f->fn->is_closure || f->nins == 0 || !ir_stops(ir, &f->ins[f->nins - 1]))
        return false;
    for (int i = 0; i < f->nins; i++)
        if (f->ins[i].op == IR_RET)
            return false;
    return true;
}

static void nr_mark(IrProgram *ir)
{
    for (bool changed = true; changed;) {
        changed = false;
        for (int i = 0; i < ir->nfuncs; i++) {
            IrFunc *f = ir->funcs[i];
            if (!f->noreturn && nr_func(ir, f)) {
                f->noreturn = true;
                changed = true;
            }
        }
    }
}

/* ---- -O2: small leaf functions are inlined at every call ----
 * A leaf calls no function that can return (calls into cold noreturn error
 * paths are fine), so forcing it inline can never recurse. The C compiler's
 * own inliner counts the error paths and the growth calls as cost and
 * leaves pool-sized methods out of line; these are the builtins' size. */
enum { INLINE_MAX_INS = 64 };

static void inl_count_use(const IrOpd *o, void *uses)
{
    if (o->kind == OPD_TEMP)
        ((int *)uses)[o->temp]++;
}

/* Per temp of f: how many operands read it. */
static int *inl_uses(const IrFunc *f)
{
    int *uses = calloc((size_t)f->ntemps + 1, sizeof *uses);
    for (int i = 0; uses && i < f->nins; i++)
        ir_each_read(&f->ins[i], inl_count_use, uses);
    return uses;
}

/* The size is what the function's C will hold, measured after the checks
 * pass_bce removes are NOPs: no NOP, and no pure value nobody reads (an
 * inlined method's receiver address, which the emitter drops; without
 * this a loop over pool.slot_pool's get came out longer than the same loop
 * over a builtin pool's r[i], and stayed out of line: game_of_life). */
static bool inl_func(const IrProgram *ir, const IrFunc *f)
{
    if (!f->fn || f->fn->is_closure || f->noreturn || !strcmp(f->fn->name, "main"))
        return false;
    int n = 0, *uses = inl_uses(f);
    bool ok = true;
    for (int i = 0; i < f->nins && ok; i++) {
        const IrIns *in = &f->ins[i];
        ok = !(in->op == IR_CALLV || in->op == IR_CLOSURE || (in->op == IR_CALL && !ir_stops(ir, in)));
        bool dead = uses && ir_op_info[in->op].pure && in->dst >= 0 && uses[in->dst] == 0;
        n += in->op != IR_NOP && !dead;
    }
    free(uses);
    return ok && n <= INLINE_MAX_INS;
}

void lower_optimise(IrProgram *ir, const LowerOptions *o)
{
    if (!ir || !o || o->opt_level < 1)
        return;
    nr_mark(ir);
    if (o->opt_level >= 2)
        pass_inline(ir);
    for (int i = 0; i < ir->nfuncs; i++)
        bce_func(ir, ir->funcs[i]);
    bce_func(ir, ir->init);
    for (int i = 0; i < ir->nfuncs && o->opt_level >= 2; i++)     /* before versioning copies loops */
        ir->funcs[i]->inline_always = inl_func(ir, ir->funcs[i]);
    if (o->opt_level >= 2)
        pass_version(ir);
    for (int i = 0; i < ir->nfuncs && o->opt_level >= 2; i++)
        ir->funcs[i]->checks_removed += pass_hoist(ir->funcs[i]);
    if (o->opt_level >= 2)
        pass_licm(ir);
    if (o->opt_level >= 2)
        pass_promote(ir);
    for (int i = 0; i < ir->nfuncs && o->opt_level >= 2; i++)
        ir->funcs[i]->checks_removed += pass_loopcheck(ir, ir->funcs[i]);
    if (o->opt_level >= 2)
        ir->init->checks_removed += pass_loopcheck(ir, ir->init);
    ir_verify(ir);
}

void lower_stats(StrBuf *out, const IrProgram *ir)
{
    int kept = 0, removed = 0, versioned = 0;
    sb_puts(out, "checks kept / removed per function:\n");
    for (int i = -1; i < ir->nfuncs; i++) {
        const IrFunc *f = i < 0 ? ir->init : ir->funcs[i];
        if (!f->reachable)
            continue;
        int k = ir_count_checks(f);
        kept += k;
        removed += f->checks_removed;
        versioned += f->loops_versioned;
        if (k || f->checks_removed)
            sb_printf(out, "  %-40s %5d kept %5d removed\n", f->cname, k, f->checks_removed);
    }
    sb_printf(out, "total: %d checks kept, %d removed\n", kept, removed);
    if (versioned)
        sb_printf(out, "loops versioned: %d (a check removed in a loop's guarded copy stays, and "
                       "counts as kept, in its unguarded copy)\n", versioned);
}
