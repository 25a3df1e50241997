/* pass_promote.c — -O2: a global slice that a loop pushes onto, pops from
 * or clears is held in a local while the loop runs.
 *
 *     while stack.len > 0 { let s = stack.pop() .. stack.push(..) .. }
 *
 * reads and writes stack's header in memory at every step: the push's grow
 * call could change any global for all the C compiler knows, and the
 * element stores may alias the int64 header fields, so nothing stays in a
 * register (graph_dfs: ~12 instructions a push, against 4 for the C's
 * stack[sp++]). Goose knows better. When the loop names the global only as
 * the root of places (loads, stores, pushes, pops, clears; not its address
 * and not as a value), makes no call, creates no closure and reads or
 * writes nothing through a reference, only the loop's own instructions can
 * see the global while it runs. Then the header is copied into a new local
 * before the loop, the loop works on the local (the emitter grows it by
 * value, so its address never escapes), and the local is written back
 * after the loop (where every break of it lands) and before every return
 * inside it. A runtime error inside the loop ends the program, which then
 * reads no global. So the program does exactly what it did.
 * Not for: loads of globals a loop does not change (pass_licm.c). */
#include "pass.h"

#include <string.h>

enum { PR_MAX = 8 };

typedef struct Pr {
    IrFunc *f;              /* rebuilt */
    IrFunc src;             /* as it was */
    IrBlocks b;
    int next_id;            /* for the new locals */
    const Global *g[PR_MAX];    /* the loop being copied: its held globals */
    Local *l[PR_MAX];
    IrPlace at[PR_MAX];     /* and their locals, as place roots */
    int n;
} Pr;

static bool pr_is(const IrOpd *o, const Global *g)
{
    return o->kind == OPD_GLOBAL && o->global == g;
}

/* in names g other than as the root of a place it reads or writes. */
static bool pr_names_value(const IrIns *in, const Global *g)
{
    if (pr_is(&in->a, g) || pr_is(&in->b, g) || pr_is(&in->c, g))
        return true;
    for (int k = 0; k < in->nargs; k++)
        if (pr_is(&in->args[k], g))
            return true;
    return in->op == IR_ADDR && in->place->root.kind == OPD_GLOBAL && in->place->root.global == g;
}

/* in lets nothing but the loop's own instructions see a global: it calls
 * no Goose code (not even code that stops: it may read the global first)
 * and reads and writes nothing through a reference. */
static bool pr_closed(const IrIns *in)
{
    IrEffect e;
    ir_effect(NULL, in, &e);
    return e.calls != IR_CALLS_CODE && !ir_writes_unknown(in) && e.place != IR_AT_REF;
}

/* The global slice whose header in changes: a push, pop or clear of it. */
static const Global *pr_grown(const IrIns *in)
{
    if ((in->op != IR_PUSH && in->op != IR_POP && in->op != IR_CLEAR) || in->place->nproj != 0 ||
        in->place->root.kind != OPD_GLOBAL || in->place->root.type->kind != TY_SLICE)
        return NULL;
    return in->place->root.global;
}

/* The globals the loop [at, end] can hold in locals; how many. */
static int pr_plan(const Pr *p, int at, int end, const Global **out)
{
    int n = 0;
    for (int i = at + 1; i < end; i++)
        if (!pr_closed(&p->src.ins[i]))
            return 0;
    for (int i = at + 1; i < end && n < PR_MAX; i++) {
        const Global *g = pr_grown(&p->src.ins[i]);
        bool ok = g != NULL;
        for (int k = 0; ok && k < n; k++)
            ok = out[k] != g;
        for (int j = at; ok && j <= end; j++)
            ok = !pr_names_value(&p->src.ins[j], g);
        if (ok)
            out[n++] = g;
    }
    return n;
}

static IrOpd pr_local_opd(Local *l)
{
    return (IrOpd){ .kind = OPD_LOCAL, .type = l->type, .local = l };
}

/* `STORE [@G] local` for every held global. */
static void pr_write_back(Pr *p, Loc loc)
{
    for (int k = 0; k < p->n; k++) {
        IrIns *st = ir_emit(p->f, IR_STORE, loc);
        IrOpd g = { .kind = OPD_GLOBAL, .type = p->l[k]->type, .global = (Global *)p->g[k] };
        st->place = ir_place_root(g, g.type);
        st->a = pr_local_opd(p->l[k]);
    }
}

/* A held global's local (IrClone.name): the loop names the global only
 * as the root of places (pr_plan). */
static const IrPlace *pr_name(void *ctx, const IrOpd *o)
{
    const Pr *p = ctx;
    for (int k = 0; k < p->n; k++)
        if (o->kind == OPD_GLOBAL && o->global == p->g[k])
            return &p->at[k];
    return NULL;
}

/* A copy of in with places rooted at a held global rooted at its local. */
static void pr_copy(Pr *p, const IrIns *in)
{
    if (in->op == IR_RET)
        pr_write_back(p, in->loc);
    ir_clone_ins(p->f, in, &(IrClone){ .name = pr_name, .ctx = p });
}

static Local *pr_new_local(Pr *p, const Global *g)
{
    Local *l = NEW(Local);
    *l = (Local){ .name = g->name, .loc = g->loc, .type = g->type, .id = p->next_id++,
                  .is_mutable = true, .owner = p->f->fn };
    ir_set_add(&p->f->held, l);
    return l;
}

/* The loop [at, end] on locals: the copies in, the loop, the write back. */
static void pr_loop(Pr *p, int at, int end, const Global **gs, int n)
{
    const IrIns *loop = &p->src.ins[at];
    p->n = n;
    for (int k = 0; k < n; k++) {
        p->g[k] = gs[k];
        p->l[k] = pr_new_local(p, gs[k]);
        p->at[k] = (IrPlace){ .root = pr_local_opd(p->l[k]) };
        IrIns *ld = ir_emit(p->f, IR_LOAD, loop->loc);
        IrOpd g = { .kind = OPD_GLOBAL, .type = gs[k]->type, .global = (Global *)gs[k] };
        ld->place = ir_place_root(g, g.type);
        int t = ir_temp(p->f, g.type);
        ld->dst = t;
        ld->type = g.type;
        IrIns *decl = ir_emit(p->f, IR_DECL, loop->loc);     /* may move ld */
        decl->local = p->l[k];
        decl->a = ir_tempopd(p->f, t);
    }
    for (int i = at; i <= end; i++)
        pr_copy(p, &p->src.ins[i]);
    pr_write_back(p, p->src.ins[end].loc);
    p->n = 0;
}

static void pr_func(IrFunc *f)
{
    bool any = false;
    for (int i = 0; i < f->nins && !any; i++)
        any = pr_grown(&f->ins[i]) != NULL;
    if (!any || !f->fn)
        return;
    int next_id = ir_local_ids(f);
    Pr p = { .f = f, .src = ir_rebuild(f), .next_id = next_id };
    ir_blocks_init(&p.b, &p.src);
    for (int i = 0; i < p.src.nins; i++) {
        const IrIns *in = &p.src.ins[i];
        const Global *gs[PR_MAX];
        int n = (in->op == IR_LOOP || in->op == IR_FOR) ? pr_plan(&p, i, p.b.close[i], gs) : 0;
        if (n > 0) {
            pr_loop(&p, i, p.b.close[i], gs, n);
            i = p.b.close[i];
            continue;
        }
        ir_put(f, in);
    }
}

void pass_promote(const IrProgram *ir, IrFunc *f)
{
    pr_func(f);
}
