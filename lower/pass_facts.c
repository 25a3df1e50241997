/* pass_facts.c — -O1 bounds-check elimination from what the code already
 * knows at a check: an earlier identical check on every path to it, or an
 * enclosing `if` that tested it (`if i < s.len { s[i] }` with i known
 * non-negative; `if s.len > 0 { s.pop() }`), or the check's own operand
 * (`x & 63` as a shift count of a 64-bit value).
 *
 * The IR is structured, so "on every path" is read off the text: walking
 * back from the check, an earlier instruction at the same block level, or
 * an `if` that opens the check's block, comes before it on every path. The
 * walk stops at anything that may write memory or locals (stores, pushes,
 * calls that return, loops), so two loads of the same place in the walked
 * window read the same value. Every deleted check is counted.
 * Not for: changing what a program does: a check that may fail stays. */
#include "ir.h"

#include <stdlib.h>

typedef struct Fx {
    const IrProgram *ir;
    IrFunc *f;
    int *ndef;          /* per temp: instructions writing it */
    int *def;           /* per temp: the (last) one */
    int lo;             /* the window: (lo, check) has no writes */
} Fx;

static const IrIns *fx_def(const Fx *x, const IrOpd *o)
{
    if (o->kind != OPD_TEMP || o->temp < 0 || o->temp >= x->f->ntemps || x->ndef[o->temp] != 1)
        return NULL;
    return &x->f->ins[x->def[o->temp]];
}

static bool fx_same(const Fx *x, const IrOpd *a, const IrOpd *b, int depth);

enum { FX_MAX_PROJ = 16 };

/* The place with roots that are loads (in the window) folded in:
 * LOAD [t len] with t = LOAD [p f] is [p f len]. Returns the root. */
static const IrOpd *fx_flatten(const Fx *x, const IrPlace *p, const IrProj **out, int *n)
{
    const IrIns *d = fx_def(x, &p->root);
    const IrOpd *root = &p->root;
    *n = 0;
    if (d && d->op == IR_LOAD && x->def[p->root.temp] > x->lo)
        root = fx_flatten(x, d->place, out, n);
    for (int k = 0; k < p->nproj && root; k++) {
        if (*n == FX_MAX_PROJ)
            return NULL;
        out[(*n)++] = &p->proj[k];
    }
    return root;
}

static bool fx_same_place(const Fx *x, const IrPlace *p, const IrPlace *q, int depth)
{
    const IrProj *pp[FX_MAX_PROJ], *qp[FX_MAX_PROJ];
    int np, nq;
    const IrOpd *pr = p ? fx_flatten(x, p, pp, &np) : NULL, *qr = q ? fx_flatten(x, q, qp, &nq) : NULL;
    if (!pr || !qr || np != nq || !fx_same(x, pr, qr, depth))
        return false;
    for (int k = 0; k < np; k++) {
        const IrProj *a = pp[k], *b = qp[k];
        if (a->kind != b->kind || a->field != b->field ||
            (a->index.kind != OPD_NONE && !fx_same(x, &a->index, &b->index, depth)))
            return false;
    }
    return true;
}

/* The two operands hold the same value at the check. */
static bool fx_same(const Fx *x, const IrOpd *a, const IrOpd *b, int depth)
{
    if (a->kind != b->kind)
        return false;
    switch (a->kind) {
    case OPD_INT:
        return a->i == b->i;
    case OPD_LOCAL:
        return a->local == b->local;
    case OPD_GLOBAL:
        return a->global == b->global;
    case OPD_TEMP:
        break;
    default:
        return false;
    }
    const IrIns *da = fx_def(x, a), *db = fx_def(x, b);
    if (!da || !db)
        return false;
    if (a->temp == b->temp)
        return true;
    if (depth > 4 || da->op != db->op || da->aux != db->aux || da->type != db->type)
        return false;
    switch (da->op) {
    case IR_BIN:
        return fx_same(x, &da->a, &db->a, depth + 1) && fx_same(x, &da->b, &db->b, depth + 1);
    case IR_UN:
    case IR_CAST:
    case IR_MOV:
        return fx_same(x, &da->a, &db->a, depth + 1);
    case IR_LOAD:   /* the same place, both read inside the write-free window */
        return x->def[a->temp] > x->lo && x->def[b->temp] > x->lo &&
               fx_same_place(x, da->place, db->place, depth + 1);
    default:
        return false;
    }
}

static bool fx_int(const IrOpd *o, int64_t *v)
{
    if (o->kind != OPD_INT)
        return false;
    *v = (int64_t)o->i;
    return true;
}

static bool fx_nonneg(const Fx *x, const IrOpd *o, int depth);

/* A local written once, by a for-range counter from a constant >= 0 or a
 * declaration with a value >= 0, and by nothing else. */
static bool fx_local_nonneg(const Fx *x, const Local *l, int depth)
{
    if (l->captured || l->is_ref || depth > 4)
        return false;
    bool found = false;
    for (int i = 0; i < x->f->nins; i++) {
        const IrIns *in = &x->f->ins[i];
        int64_t lo;
        if (in->op == IR_FOR && in->local == l) {
            if (found || !fx_int(&in->a, &lo) || lo < 0)
                return false;
            found = true;
        } else if (in->op == IR_DECL && in->local == l) {
            if (found || in->a.kind == OPD_NONE || !fx_nonneg(x, &in->a, depth + 1))
                return false;
            found = true;
        } else if (in->place && in->place->root.kind == OPD_LOCAL && in->place->root.local == l &&
                   in->op != IR_LOAD) {
            return false;
        }
    }
    return found;
}

