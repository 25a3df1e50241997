/* ir_effects.c — the one model of what an IR instruction reads and writes,
 * and of when two operands hold the same value, that every pass asks
 * (STYLE.md 6b). ir.def's columns say it per operation (reads, writes,
 * calls, frees, control); ir_effect refines them by the instruction's
 * place and operands into where its reads and writes land. The questions
 * passes ask (may this change local l, global g, memory; is this operand
 * the value of that one) are answered here, so a soundness fix lands once.
 *
 * Where a write lands (IrReach): a local's or global's own value (a path
 * of fields and array elements in it), a temporary's, the storage behind a
 * slice or string (its elements), what a reference reaches (a ref local or
 * value, a deref, a reference argument), or anything a called function
 * reaches. A DECL makes a new variable, which no earlier reference or
 * closure reaches; an instruction that never returns writes nothing a later
 * one sees.
 *
 * Two operands are the same value (ir_same) when they are the same
 * constant, local, global or temporary written once, or temporaries
 * written once by the same pure operation on the same values, a load of
 * the same place counting only where nothing writes it in between. Which
 * definitions may stand for their values is the asking pass's knowledge
 * (its window, its loop, the arms of its if): IrSame.def_ok.
 * Not for: what a pass does with the answers (pass_*.c). */
#include <string.h>

#include "ir.h"

/* ---- where a place lies ---- */

static bool ir_is_ref(const IrOpd *o)
{
    return o->type && o->type->kind == TY_REF;
}

static bool ir_has_ref_arg(const IrIns *in)
{
    for (int k = 0; k < in->nargs; k++)
        if (ir_is_ref(&in->args[k]))
            return true;
    return false;
}

bool ir_place_in_value(const IrPlace *p, const Local *l)
{
    if (!p || p->root.kind != OPD_LOCAL || p->root.local != l)
        return false;
    for (int k = 0; k < p->nproj; k++)
        if (p->proj[k].kind == PJ_SINDEX || p->proj[k].kind == PJ_DEREF)
            return false;
    return true;
}

/* Where p lies; *l or *g: the local or global whose own value it is part
 * of (a ref local's too: its value, as the IR reads it, is the place it
 * references). */
static IrReach ir_place_reach(const IrPlace *p, const Local **l, const Global **g)
{
    bool elem = false, deref = ir_is_ref(&p->root);
    for (int k = 0; k < p->nproj; k++) {
        elem |= p->proj[k].kind == PJ_SINDEX;
        deref |= p->proj[k].kind == PJ_DEREF;
    }
    if (p->root.kind == OPD_LOCAL && ir_place_in_value(p, p->root.local))
        *l = p->root.local;
    if (p->root.kind == OPD_GLOBAL && !elem && !deref)
        *g = p->root.global;
    if (deref || (p->root.kind == OPD_LOCAL && p->root.local->is_ref))
        return IR_AT_REF;
    if (elem)
        return IR_AT_STORAGE;
    if (p->root.kind == OPD_LOCAL)
        return IR_AT_LOCAL;
    return p->root.kind == OPD_GLOBAL ? IR_AT_GLOBAL : IR_AT_TEMP;
}

/* What a runtime function given in's operands reaches: through a
 * reference, or the storage behind slices and strings. */
static IrReach ir_args_reach(const IrIns *in)
{
    bool ref = ir_is_ref(&in->a) || ir_is_ref(&in->b) || ir_is_ref(&in->c) || ir_has_ref_arg(in);
    return ref ? IR_AT_REF : IR_AT_STORAGE;
}

/* ---- what an instruction does ---- */

/* The instruction stops the program: panic, a failed assert, the
 * library's __fail, or a call of a function known never to return. */
bool ir_stops(const IrProgram *ir, const IrIns *in)
{
    if (in->op == IR_PANIC || in->op == IR_FAIL_ASSERT || (in->op == IR_PRIM && in->aux == BI_P_FAIL))
        return true;
    if (in->op != IR_CALL)
        return false;
    const IrFunc *g = ir ? ir_find_func(ir, in->fn) : NULL;
    return g && g->noreturn;
}

