/* pass_licm.c — -O2: a global's header read inside a loop that cannot
 * change it is read once, before the loop.
 *
 *     while head < queue.len { .. for k in 0..d { if !visited[n] { visited[n] = true; queue.push(..) } } }
 *
 * reads visited's header (ptr, len) at every step; the C compiler cannot
 * keep it in registers, since the push's grow call (cold, out of line)
 * could change any global for all it knows. Goose knows better: nothing
 * in the loop writes visited itself (an element store changes storage,
 * not the header; a push changes only the pushed slice; a function
 * called in the loop, and the functions it calls, write other globals).
 * Hoisted, the header is a local: registers.
 *
 * A `LOAD [@G]`, `LOAD [@G len]` or `LOAD [@G cap]` moves to just before
 * the outermost enclosing loop over which G is fixed: G a slice, string
 * or scalar global, and no instruction of the loop writes G's value
 * (store, push, pop, clear, or takes its address), calls a function that
 * may write it (a summary per function, over the calls it makes), calls
 * through a fn value, writes through a pointer or passes one to the
 * runtime. A later load of the same place hoisted before the same loop
 * becomes a copy of the first. A load of a global cannot fail, and G
 * holds one value from the loop's start to its end, so every read sees
 * what it saw before. Goose programs have one thread.
 * Not for: checks (pass_hoist.c moves those out of if/else arms). */
#include "pass.h"

#include <string.h>

/* What a function may write: the globals it names, and whether it may
 * write anything at all (through pointers or unknown callees). */
typedef struct LmSum {
    PtrSet writes;
    bool any;
} LmSum;

typedef struct Lm {
    const IrProgram *ir;
    LmSum *sum;         /* per ir_func_slot of a function, then ir->init at fn_cap */
} Lm;

static LmSum *lm_sum(const Lm *lm, const IrFunc *f)
{
    if (f == lm->ir->init)
        return &lm->sum[lm->ir->fn_cap];
    int k = ir_func_slot(lm->ir, f->fn);
    return k >= 0 ? &lm->sum[k] : NULL;
}

static bool lm_add(LmSum *s, const void *g)
{
    if (ir_set_has(&s->writes, g))
        return false;
    ir_set_add(&s->writes, g);
    return true;
}

/* Adds to s what instructions [from, to) of f may write: the globals they
 * name, their callees' summaries, or anything (s->any). True when s grew. */
static bool lm_writes(const Lm *lm, const IrFunc *f, int from, int to, LmSum *s)
{
    bool grew = false;
    for (int i = from; i < to && !s->any; i++) {
        const IrIns *in = &f->ins[i];
        if (!ir_may_change(in))
            continue;
        IrEffect e;
        ir_effect(lm->ir, in, &e);
        const Global *g = ir_effect_global(&e);
        const IrFunc *callee = e.callee ? ir_find_func(lm->ir, e.callee) : NULL;
        const LmSum *c = callee ? lm_sum(lm, callee) : NULL;
        if (ir_effect_unknown(&e) || (e.callee && (!c || c->any))) {
            s->any = true;
        } else if (g) {
            grew |= lm_add(s, g);
        } else if (c) {
            for (int k = 0; k < c->writes.cap; k++)
                if (c->writes.slots[k])
                    grew |= lm_add(s, c->writes.slots[k]);
        }
        grew |= s->any;
    }
    return grew;
}

/* Each function's summary: the least fixed point over the call graph. */
static void lm_summaries(Lm *lm)
{
    lm->sum = SCRATCH_ARRAY(LmSum, lm->ir->fn_cap + 1);
    for (bool grew = true; grew;) {
        grew = false;
        for (int i = 0; i <= lm->ir->nfuncs; i++) {
            const IrFunc *f = i < lm->ir->nfuncs ? lm->ir->funcs[i] : lm->ir->init;
            LmSum *s = f ? lm_sum(lm, f) : NULL;
            if (s && !s->any && lm_writes(lm, f, 0, f->nins, s))
                grew = true;
        }
    }
}

/* ---- one function ---- */

