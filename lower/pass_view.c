/* pass_view.c — -O2: `let n = xs[i]` of a struct bound to the element
 * where it lies instead of a copy of it (IrFunc.views); also a `var` that
 * is only ever given elements (`cur = nodes[next]`), and a loaded element
 * read only in place, as `match xs[i]`'s scrutinee (IrFunc.view_temps).
 *
 *     let n = p.nodes[i]          // a 48-byte Node
 *     match n.kind { .. n.left .. p.evaluate(..) .. n.right .. }
 *
 * copies every field up front, and the C compiler keeps the copy across
 * the calls (Calculator::Interpreter: all six fields loaded for every node
 * kind, two of them spilled across both recursive calls). When nothing
 * that runs while n is in use can change or give back the element, reading
 * n.f later through a pointer reads what the copy would hold. The emitter
 * then declares `const T *n = &xs[i]` and spells n as `(*n)`.
 *
 * The rule:
 *   - n is a struct or enum of more than 16 bytes (a smaller one travels
 *     in registers), never addressed, captured or a ref;
 *   - every write of n binds it whole (`DECL n x`, `STORE [n] x`) to an
 *     element of storage of one element type E (a slice, string or pool
 *     element, or a part of one, also through a reference to one made by
 *     taking its address: `let n: T = p.get(i)` of a slot pool): x is read
 *     by the LOAD right before (its one use; the emitter folds it into
 *     `n = &element`), or x is another such local (a pointer copy);
 *   - no instruction of the function (its callees' by their summaries) may
 *     give back storage of element type E (pass_frees_elem), call through
 *     a function value, or write memory that may lie in an E element
 *     (vw_overlaps): storage of element type B where B is E or holds an
 *     E (storage elements are whole values: a slice never views a fixed
 *     array); the target of a reference to P where P is E, holds an E or
 *     lies inside one; a pool operation on a pool of E.
 * The whole function is asked, not only the instructions between the DECL
 * and its last use: simpler, and the loss is small (a function that writes
 * its own node type while reading one keeps the copy).
 * Not for: parameters passed by pointer (emit-c/cemit_byptr.c), debug
 * builds (the emitter keeps the copy, so a debugger shows the value). */
#include "pass.h"

/* ---- types: what holds what by value ---- */

/* t holds a value of type x by value (t itself counts). */
static bool vw_holds(const Type *t, const Type *x, int depth)
{
    if (t == x)
        return true;
    if (depth > 16)
        return true;
    switch (t->kind) {
    case TY_ARRAY: case TY_OPTIONAL:
        return vw_holds(t->elem, x, depth + 1);
    case TY_STRUCT:     /* an enum's fields: its tag, which no reference reaches, then its payloads */
        for (int k = t->st->is_enum ? 1 : 0; k < t->st->nfields; k++)
            if (vw_holds(t->st->fields[k].type, x, depth + 1))
                return true;
        return false;
    default:
        return false;
    }
}

/* What a write lands in: the elements of storage of a type, or the
 * target of a reference to a type (a NULL type: anything). */
typedef enum VwKind { VW_STORAGE, VW_REF } VwKind;

/* A write to kind k memory of type t may change part of an element of
 * storage of element type e. */
static bool vw_overlaps(VwKind k, const Type *t, const Type *e)
{
    if (!t)
        return true;
    if (k == VW_STORAGE)    /* storage elements are whole values: a slice never views a fixed array */
        return vw_holds(t, e, 0);
    return vw_holds(t, e, 0) || vw_holds(e, t, 0);
}

/* ---- the summary: what a function and its callees may write ---- */

typedef struct Vw {
    const IrProgram *ir;
    PtrSet *storage;        /* per function slot: element types of storage it writes */
    PtrSet *refs;           /* ... target types of references it writes through */
    bool *any;              /* ... anything (a call through a value, an unknown callee) */
} Vw;

/* The memory a place's write lands in: the last storage element or
 * reference target on its path; false for a local's or global's own value. */
static bool vw_place_base(const IrPlace *p, VwKind *k, const Type **t)
{
    bool found = false;
    const Type *cur = p->root.type;
    if (p->root.kind == OPD_LOCAL) {
        cur = p->root.local->type;
        if (p->root.local->is_ref) {
            *k = VW_REF, *t = cur;
            found = true;
        }
    } else if (cur && cur->kind == TY_REF) {
        *k = VW_REF, *t = cur->elem;
        found = true;
    }
    for (int j = 0; j < p->nproj; j++) {
        const IrProj *pj = &p->proj[j];
        if (pj->kind == PJ_SINDEX)
            *k = VW_STORAGE, *t = pj->type, found = true;
        else if (pj->kind == PJ_DEREF)
            *k = VW_REF, *t = pj->type, found = true;
    }
    return found;
}