/* o >= 0 whatever the path. */
static bool fx_nonneg(const Fx *x, const IrOpd *o, int depth)
{
    int64_t v;
    if (fx_int(o, &v))
        return v >= 0 || !type_is_signed(o->type);
    if (o->kind == OPD_LOCAL)
        return fx_local_nonneg(x, o->local, depth);
    const IrIns *d = fx_def(x, o);
    if (!d || depth > 4)
        return false;
    if (d->op == IR_LOAD)
        return d->place->nproj > 0 && (d->place->proj[d->place->nproj - 1].kind == PJ_LEN ||
                                       d->place->proj[d->place->nproj - 1].kind == PJ_CAP);
    if (d->op != IR_BIN)
        return false;
    if (d->aux == BIN_AND)
        return (fx_int(&d->b, &v) && v >= 0) || (fx_int(&d->a, &v) && v >= 0);
    if (d->aux == BIN_SHR || d->aux == BIN_MOD)
        return fx_nonneg(x, &d->a, depth + 1);
    return false;
}

/* The instruction stops the program. */
static bool fx_stops(const IrProgram *ir, const IrIns *in)
{
    if (in->op == IR_PANIC || in->op == IR_FAIL_ASSERT || (in->op == IR_PRIM && in->aux == BI_P_FAIL))
        return true;
    if (in->op != IR_CALL)
        return false;
    const IrFunc *g = ir_find_func(ir, in->fn);
    return g && g->noreturn;
}

/* Writes nothing a fact depends on (values of temps, locals, memory). */
static bool fx_quiet(const Fx *x, const IrIns *in)
{
    switch (in->op) {
    case IR_IF: case IR_ELSE: case IR_ENDIF: case IR_BRK_UNLESS: case IR_BREAK:
    case IR_CONTINUE: case IR_RET: case IR_NOP:
        return true;
    case IR_CLOSURE:
        return false;
    default:
        return ir_op_info[in->op].pure || ir_op_info[in->op].is_check || fx_stops(x->ir, in);
    }
}

/* An earlier check (at the check's block level) proves this one. */
static bool fx_implied_by_check(const Fx *x, const IrIns *e, const IrIns *c)
{
    if (e->op != c->op)
        return false;
    switch (c->op) {
    case IR_CHECK_INDEX:
        return fx_same(x, &e->a, &c->a, 0) && fx_same(x, &e->b, &c->b, 0);
    case IR_CHECK_SHIFT:
        return e->aux == c->aux && fx_same(x, &e->a, &c->a, 0);
    case IR_CHECK_POP:
    case IR_CHECK_DIV:
        return fx_same(x, &e->a, &c->a, 0);
    default:
        return false;
    }
}

/* An `if` whose then-block holds the check proves it. */
static bool fx_implied_by_if(const Fx *x, const IrIns *br, const IrIns *c)
{
    const IrIns *t = br->aux == 0 ? fx_def(x, &br->a) : NULL;
    int64_t v;
    if (!t || t->op != IR_BIN || x->def[br->a.temp] <= x->lo)
        return false;   /* the test must read what the check reads */
    if (c->op == IR_CHECK_POP)     /* if n > 0, if n != 0 (n a length) */
        return (t->aux == BIN_GT || t->aux == BIN_NE) && fx_int(&t->b, &v) && v == 0 &&
               fx_same(x, &t->a, &c->a, 0);
    if (c->op == IR_CHECK_INDEX)   /* if i < n, i >= 0 */
        return t->aux == BIN_LT && fx_same(x, &t->a, &c->a, 0) && fx_same(x, &t->b, &c->b, 0) &&
               fx_nonneg(x, &c->a, 0);
    return false;
}

static bool fx_proven(Fx *x, int at)
{
    const IrIns *c = &x->f->ins[at];
    int64_t v;
    if (c->op == IR_CHECK_SHIFT) {      /* x & m with 0 <= m < width */
        const IrIns *d = fx_def(x, &c->a);
        if (d && d->op == IR_BIN && d->aux == BIN_AND &&
            ((fx_int(&d->b, &v) && v >= 0 && v < c->aux) || (fx_int(&d->a, &v) && v >= 0 && v < c->aux)))
            return true;
    }
    x->lo = at - 1;
    while (x->lo >= 0 && fx_quiet(x, &x->f->ins[x->lo]))
        x->lo--;
    int level = 0;      /* blocks closed between the candidate and the check */
    for (int j = at - 1; j > x->lo; j--) {
        const IrIns *e = &x->f->ins[j];
        if (e->op == IR_ENDIF) {
            level++;
        } else if (e->op == IR_ELSE) {
            if (level == 0)
                return false;   /* the check is in an else block: not handled */
        } else if (e->op == IR_IF) {
            if (level > 0)
                level--;
            else if (fx_implied_by_if(x, e, c))
                return true;
        } else if (level == 0 && ir_op_info[e->op].is_check && fx_implied_by_check(x, e, c)) {
            return true;
        }
    }
    return false;
}

int pass_facts(const IrProgram *ir, IrFunc *f)
{
    if (f->ntemps == 0 && f->nins == 0)
        return 0;
    Fx x = { ir, f, calloc((size_t)f->ntemps + 1, sizeof(int)), calloc((size_t)f->ntemps + 1, sizeof(int)), 0 };
    for (int i = 0; i < f->nins; i++) {
        const IrIns *in = &f->ins[i];
        if (ir_op_info[in->op].has_result && in->dst >= 0 && in->dst < f->ntemps) {
            x.ndef[in->dst]++;
            x.def[in->dst] = i;
        }
    }
    int removed = 0;
    for (int i = 0; i < f->nins; i++) {
        IrIns *in = &f->ins[i];
        if (ir_op_info[in->op].is_check && fx_proven(&x, i)) {
            in->op = IR_NOP;
            removed++;
        }
    }
    free(x.ndef);
    free(x.def);
    return removed;
}
