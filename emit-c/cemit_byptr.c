/* cemit_byptr.c — -O2: read-only parameters larger than 16 bytes (structs,
 * fixed arrays, optionals) passed by const pointer instead of by value.
 * TinyCC (and so the JIT) never inlines and copies every aggregate through
 * memmove: a named local passed by value is copied into the argument area
 * at each call. By pointer that copy is gone (callgrind, tcc, a 128-byte
 * local passed to a small function: 72 -> 42 instructions per call; clang
 * inlines either way: no change). A temporary gains nothing (TinyCC puts a
 * call result in a hidden slot and copies it, into the argument area or
 * into the named temporary alike; by pointer costs 2 instructions more),
 * so a parameter goes by pointer only when some call passes a named local.
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

#include <stdint.h>

static bool cm_byptr_type(const Type *t)
{
    int64_t size, align;
    if (t->kind != TY_STRUCT && t->kind != TY_ARRAY && t->kind != TY_OPTIONAL)
        return false;
    return cm_csize(t, &size, &align) && size > 16;
}

/* ---- the set of by-pointer parameters (open addressing on Local*) ---- */

static size_t cm_bp_hash(const Local *l, int cap)
{
    return (size_t)(((uintptr_t)l >> 4) * 0x9E3779B97F4A7C15ull) & (size_t)(cap - 1);
}

static int cm_bp_slot(const Cm *cm, const Local *l)
{
    size_t i = cm_bp_hash(l, cm->byptr_cap);
    while (cm->byptr[i] && cm->byptr[i] != l)
        i = (i + 1) & (size_t)(cm->byptr_cap - 1);
    return (int)i;
}

bool cm_byptr_param(const Cm *cm, const Local *l)
{
    if (cm->byptr_cap == 0 || !l)
        return false;
    int i = cm_bp_slot(cm, l);
    return cm->byptr[i] == l && !cm->byptr_off[i];
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

static bool cm_addressed(const IrFunc *f, const IrOpd *o)
{
    for (int i = 0; i < f->nins; i++) {
        const IrPlace *p = f->ins[i].place;
        if (f->ins[i].op != IR_ADDR || !p || p->root.kind != o->kind)
            continue;
        if (o->kind == OPD_TEMP ? p->root.temp == o->temp : p->root.local == o->local)
            return true;
    }
    return false;
}

static bool cm_safe_arg(const IrFunc *g, const IrOpd *o)
{
    if (o->kind == OPD_TEMP)
        return !cm_addressed(g, o);
    if (o->kind != OPD_LOCAL || !g->fn)
        return false;
    const Local *l = o->local;
    return l->owner == g->fn && !l->is_ref && !l->captured && !cm_addressed(g, o);
}

static const FnInst *cm_direct_callee(const IrIns *in)
{
    return in->op == IR_CALL && in->fn && !in->fn->is_closure ? in->fn : NULL;
}

static void cm_refuse_unsafe(Cm *cm, const IrFunc *g)
{
    for (int i = 0; i < g->nins; i++) {
        const IrIns *in = &g->ins[i];
        const FnInst *fn = cm_direct_callee(in);
        for (int k = 0; fn && k < in->nargs && k < fn->nparams; k++) {
            const Local *l = fn->params[k];
            if (!cm_byptr_param(cm, l))
                continue;
            if (!cm_safe_arg(g, &in->args[k]))
                cm->byptr_off[cm_bp_slot(cm, l)] = true;
            else if (in->args[k].kind == OPD_LOCAL)
                cm->byptr_want[cm_bp_slot(cm, l)] = true;
        }
    }
}

static void cm_add_candidates(Cm *cm, const IrFunc *f)
{
    if (!f->fn || f->fn->is_closure)
        return;
    for (int i = 0; i < f->fn->nparams; i++) {
        const Local *l = f->fn->params[i];
        if (cm_candidate(f, l))
            cm->byptr[cm_bp_slot(cm, l)] = l;
    }
}

void cm_byptr_plan(Cm *cm)
{
    const IrProgram *ir = cm->ir;
    if (cm->o->opt_level < 2)
        return;
    int n = 0;
    for (int i = 0; i < ir->nfuncs; i++)
        if (ir->funcs[i]->reachable && ir->funcs[i]->fn)
            n += ir->funcs[i]->fn->nparams;
    cm->byptr_cap = 16;
    while (cm->byptr_cap < 2 * n + 2)
        cm->byptr_cap *= 2;
    cm->byptr = NEW_ARRAY(const Local *, cm->byptr_cap);
    cm->byptr_off = NEW_ARRAY(bool, cm->byptr_cap);
    cm->byptr_want = NEW_ARRAY(bool, cm->byptr_cap);
    for (int i = 0; i < ir->nfuncs; i++)
        if (ir->funcs[i]->reachable)
            cm_add_candidates(cm, ir->funcs[i]);
    cm_refuse_unsafe(cm, ir->init);
    for (int i = 0; i < ir->nfuncs; i++)
        if (ir->funcs[i]->reachable)
            cm_refuse_unsafe(cm, ir->funcs[i]);
    for (int i = 0; i < cm->byptr_cap; i++)     /* no call passes a named value: no copy to save */
        cm->byptr_off[i] = cm->byptr_off[i] || !cm->byptr_want[i];
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
    if (cm_byptr_param(cm, o->local))
        return cm_local_name(o->local);
    return mem_printf(g_arena, "&%s", cm_local_name(o->local));
}
