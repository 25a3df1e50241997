/* pass_inline.c — -O2: a call of a small straight-line standard library
 * function is replaced by the function's body, in the IR.
 *
 * `p.get(i)` of pool.slot_pool is a load, a check and an address: clang
 * inlines its C function anyway, TinyCC inlines nothing, so under `--cc
 * tcc` and the JIT every such call cost a call, a frame and a copy of the
 * arguments that `r[i]` of the builtin pool does not pay. Done here, the
 * body is also in front of the check-removing passes, which run after.
 *
 * A callee qualifies when it is a standard library function (its checks
 * report at the user's call: the inlined checks get sites at the call,
 * with the callee's detail) whose body is at most INL_MAX instructions of
 * values, loads, stores, addresses, checks and runtime primitives (pool
 * operations: `slice_pool.alloc_slice` and `.free` are one each), ending in
 * its one RET (or, returning nothing, its end): no control flow, no calls
 * of Goose functions, no locals of its own, parameters never written.
 * Value arguments become temporaries (a caller's local is copied first, so
 * a store through a ref argument cannot change what the body reads); a
 * ref parameter, used only as the root of places, becomes the caller's
 * reference temporary dereferenced.
 * Not for: user functions (the C compiler inlines those where it can). */
#include "pass.h"

#include <string.h>

enum { INL_MAX = 24 };

/* The index of parameter l of g, or -1. */
static int inl_param(const IrFunc *g, const Local *l)
{
    for (int k = 0; k < g->fn->nparams; k++)
        if (g->fn->params[k] == l)
            return k;
    return -1;
}

static bool inl_op_ok(IrOp op)
{
    switch (op) {
    case IR_MOV: case IR_LOAD: case IR_STORE: case IR_ADDR: case IR_BIN: case IR_UN: case IR_CAST:
    case IR_SELECT: case IR_STRUCT: case IR_SOME: case IR_SLICE: case IR_NOP: case IR_RET:
    case IR_PRIM:   /* a pool operation or library primitive: a leaf call into the runtime */
    case IR_CHECK_LIVE: case IR_LIVE_TEST:
        return true;
    default:
        return ir_op_info[op].is_check;
    }
}

/* Every local o names is a value parameter of g (a ref one only as a place root). */
static bool inl_opd_ok(const IrFunc *g, const IrOpd *o)
{
    return o->kind != OPD_LOCAL || (inl_param(g, o->local) >= 0 && !o->local->is_ref);
}

static bool inl_ins_ok(const IrFunc *g, const IrIns *in, bool last)
{
    if (!inl_op_ok(in->op) || (in->op == IR_RET) != last || !inl_opd_ok(g, &in->a) || !inl_opd_ok(g, &in->b) ||
        !inl_opd_ok(g, &in->c))
        return false;
    for (int k = 0; k < in->nargs; k++)
        if (!inl_opd_ok(g, &in->args[k]))
            return false;
    if (!in->place)
        return true;
    const IrOpd *r = &in->place->root;
    if (r->kind == OPD_LOCAL && inl_param(g, r->local) < 0)
        return false;
    for (int k = 0; k < in->place->nproj; k++)
        if (!inl_opd_ok(g, &in->place->proj[k].index))
            return false;
    for (int k = 0; k < g->fn->nparams; k++)
        if (!g->fn->params[k]->is_ref && ir_writes_local(in, g->fn->params[k]))
            return false;
    return true;
}

/* g's body can replace a call. */
static bool inl_callee(const IrFunc *g)
{
    if (!g || !g->fn || g->fn->is_closure || !ir_fn_has_site(g->fn) || g->ncaptures || g->noreturn)
        return false;
    int last = g->nins - 1, n = 0;
    while (last >= 0 && g->ins[last].op == IR_NOP)
        last--;
    if (last < 0)
        return false;
    bool ret = g->ins[last].op == IR_RET;   /* else a void body that falls off its end */
    for (int i = 0; i <= last; i++) {
        if (!inl_ins_ok(g, &g->ins[i], ret && i == last))
            return false;
        n += g->ins[i].op != IR_NOP;
    }
    return n <= INL_MAX;
}

