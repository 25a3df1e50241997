/* cemit_byptr.c — -O2: read-only parameters larger than 16 bytes (structs,
 * fixed arrays, optionals) passed by const pointer instead of by value.
 * TinyCC (and so the JIT) never inlines and copies every aggregate through
 * memmove: a named local passed by value is copied into the argument area
 * at each call. By pointer that copy is gone (callgrind, tcc, a 128-byte
 * local passed to a small function: 42 instructions per call against 72
 * by value; clang inlines either way: no change). A temporary gains
 * nothing (TinyCC puts a call result in a hidden slot and copies it, into
 * the argument area or into the named temporary alike; by pointer costs
 * 2 instructions more), so a parameter goes by pointer only when some call
 * passes a named local.
 *
 * Why the callee still sees a value (by-value semantics are kept):
 *   - callee side: the parameter is never the root of a place other than
 *     a plain read (LOAD), never addressed (ADDR), never captured by a
 *     closure and not a ref (the checker already forbids assigning a
 *     parameter or passing it by ref): the callee cannot change it;
 *   - caller side, at EVERY call of the function (else the parameter stays
 *     by value): the argument is a temporary or an own, non-ref,
 *     non-captured local of the caller, and the caller never takes its
 *     address (no ADDR rooted at it anywhere in the function). Then no
 *     pointer or ref to that storage exists, so nothing that runs during
 *     the call (the callee, a closure, a write through a global, a ref or
 *     a pool slot) can reach it; only the caller's own instructions can
 *     write it, and the call is one instruction. A by-pointer parameter of
 *     the caller passed on is the same storage, still unchangeable
 *     (induction over the call chain). Globals, ref locals, captured
 *     locals (a closure writes them through its env) and locals whose
 *     address is taken are refused; a value read through a ref or a pool
 *     slot reaches the call as a temporary: a copy made before the call.
 *   - `x = f(x)` stays correct: C evaluates the call before the store,
 *     and the result goes through the return slot, never through x.
 * A temporary passed this way is never folded into the call (it needs an
 * address): `T tN = ...; f(&tN)`. Closures keep their fn type's
 * signature; a function used as a value gets `&aN` from its thunk (the
 * thunk's own by-value parameter). tests/golden/c/byptr.gs holds the
 * shapes, tests/golden/c/byptr_alias.gs the adversarial cases (the
 * caller's value changed through a closure, a global, a ref, a slot_pool
 * slot and a reusable slot during the call).
 * Not for: ref parameters (already pointers) or values of 16 bytes or
 * less (they travel in registers). */
#include "cemit_priv.h"

static bool cm_byptr_type(const Type *t)
{
    int64_t size, align;
    if (t->kind != TY_STRUCT && t->kind != TY_ARRAY && t->kind != TY_OPTIONAL)
        return false;
    return cm_csize(t, &size, &align) && size > 16;
}

bool cm_byptr_param(const Cm *cm, const Local *l)
{
    return l && ir_set_has(&cm->byptr, l);
}

/* ---- callee side: a parameter only read ---- */

static bool cm_place_on(const IrPlace *p, const Local *l)
{
    return p && p->root.kind == OPD_LOCAL && p->root.local == l;
}

static bool cm_param_read_only(const IrFunc *f, const Local *l)
{
    for (int i = 0; i < f->nins; i++) {
        const IrIns *in = &f->ins[i];
        if (in->local == l || (in->op != IR_LOAD && cm_place_on(in->place, l)))
            return false;
    }
    return true;
}

static bool cm_candidate(const IrFunc *f, const Local *l)
{
    return !l->is_ref && !l->captured && cm_byptr_type(l->type) && cm_param_read_only(f, l);
}

/* ---- caller side: an argument nothing can change during the call ---- */

/* The planning state: candidates, those some call refuses, those some call
 * passes a named local (a copy saved). */
typedef struct CmBpPlan {
    PtrSet cand, off, want;
} CmBpPlan;

/* What g takes the address of (ADDR roots): temps by number, locals. */
typedef struct CmAddrs {
    bool *temps;
    PtrSet locals;
} CmAddrs;

static void cm_addrs_of(const IrFunc *g, CmAddrs *a)
{
    *a = (CmAddrs){ NEW_ARRAY(bool, g->ntemps + 1), { 0 } };
    for (int i = 0; i < g->nins; i++) {
        const IrPlace *p = g->ins[i].place;
        if (g->ins[i].op != IR_ADDR || !p)
            continue;
        if (p->root.kind == OPD_TEMP && p->root.temp >= 0 && p->root.temp < g->ntemps)
            a->temps[p->root.temp] = true;
        else if (p->root.kind == OPD_LOCAL)
            ir_set_add(&a->locals, p->root.local);
    }
}

static bool cm_safe_arg(const IrFunc *g, const CmAddrs *a, const IrOpd *o)
{
    if (o->kind == OPD_TEMP)
        return o->temp < 0 || o->temp >= g->ntemps || !a->temps[o->temp];
    if (o->kind != OPD_LOCAL || !g->fn)
        return false;
    const Local *l = o->local;
    return l->owner == g->fn && !l->is_ref && !l->captured && !ir_set_has(&a->locals, l);
}