static void ir_effect_write(const IrIns *in, IrEffect *e)
{
    switch (ir_op_info[in->op].writes) {
    case IR_WR_PLACE:
        e->write = e->place;
        e->type = in->place->type;
        break;
    case IR_WR_LOCAL:   /* a FOR without a local counts in a temporary */
        e->write = in->local ? IR_AT_LOCAL : IR_AT_NONE;
        e->local = in->local;
        e->type = in->local ? in->local->type : NULL;
        break;
    case IR_WR_OPD:
        e->write = ir_is_ref(&in->a) ? IR_AT_REF : IR_AT_STORAGE;
        break;
    case IR_WR_REFS:
        e->write = ir_has_ref_arg(in) ? IR_AT_REF : IR_AT_NONE;
        break;
    case IR_WR_ANY:
        e->write = IR_AT_ANY;
        e->callee = in->op == IR_CALL ? in->fn : NULL;
        break;
    case IR_WR_NONE:
        break;
    }
}

/* What a pool primitive or library primitive gives back, where that is not
 * its op's rule (PRIM: frees when it has a ref argument). */
typedef enum IrPrimFrees { IR_PF_REFS, IR_PF_NONE, IR_PF_POOL_ELEM, IR_PF_ARG_ELEM, IR_PF_ANY } IrPrimFrees;

static const unsigned char ir_prim_frees[BI__COUNT] = {
    [BI_R_ALLOC] = IR_PF_NONE,          /* slots and spans are carved, nothing moves */
    [BI_R_FREE] = IR_PF_POOL_ELEM,      /* a span of the pool (a slot stays pool memory) */
    [BI_P_GROW_STABLE] = IR_PF_NONE,    /* stable storage grows in place */
    [BI_P_REF_INDEX] = IR_PF_NONE, [BI_P_SPAN_FIND] = IR_PF_NONE, [BI_P_SPAN_AT] = IR_PF_NONE,
    [BI_P_SPAN_RESIZE] = IR_PF_POOL_ELEM,
    [BI_P_MOVING] = IR_PF_ARG_ELEM,     /* entries of a map move (map.gs) */
    [BI_P_PARALLEL] = IR_PF_ANY,        /* calls the closure it is given, as CALLV */
};

static void ir_effect_prim(const IrIns *in, IrEffect *e)
{
    const Type *pool = ir_prim_base(in);
    switch ((IrPrimFrees)ir_prim_frees[in->aux]) {
    case IR_PF_REFS: break;
    case IR_PF_NONE: e->frees = false; break;
    case IR_PF_POOL_ELEM:
        e->frees = pool && pool->kind == TY_REUSABLE_SLICE;
        e->frees_elem = e->frees ? pool->elem : NULL;
        break;
    case IR_PF_ARG_ELEM:
        e->frees = true;
        e->frees_elem = pool && pool->kind == TY_SLICE ? pool->elem : NULL;
        break;
    case IR_PF_ANY: e->frees = true; break;
    }
}

/* A library primitive of numbers alone (math's libm calls, __cpus,
 * __f64_bits): one C expression that reads and writes no Goose memory and
 * gives nothing back, so it counts as no call (a loop around math.exp
 * keeps its hoisted liveness tests). */
static bool ir_prim_scalar(int aux)
{
    const char *sig = aux > 0 && aux < BI__COUNT ? ast_rt_prim_sig[aux] : NULL;
    if (!sig)
        return false;
    for (; *sig; sig++)
        if (!strchr("fiwcb", *sig))
            return false;
    return true;
}

void ir_effect(const IrProgram *ir, const IrIns *in, IrEffect *e)
{
    const IrOpInfo *op = &ir_op_info[in->op];
    *e = (IrEffect){ .calls = op->calls, .addr = in->op == IR_ADDR, .decl = in->op == IR_DECL };
    if (in->place)
        e->place = ir_place_reach(in->place, &e->local, &e->global);
    if (op->reads)
        e->read = in->place ? e->place : op->calls == IR_CALLS_CODE ? IR_AT_ANY : ir_args_reach(in);
    ir_effect_write(in, e);
    e->frees = op->frees == IR_FREE_ALWAYS || (op->frees == IR_FREE_REFS && ir_has_ref_arg(in));
    if (in->op == IR_PUSH && in->place)
        e->frees_elem = in->place->type->elem;
    if (in->op == IR_DELETE && in->a.type)
        e->frees_elem = ir_storage_elem(in->a.type);
    if (in->op == IR_PRIM && in->aux > BI_NONE && in->aux < BI__COUNT)
        ir_effect_prim(in, e);
    if (in->op == IR_PRIM && in->aux == BI_P_PARALLEL) {   /* calls the closure it is given, as CALLV */
        e->calls = IR_CALLS_CODE;
        e->read = e->write = IR_AT_ANY;
    }
    if (in->op == IR_PRIM && ir_prim_scalar(in->aux)) {
        e->calls = IR_CALLS_NONE;
        e->read = IR_AT_NONE;
    }
    e->stops = ir_stops(ir, in);
    if (e->stops) {     /* nothing after it runs */
        e->write = IR_AT_NONE;
        e->frees = false;
        e->callee = NULL;
    }
}