/* The arguments of call c can stand for g's parameters: a ref argument is
 * a temporary holding the reference. */
static bool inl_args_ok(const IrIns *c, const IrFunc *g)
{
    if (c->nargs != g->fn->nparams || c->site < 0)   /* the site the body's checks report at */
        return false;
    for (int k = 0; k < c->nargs; k++)
        if (g->fn->params[k]->is_ref && (c->args[k].kind != OPD_TEMP || c->args[k].type->kind != TY_REF))
            return false;
    return true;
}

typedef struct Inl {
    IrFunc *f;              /* the caller */
    const IrFunc *g;        /* the callee */
    const IrIns *call;
    IrPlace *param;         /* per parameter: the caller's place or operand
                               (the root) it stands for */
    bool stores;            /* the callee stores (through a ref parameter) */
    int *smap;              /* callee site -> caller site, -1 not made yet */
} Inl;

/* A parameter of the callee in the caller (IrClone.name). */
static const IrPlace *inl_name(void *ctx, const IrOpd *o)
{
    const Inl *x = ctx;
    int k = o->kind == OPD_LOCAL ? inl_param(x->g, o->local) : -1;
    return k >= 0 ? &x->param[k] : NULL;
}

/* The caller's place behind reference temp t when its one definition is
 * `t = ADDR place`, the place a local's or global's fields (so reading it
 * again reads the same storage), else NULL. */
static const IrPlace *inl_ref_place(const IrDefs *d, const IrOpd *t)
{
    const IrIns *def = ir_defs_one(d, t);
    const IrPlace *p = def && def->op == IR_ADDR ? def->place : NULL;
    if (!p || (p->root.kind != OPD_LOCAL && p->root.kind != OPD_GLOBAL))
        return NULL;
    for (int k = 0; k < p->nproj; k++)
        if (p->proj[k].kind != PJ_FIELD)
            return NULL;
    return p;
}

/* A caller site for callee site s: at the call, with the callee's detail
 * (IrClone.site). */
static int inl_site(void *ctx, int s)
{
    Inl *x = ctx;
    if (x->smap[s] < 0) {
        const IrSite *cs = &x->f->sites[x->call->site];
        x->smap[s] = ir_site(x->f, cs->loc, x->g->sites[s].what, x->g->sites[s].kind);
    }
    return x->smap[s];
}

/* A new caller temporary holding a, copied at the call. */
static IrOpd inl_copy(Inl *x, IrOpd a)
{
    IrIns *mv = ir_emit(x->f, IR_MOV, x->call->loc);
    mv->dst = ir_temp(x->f, a.type);
    mv->type = a.type;
    mv->a = a;
    return ir_tempopd(x->f, mv->dst);
}

/* The caller operand parameter k stands for: a temporary, a constant, or
 * a local or global (copied into a new temporary first when the body
 * stores: the store could change it). */
static IrOpd inl_arg(Inl *x, int k)
{
    IrOpd a = x->call->args[k];
    if ((a.kind != OPD_LOCAL && a.kind != OPD_GLOBAL) || !x->stores)
        return a;
    return inl_copy(x, a);
}

/* A constant used as a place root needs a temporary too. */
static IrOpd inl_rootable(Inl *x, IrOpd a)
{
    if (a.kind == OPD_TEMP || a.kind == OPD_LOCAL || a.kind == OPD_GLOBAL)
        return a;
    return inl_copy(x, a);
}

/* What parameter k stands for: a ref parameter's places start from the
 * caller's place it refers to (ref, from inl_ref_place), or else from its
 * reference dereferenced; a value parameter is an operand. */