typedef void (*VwSink)(void *ctx, VwKind k, const Type *t);

static void vw_ref_args(const IrIns *in, VwSink sink, void *ctx)
{
    for (int j = 0; j < in->nargs; j++) {
        const Type *t = in->args[j].type;
        if (!t || t->kind != TY_REF)
            continue;
        sink(ctx, VW_REF, t->elem);
        if (t->elem->kind == TY_REUSABLE || t->elem->kind == TY_REUSABLE_SLICE)
            sink(ctx, VW_STORAGE, t->elem->elem);   /* a pool operation writes its slots */
    }
}

/* Calls sink for each memory in may write (t NULL: anything), but for
 * a direct call's callee (vw_each_write). */
static void vw_writes(const IrProgram *ir, const IrIns *in, VwSink sink, void *ctx)
{
    IrEffect e;
    ir_effect(ir, in, &e);
    if (e.stops || e.write == IR_AT_NONE || e.write == IR_AT_LOCAL || e.write == IR_AT_GLOBAL ||
        e.write == IR_AT_TEMP)
        return;
    if (e.write == IR_AT_ANY && in->op != IR_CALL) {  /* through a function value */
        sink(ctx, VW_STORAGE, NULL);
        return;
    }
    VwKind k;
    const Type *t;
    switch (ir_op_info[in->op].writes) {
    case IR_WR_PLACE:
        if (in->op == IR_PUSH)
            sink(ctx, VW_STORAGE, in->place->type->elem);
        if (vw_place_base(in->place, &k, &t))
            sink(ctx, k, t);
        break;
    case IR_WR_OPD:
        if (in->a.type && in->a.type->kind == TY_REF)
            sink(ctx, VW_REF, in->a.type->elem);
        else if (in->a.type)
            sink(ctx, VW_STORAGE, ir_storage_elem(in->a.type));
        else
            sink(ctx, VW_STORAGE, NULL);
        break;
    case IR_WR_REFS:
        vw_ref_args(in, sink, ctx);
        break;
    default:
        break;
    }
}

typedef struct VwAdd {
    Vw *v;
    int slot;
    bool grew;
} VwAdd;

static void vw_add(void *ctx, VwKind k, const Type *t)
{
    VwAdd *a = ctx;
    Vw *v = a->v;
    if (v->any[a->slot])
        return;
    if (!t) {
        v->any[a->slot] = a->grew = true;
        return;
    }
    PtrSet *s = k == VW_STORAGE ? &v->storage[a->slot] : &v->refs[a->slot];
    if (!ir_set_has(s, t)) {
        ir_set_add(s, t);
        a->grew = true;
    }
}

/* Calls sink for each memory the function in slot g may write (its summary). */
static void vw_summary(const Vw *v, int g, VwSink sink, void *ctx)
{
    for (int k = 0; k < v->storage[g].cap; k++)
        if (v->storage[g].slots[k])
            sink(ctx, VW_STORAGE, v->storage[g].slots[k]);
    for (int k = 0; k < v->refs[g].cap; k++)
        if (v->refs[g].slots[k])
            sink(ctx, VW_REF, v->refs[g].slots[k]);
}

/* Calls sink for each memory in may write, a direct call by its
 * callee's summary. */
static void vw_each_write(const Vw *v, const IrIns *in, VwSink sink, void *ctx)
{
    if (in->op != IR_CALL || ir_stops(v->ir, in)) {
        vw_writes(v->ir, in, sink, ctx);
        return;
    }
    int g = ir_func_slot(v->ir, in->fn);
    if (g < 0 || v->any[g])
        sink(ctx, VW_STORAGE, NULL);
    else
        vw_summary(v, g, sink, ctx);
}

static bool vw_summarise_func(Vw *v, const IrFunc *f)
{
    VwAdd a = { v, ir_func_slot(v->ir, f->fn), false };
    if (a.slot < 0)
        return false;
    for (int i = 0; i < f->nins && !v->any[a.slot]; i++)
        vw_each_write(v, &f->ins[i], vw_add, &a);
    return a.grew;
}

static void vw_summarise(Vw *v)
{
    for (bool changed = true; changed;) {
        changed = false;
        for (int i = 0; i < v->ir->nfuncs; i++)
            changed |= vw_summarise_func(v, v->ir->funcs[i]);
    }
}

/* ---- the candidates ---- */

typedef struct VwAsk {
    const Type *elem;
    bool hit;
} VwAsk;

static void vw_ask(void *ctx, VwKind k, const Type *t)
{
    VwAsk *q = ctx;
    q->hit |= vw_overlaps(k, t, q->elem);
}