const Type *ir_storage_elem(const Type *t)
{
    return t->kind == TY_STRING ? types_prim(TY_U8) : t->elem;
}

bool ir_effect_on_memory(const IrEffect *e, const IrFunc *f, const PtrSet *addressed)
{
    if (e->stops)
        return false;
    if (e->frees || e->calls != IR_CALLS_NONE)
        return true;
    if (e->write == IR_AT_LOCAL)
        return !e->decl && !ir_local_private_in(f, addressed, e->local);
    return e->write != IR_AT_NONE;
}

/* ---- what may change a local ---- */

bool ir_may_change(const IrIns *in)
{
    return ir_op_info[in->op].writes != IR_WR_NONE || in->op == IR_ADDR;
}

bool ir_writes_local(const IrIns *in, const Local *l)
{
    if (!l || !ir_may_change(in))
        return false;
    IrEffect e;
    ir_effect(NULL, in, &e);
    return l && e.local == l && (e.write != IR_AT_NONE || e.addr);
}

bool ir_assigns_local(const IrIns *in, const Local *l)
{
    if (!l || !ir_may_change(in))
        return false;
    IrEffect e;
    ir_effect(NULL, in, &e);
    return l && e.local == l && e.write != IR_AT_NONE;
}

const Local *ir_whole_local_write(const IrIns *in)
{
    if (in->op == IR_DECL)
        return in->local;
    if (in->op == IR_STORE && in->place->nproj == 0 && in->place->root.kind == OPD_LOCAL)
        return in->place->root.local;
    return NULL;
}

bool ir_local_private(const IrFunc *f, const Local *l)
{
    if (l->captured || l->is_ref || l->owner != f->fn)
        return false;
    for (int i = 0; i < f->nins; i++)
        if (f->ins[i].op == IR_ADDR && ir_place_in_value(f->ins[i].place, l))
            return false;
    return true;
}

void ir_addressed_locals(const IrFunc *f, PtrSet *out)
{
    for (int i = 0; i < f->nins; i++) {
        const IrPlace *p = f->ins[i].place;
        if (f->ins[i].op == IR_ADDR && p->root.kind == OPD_LOCAL && ir_place_in_value(p, p->root.local))
            ir_set_add(out, p->root.local);
    }
}

bool ir_local_private_in(const IrFunc *f, const PtrSet *addressed, const Local *l)
{
    return !l->captured && !l->is_ref && l->owner == f->fn && !ir_set_has(addressed, l);
}

void ir_locals_written(const IrFunc *f, int from, int to, PtrSet *out)
{
    for (int i = from; i < to; i++) {
        if (!ir_may_change(&f->ins[i]))
            continue;
        IrEffect e;
        ir_effect(NULL, &f->ins[i], &e);
        if (e.local && (e.write != IR_AT_NONE || e.addr))
            ir_set_add(out, e.local);
    }
}

const Local *ir_local_value(const IrDefs *d, const IrOpd *o, int *at)
{
    *at = -1;
    if (o->kind == OPD_LOCAL)
        return o->local;
    const IrIns *ld = ir_defs_one(d, o);
    if (!ld || ld->op != IR_LOAD || ld->place->nproj != 0 || ld->place->root.kind != OPD_LOCAL)
        return NULL;
    *at = d->def[o->temp];
    return ld->place->root.local;
}

/* ---- what may change a global ---- */

const Global *ir_effect_global(const IrEffect *e)
{
    return e->global && (e->write != IR_AT_NONE || e->addr) ? e->global : NULL;
}

bool ir_effect_unknown(const IrEffect *e)
{
    return e->write == IR_AT_REF || (e->write == IR_AT_ANY && !e->callee);
}

const Global *ir_written_global(const IrIns *in)
{
    if (!ir_may_change(in))
        return NULL;
    IrEffect e;
    ir_effect(NULL, in, &e);
    return ir_effect_global(&e);
}

bool ir_writes_unknown(const IrIns *in)
{
    IrEffect e;
    ir_effect(NULL, in, &e);
    return ir_effect_unknown(&e);
}