static void inl_bind(Inl *x, int k, const IrPlace *ref)
{
    const Local *l = x->g->fn->params[k];
    IrPlace *p = &x->param[k];
    if (!l->is_ref) {
        p->root = inl_rootable(x, inl_arg(x, k));
    } else if (ref) {
        *p = *ref;
    } else {
        p->root = x->call->args[k];
        p->nproj = 1;
        p->proj = SCRATCH_ARRAY(IrProj, 1);
        p->proj[0] = (IrProj){ .kind = PJ_DEREF, .type = l->type };
    }
}

/* Appends g's body in place of call c (d: the caller as it was). */
static void inl_expand(IrFunc *f, const IrIns *c, const IrDefs *d, const IrFunc *g)
{
    Inl x = { f, g, c, SCRATCH_ARRAY(IrPlace, g->fn->nparams + 1), false, SCRATCH_ARRAY(int, g->nsites + 1) };
    int *tmap = SCRATCH_ARRAY(int, g->ntemps + 1);
    IrClone map = { tmap, g->ntemps, inl_site, inl_name, &x };
    for (int t = 0; t < g->ntemps; t++)
        tmap[t] = ir_temp(f, g->temps[t]);
    for (int s = 0; s < g->nsites; s++)
        x.smap[s] = -1;
    for (int j = 0; j < g->nins; j++)
        x.stores |= g->ins[j].op == IR_STORE;
    for (int k = 0; k < g->fn->nparams; k++)
        inl_bind(&x, k, g->fn->params[k]->is_ref ? inl_ref_place(d, &c->args[k]) : NULL);
    for (int i = 0; i < g->nins; i++) {
        const IrIns *in = &g->ins[i];
        if (in->op == IR_NOP)
            continue;
        if (in->op == IR_RET) {
            if (c->dst >= 0) {
                IrIns *mv = ir_emit(f, IR_MOV, c->loc);
                mv->dst = c->dst;
                mv->type = f->temps[c->dst];
                mv->a = ir_clone_opd(&map, in->a);
            }
            return;
        }
        IrIns *copy = ir_clone_ins(f, in, &map);
        copy->site_unless = 0;
        copy->loc = c->loc;
    }
}

/* The callee of in when its body replaces the call, else NULL. */
static const IrFunc *inl_target(const IrProgram *ir, const IrFunc *f, const PtrSet *ok, const IrIns *in)
{
    const IrFunc *g = in->op == IR_CALL ? ir_find_func(ir, in->fn) : NULL;
    return g && g != f && ir_set_has(ok, g) && inl_args_ok(in, g) ? g : NULL;
}

/* Rebuilds f with every call of a callee in ok replaced by its body. */
static void inl_expand_calls(const IrProgram *ir, IrFunc *f, const PtrSet *ok)
{
    bool any = false;
    for (int i = 0; i < f->nins && !any; i++)
        any = inl_target(ir, f, ok, &f->ins[i]) != NULL;
    if (!any)
        return;
    ArenaMark m = mem_mark(g_scratch);     /* a whole-program pass: its own per function */
    IrFunc orig = ir_rebuild(f);
    IrDefs d;
    ir_defs_init(&d, &orig);
    for (int i = 0; i < orig.nins; i++) {
        const IrIns *in = &orig.ins[i];
        const IrFunc *g = inl_target(ir, f, ok, in);
        if (g)
            inl_expand(f, in, &d, g);
        else
            ir_put(f, in);
    }
    mem_release(g_scratch, m);
}

void pass_inline(const IrProgram *ir, IrFunc *unused)
{
    PtrSet ok = { 0 };
    for (int i = 0; i < ir->nfuncs; i++)
        if (inl_callee(ir->funcs[i]))
            ir_set_add(&ok, ir->funcs[i]);
    if (ok.len == 0)
        return;
    for (int i = 0; i < ir->nfuncs; i++)
        inl_expand_calls(ir, ir->funcs[i], &ok);
    inl_expand_calls(ir, ir->init, &ok);
}