/* Instruction in may change or give back an element of storage of type elem. */
static bool vw_disturbs(const Vw *v, const IrIns *in, const Type *elem)
{
    if (pass_frees_elem(v->ir, in, elem))
        return true;
    VwAsk q = { elem, false };
    vw_each_write(v, in, vw_ask, &q);
    return q.hit;
}

/* The element type of the storage the place reads from (the last slice or
 * string element on its path), or NULL. */
static const Type *vw_storage_elem(const IrPlace *p)
{
    const Type *e = NULL;
    for (int j = 0; j < p->nproj; j++) {
        if (p->proj[j].kind == PJ_SINDEX)
            e = p->proj[j].type;
        else if (p->proj[j].kind == PJ_DEREF)
            e = NULL;           /* through a reference stored in the element */
    }
    return e;
}

/* A local that may be bound by pointer: a struct of more than 16 bytes
 * (a smaller one travels in registers), not a ref, not captured, its
 * address never taken. */
static bool vw_candidate(const PtrSet *addressed, const Local *l)
{
    const Type *t = l->type;
    return !l->is_ref && !l->captured && !ir_set_has(addressed, l) && t->kind == TY_STRUCT && t->st->sizing == 2 &&
           t->st->bytes > 16;
}

/* The locals of one function being decided. */
typedef struct VwFn {
    const Vw *v;
    IrFunc *f;
    int *uses;              /* per temp: its uses as an operand */
    int *in_place;          /* ... of them, as the root of a loaded place */
    int *defs;              /* ... the instructions writing it */
    PtrSet clean, dirty;    /* element types the function may not / may disturb */
    const Local **loc;      /* the candidates */
    const Type **elem;      /* ... the element type of the storage they bind into */
    bool *out;              /* ... refused */
    int n;
} VwFn;

static int vw_find(const VwFn *w, const Local *l)
{
    for (int k = 0; k < w->n; k++)
        if (w->loc[k] == l)
            return k;
    return -1;
}

static void vw_count(const IrOpd *o, void *ctx)
{
    if (o->kind == OPD_TEMP)
        ((VwFn *)ctx)->uses[o->temp]++;
}

/* Each temp's uses, uses in place and definitions. */
static void vw_scan(VwFn *w)
{
    IrFunc *f = w->f;
    w->uses = SCRATCH_ARRAY(int, f->ntemps + 1);
    w->in_place = SCRATCH_ARRAY(int, f->ntemps + 1);
    w->defs = SCRATCH_ARRAY(int, f->ntemps + 1);
    for (int i = 0; i < f->nins; i++) {
        const IrIns *in = &f->ins[i];
        ir_each_read(in, vw_count, w);
        if (in->op == IR_LOAD && in->place->root.kind == OPD_TEMP)
            w->in_place[in->place->root.temp]++;
        if (in->dst >= 0)
            w->defs[in->dst]++;
    }
}

/* The place whose address ref temp t holds where instruction at reads it:
 * the place of the ADDR that made it, through copies (MOV); NULL when t
 * comes from anything else (a call's result, a parameter). */
static const IrPlace *vw_ref_origin(const VwFn *w, int at, int t)
{
    for (int i = at - 1; i >= 0; i--) {
        const IrIns *in = &w->f->ins[i];
        if (in->dst != t)
            continue;
        if (w->defs[t] != 1)
            return NULL;
        if (in->op == IR_ADDR)
            return in->place;
        if (in->op != IR_MOV || in->a.kind != OPD_TEMP)
            return NULL;
        t = in->a.temp;
    }
    return NULL;
}

/* The element type of the storage the LOAD at instruction at reads from:
 * its place's, or, for a place through a reference made by taking the
 * address of an element (`p.get(i)` inlined: `ADDR [slots sindex i]`),
 * that element's storage. */
static const Type *vw_load_elem(const VwFn *w, int at, const IrPlace *p)
{
    const IrPlace *o = NULL;
    if (p->root.kind == OPD_TEMP && p->nproj > 0 && p->proj[0].kind == PJ_DEREF)
        o = vw_ref_origin(w, at, p->root.temp);
    if (!o)
        return vw_storage_elem(p);
    const Type *e = vw_storage_elem(o);
    for (int j = 1; j < p->nproj; j++) {
        if (p->proj[j].kind == PJ_SINDEX)
            e = p->proj[j].type;
        else if (p->proj[j].kind == PJ_DEREF)
            e = NULL;
    }
    return e;
}

/* The element type value x of the write at instruction i binds: an element
 * a LOAD right before reads (x its one use), or what another candidate
 * binds; NULL when it is neither (or none: a DECL of the zero value). */