/* The global G of a hoistable load: LOAD [@G], [@G len] or [@G cap], G a
 * slice, string or scalar. */
static const Global *lm_load_global(const IrIns *in)
{
    if (in->op != IR_LOAD || in->dst < 0 || in->place->root.kind != OPD_GLOBAL || in->place->nproj > 1)
        return NULL;
    if (in->place->nproj == 1 && in->place->proj[0].kind != PJ_LEN && in->place->proj[0].kind != PJ_CAP)
        return NULL;
    const Type *t = in->place->root.type;
    if (!t || !(t->kind == TY_SLICE || t->kind == TY_STRING || type_is_int(t) || t->kind == TY_BOOL ||
                t->kind == TY_F64))
        return NULL;
    return in->place->root.global;
}

/* Two hoisted loads of one place: before the loop, which keeps it fixed. */
static bool lm_same_load(const IrIns *a, const IrIns *b)
{
    static const IrSame names = { 0 };
    return a->type == b->type && ir_same_place(&names, a->place, b->place);
}

typedef struct LmRun {
    const Lm *lm;
    const IrFunc *src;  /* the function as it was */
    IrFunc *f;          /* rebuilt */
    IrBlocks b;
    bool *moved;        /* per original instruction: hoisted (skip it where it was) */
    int *copy_of;       /* per original instruction: the hoisted load it repeats, or -1 */
} LmRun;

/* Hoists the loads of the loop at `at` that it keeps fixed; emits them. */
static void lm_loop(LmRun *r, int at)
{
    int end = r->b.close[at];
    int first[64], nfirst = 0;
    LmSum w = { 0 };
    lm_writes(r->lm, r->src, at + 1, end, &w);
    if (w.any)
        return;
    for (int i = at + 1; i < end; i++) {
        const IrIns *in = &r->src->ins[i];
        const Global *g = r->moved[i] ? NULL : lm_load_global(in);
        if (!g || ir_set_has(&w.writes, g))
            continue;
        r->moved[i] = true;
        r->copy_of[i] = -1;
        for (int k = 0; k < nfirst; k++)
            if (lm_same_load(&r->src->ins[first[k]], in))
                r->copy_of[i] = first[k];
        if (r->copy_of[i] >= 0)
            continue;
        if (nfirst == 64) {
            r->moved[i] = false;
            continue;
        }
        first[nfirst++] = i;
        ir_put(r->f, in);
    }
}

static void lm_func(const Lm *lm, IrFunc *f)
{
    if (!f || f->nins == 0)
        return;
    bool any = false;
    for (int i = 0; i < f->nins && !any; i++)
        any = f->ins[i].op == IR_FOR || f->ins[i].op == IR_LOOP;
    if (!any)
        return;
    ArenaMark m = mem_mark(g_scratch);     /* a whole-program pass: its own per function */
    IrFunc src = ir_rebuild(f);
    LmRun r = { .lm = lm, .src = &src, .f = f };
    ir_blocks_init(&r.b, &src);
    r.moved = SCRATCH_ARRAY(bool, src.nins + 1);
    r.copy_of = SCRATCH_ARRAY(int, src.nins + 1);
    for (int i = 0; i < src.nins; i++) {
        const IrIns *in = &src.ins[i];
        if (in->op == IR_FOR || in->op == IR_LOOP)
            lm_loop(&r, i);
        if (!r.moved[i]) {
            ir_put(f, in);
        } else if (r.copy_of[i] >= 0) {     /* the same load, hoisted once: a copy */
            IrIns *mv = ir_emit(f, IR_MOV, in->loc);
            mv->dst = in->dst;
            mv->type = in->type;
            mv->a = ir_tempopd(f, src.ins[r.copy_of[i]].dst);
        }
    }
    mem_release(g_scratch, m);
}

void pass_licm(const IrProgram *ir, IrFunc *unused)
{
    Lm lm = { .ir = ir };
    lm_summaries(&lm);
    for (int i = 0; i < ir->nfuncs; i++)
        if (ir->funcs[i]->reachable)
            lm_func(&lm, ir->funcs[i]);
    lm_func(&lm, ir->init);
}