static const FnInst *cm_direct_callee(const IrIns *in)
{
    return in->op == IR_CALL && in->fn && !in->fn->is_closure ? in->fn : NULL;
}

/* A candidate still standing during planning. */
static bool cm_bp_live(const CmBpPlan *pl, const Local *l)
{
    return ir_set_has(&pl->cand, l) && !ir_set_has(&pl->off, l);
}

static void cm_refuse_unsafe(CmBpPlan *pl, const IrFunc *g)
{
    CmAddrs a;
    cm_addrs_of(g, &a);
    for (int i = 0; i < g->nins; i++) {
        const IrIns *in = &g->ins[i];
        const FnInst *fn = cm_direct_callee(in);
        for (int k = 0; fn && k < in->nargs && k < fn->nparams; k++) {
            const Local *l = fn->params[k];
            if (!cm_bp_live(pl, l))
                continue;
            if (!cm_safe_arg(g, &a, &in->args[k]))
                ir_set_add(&pl->off, l);
            else if (in->args[k].kind == OPD_LOCAL)
                ir_set_add(&pl->want, l);
        }
    }
}

static void cm_add_candidates(CmBpPlan *pl, const IrFunc *f)
{
    if (!f->fn || f->fn->is_closure)
        return;
    for (int i = 0; i < f->fn->nparams; i++) {
        const Local *l = f->fn->params[i];
        if (cm_candidate(f, l))
            ir_set_add(&pl->cand, l);
    }
}

void cm_byptr_plan(Cm *cm)
{
    const IrProgram *ir = cm->ir;
    CmBpPlan pl = { { 0 }, { 0 }, { 0 } };
    if (cm->o->opt_level < 2)
        return;
    for (int i = 0; i < ir->nfuncs; i++)
        if (ir->funcs[i]->reachable)
            cm_add_candidates(&pl, ir->funcs[i]);
    cm_refuse_unsafe(&pl, ir->init);
    for (int i = 0; i < ir->nfuncs; i++)
        if (ir->funcs[i]->reachable)
            cm_refuse_unsafe(&pl, ir->funcs[i]);
    for (int i = 0; i < pl.cand.cap; i++) {     /* no call passes a named value: no copy to save */
        const Local *l = pl.cand.slots[i];
        if (l && !ir_set_has(&pl.off, l) && ir_set_has(&pl.want, l))
            ir_set_add(&cm->byptr, l);
    }
}

/* ---- emission helpers ---- */

bool cm_byptr_arg(const Cm *cm, const IrIns *in, int k)
{
    const FnInst *fn = cm_direct_callee(in);
    return fn && k < fn->nparams && cm_byptr_param(cm, fn->params[k]);
}

/* Temporaries of f passed by pointer: they must keep a name (no folding). */
void cm_byptr_pinned(const Cm *cm, const IrFunc *f, bool *pinned)
{
    for (int i = 0; i < f->nins; i++)
        for (int k = 0; k < f->ins[i].nargs; k++)
            if (f->ins[i].args[k].kind == OPD_TEMP && cm_byptr_arg(cm, &f->ins[i], k))
                pinned[f->ins[i].args[k].temp] = true;
}

/* The C spelling of by-pointer argument o. */
const char *cm_byptr_spell(const Cm *cm, const IrOpd *o)
{
    if (o->kind == OPD_TEMP)
        return mem_printf(g_arena, "&t%d", o->temp);
    if (cm_byptr_param(cm, o->local) || cm_view(cm, o->local))
        return cm_local_name(o->local);
    return mem_printf(g_arena, "&%s", cm_local_name(o->local));
}

/* A local bound to the element it reads (pass_view.c): a const pointer
 * in C, spelt (*n), set by `n = &element`. Not with -g, so a debugger
 * shows the value. */
bool cm_view(const Cm *cm, const Local *l)
{
    return l && !cm->o->debug_names && cm->f && ir_set_has(&cm->f->views, l);
}

/* Temp t of the current function is a load read in place (pass_view.c):
 * `const T *tN = &element`, spelt (*tN). */
bool cm_view_temp(const Cm *cm, int t)
{
    return !cm->o->debug_names && cm->f && cm->f->view_temps && cm->f->view_temps[t];
}

/* Temporaries of f a view is bound to: the load right before (the pass
 * made sure) folds into `n = &element`, or n would point at a copy that
 * ends with its block. */
void cm_view_folded(const Cm *cm, const IrFunc *f, bool *fold)
{
    if (cm->o->debug_names)
        return;
    for (int i = 0; i < f->nins; i++) {
        const IrIns *in = &f->ins[i];
        const Local *l = ir_whole_local_write(in);
        if (l && in->a.kind == OPD_TEMP && ir_set_has(&f->views, l))
            fold[in->a.temp] = true;
    }
}

/* Loads read in place keep their name (`const T *tN`): never folded. */
void cm_view_temps_pinned(const Cm *cm, const IrFunc *f, bool *pinned)
{
    for (int t = 0; !cm->o->debug_names && f->view_temps && t < f->ntemps; t++)
        pinned[t] |= f->view_temps[t];
}