static const Type *vw_source(const VwFn *w, int i, const IrOpd *x)
{
    if (x->kind == OPD_TEMP) {
        const IrIns *ld = i > 0 ? &w->f->ins[i - 1] : NULL;
        if (!ld || ld->op != IR_LOAD || ld->dst != x->temp || !ld->place || w->uses[x->temp] != 1)
            return NULL;
        return vw_load_elem(w, i - 1, ld->place);
    }
    int m = x->kind == OPD_LOCAL ? vw_find(w, x->local) : -1;
    return m >= 0 && !w->out[m] ? w->elem[m] : NULL;
}

/* Refuses candidate k unless every write of it binds an element of one
 * storage type; whether it was refused now. */
static bool vw_check(VwFn *w, int k)
{
    const Local *l = w->loc[k];
    for (int i = 0; i < w->f->nins; i++) {
        const IrIns *in = &w->f->ins[i];
        if (!ir_writes_local(in, l))
            continue;
        const Type *e = ir_whole_local_write(in) == l ? vw_source(w, i, &in->a) : NULL;
        if (e && !w->elem[k])
            w->elem[k] = e;
        if (!e || e != w->elem[k]) {
            w->out[k] = true;
            return true;
        }
    }
    return false;
}

/* No instruction of the function may disturb an element of type elem
 * (asked once per type). */
static bool vw_clean(VwFn *w, const Type *elem)
{
    if (ir_set_has(&w->clean, elem) || ir_set_has(&w->dirty, elem))
        return ir_set_has(&w->clean, elem);
    bool clean = true;
    for (int i = 0; i < w->f->nins && clean; i++)
        clean = !vw_disturbs(w->v, &w->f->ins[i], elem);
    ir_set_add(clean ? &w->clean : &w->dirty, elem);
    return clean;
}

static void vw_collect(VwFn *w, const PtrSet *addressed)
{
    IrFunc *f = w->f;
    w->loc = SCRATCH_ARRAY(const Local *, f->nins + 1);
    for (int i = 0; i < f->nins; i++) {
        const Local *l = f->ins[i].op == IR_DECL ? f->ins[i].local : NULL;
        if (l && vw_candidate(addressed, l) && vw_find(w, l) < 0)
            w->loc[w->n++] = l;
    }
    w->elem = SCRATCH_ARRAY(const Type *, w->n + 1);
    w->out = SCRATCH_ARRAY(bool, w->n + 1);
}

/* A temp a LOAD of an element of a struct over 16 bytes writes once and
 * that is read more than once, only as the root of loaded places
 * (`match xs[i]`'s scrutinee, or `match p.get(i)`'s through the reference
 * get gives: its tag and payload fields): read through a pointer too. */
static void vw_temps(VwFn *w)
{
    IrFunc *f = w->f;
    for (int i = 0; i < f->nins; i++) {
        const IrIns *in = &f->ins[i];
        int t = in->dst;
        if (in->op != IR_LOAD || w->defs[t] != 1 || w->uses[t] < 2 || w->in_place[t] != w->uses[t])
            continue;
        const Type *ty = f->temps[t], *elem = vw_load_elem(w, i, in->place);
        if (ty->kind != TY_STRUCT || ty->st->sizing != 2 || ty->st->bytes <= 16 || !elem || !vw_clean(w, elem))
            continue;
        if (!f->view_temps)
            f->view_temps = NEW_ARRAY(bool, f->ntemps + 1);
        f->view_temps[t] = true;
    }
}

static void vw_func(const Vw *v, IrFunc *f)
{
    VwFn w = { .v = v, .f = f };
    vw_scan(&w);
    PtrSet addressed = { 0 };
    ir_addressed_locals(f, &addressed);
    vw_collect(&w, &addressed);
    for (bool changed = true; changed;) {
        changed = false;
        for (int k = 0; k < w.n; k++)
            if (!w.out[k])
                changed |= vw_check(&w, k);
        for (int k = 0; k < w.n && !changed; k++)
            if (!w.out[k] && !vw_clean(&w, w.elem[k]))
                changed = w.out[k] = true;
    }
    for (int k = 0; k < w.n; k++)
        if (!w.out[k])
            ir_set_add(&f->views, w.loc[k]);
    vw_temps(&w);
}

void pass_view(const IrProgram *ir, IrFunc *unused)
{
    (void)unused;
    int n = ir->fn_cap;
    Vw v = { ir, SCRATCH_ARRAY(PtrSet, n + 1), SCRATCH_ARRAY(PtrSet, n + 1), SCRATCH_ARRAY(bool, n + 1) };
    vw_summarise(&v);
    for (int i = 0; i < ir->nfuncs; i++) {
        if (!ir->funcs[i]->reachable)
            continue;
        ArenaMark m = mem_mark(g_scratch);
        vw_func(&v, ir->funcs[i]);
        mem_release(g_scratch, m);
    }
}