bool ir_may_write_global(const IrProgram *ir, const IrIns *in, const Global *g)
{
    IrEffect e;
    ir_effect(ir, in, &e);
    return e.write == IR_AT_REF || e.write == IR_AT_ANY || (g && e.global == g && (e.write != IR_AT_NONE || e.addr));
}

/* ---- whether two operands hold the same value ---- */

enum { IR_SAME_MAX_PROJ = 16 };

static bool ir_same_at(const IrSame *s, const IrOpd *a, const IrOpd *b, int depth);

/* The instruction writing temp o that may stand for its value on side
 * `side`, or NULL. */
static const IrIns *ir_same_def(const IrSame *s, int side, const IrOpd *o)
{
    const IrIns *d = s->d && o->kind == OPD_TEMP ? ir_defs_one(s->d, o) : NULL;
    return d && s->def_ok && s->def_ok(s, side, s->d->def[o->temp]) ? d : NULL;
}

/* p with roots that are loads standing for their values folded in:
 * [t len] with t = LOAD [q f] is [q f len]. Returns the root, NULL past
 * IR_SAME_MAX_PROJ projections. */
static const IrOpd *ir_same_flatten(const IrSame *s, int side, const IrPlace *p, const IrProj **out, int *n)
{
    const IrIns *d = ir_same_def(s, side, &p->root);
    const IrOpd *root = &p->root;
    *n = 0;
    if (d && d->op == IR_LOAD)
        root = ir_same_flatten(s, side, d->place, out, n);
    for (int k = 0; k < p->nproj && root; k++) {
        if (*n == IR_SAME_MAX_PROJ)
            return NULL;
        out[(*n)++] = &p->proj[k];
    }
    return root;
}

static bool ir_same_place_at(const IrSame *s, const IrPlace *p, const IrPlace *q, int depth)
{
    const IrProj *pp[IR_SAME_MAX_PROJ], *qp[IR_SAME_MAX_PROJ];
    int np, nq;
    const IrOpd *pr = ir_same_flatten(s, 0, p, pp, &np), *qr = ir_same_flatten(s, 1, q, qp, &nq);
    if (!pr || !qr || np != nq || !ir_same_at(s, pr, qr, depth))
        return false;
    for (int k = 0; k < np; k++)
        if (pp[k]->kind != qp[k]->kind || pp[k]->field != qp[k]->field ||
            !ir_same_at(s, &pp[k]->index, &qp[k]->index, depth))
            return false;
    return true;
}

/* Two pure instructions compute the same value from the same values. */
static bool ir_same_ins(const IrSame *s, const IrIns *p, const IrIns *q, int depth)
{
    if (p->op != q->op || !ir_op_info[p->op].pure || p->aux != q->aux || p->type != q->type || p->fn != q->fn ||
        p->nargs != q->nargs || !p->place != !q->place)
        return false;
    if (!ir_same_at(s, &p->a, &q->a, depth) || !ir_same_at(s, &p->b, &q->b, depth) ||
        !ir_same_at(s, &p->c, &q->c, depth))
        return false;
    for (int k = 0; k < p->nargs; k++)
        if (!ir_same_at(s, &p->args[k], &q->args[k], depth))
            return false;
    return !p->place || ir_same_place_at(s, p->place, q->place, depth);
}

static bool ir_same_at(const IrSame *s, const IrOpd *a, const IrOpd *b, int depth)
{
    if (a->kind != b->kind || a->type != b->type)
        return false;
    switch (a->kind) {
    case OPD_NONE: return true;
    case OPD_INT: return a->i == b->i;
    case OPD_BOOL: return a->b == b->b;
    case OPD_LOCAL: return a->local == b->local;
    case OPD_GLOBAL: return a->global == b->global;
    case OPD_TEMP: break;
    default: return false;      /* f64 (NaN, -0.0), strings, zero values: not compared */
    }
    if (!s->d)
        return a->temp == b->temp;
    const IrIns *da = ir_defs_one(s->d, a), *db = ir_defs_one(s->d, b);
    if (!da || !db)             /* written more than once (&&, ||) */
        return false;
    if (a->temp == b->temp)
        return true;
    if (depth > s->depth || !ir_same_def(s, 0, a) || !ir_same_def(s, 1, b))
        return false;
    return ir_same_ins(s, da, db, depth + 1);
}

bool ir_same(const IrSame *s, const IrOpd *a, const IrOpd *b)
{
    return ir_same_at(s, a, b, 0);
}

bool ir_same_place(const IrSame *s, const IrPlace *p, const IrPlace *q)
{
    return p && q && ir_same_place_at(s, p, q, 0);
}
