/* pass_borrow.c — live references into storage that can move (every -O
 * level; docs/temporal_safety.md, rule C).
 *
 * A `ref` into a slice's storage (its place indexes a slice) or returned
 * by a call (`m.get_ref(k)`) points at storage that a push, delete, pool
 * free or map change may give back while the ref lives. Such a ref is
 * noted on the runtime's live-ref stack (goose_rt.h: gs_borrow) while it
 * lives, and every give-back checks the stack, so the program stops at the
 * give-back instead of reading or writing storage it no longer owns:
 *   - an argument (a receiver too) lives for its call: noted before the
 *     call, forgotten after it;
 *   - a `let` or `match ref` binding lives from its declaration to the end
 *     of the statement, in its own block, holding its last use: noted at
 *     the declaration, forgotten there. A break, continue or return that
 *     leaves before that point is covered by resets: a loop holding such
 *     a note resets the stack to its depth before the loop at the top of
 *     each iteration and after the loop, and the function resets it to
 *     its depth on entry before each return.
 * A note is needed only when something that may give storage back runs
 * while the ref lives: the callee (the may-free summary below, over the
 * call graph), or an instruction between the binding and its last use.
 * Refs it proves safe cost nothing; --stats counts both (stats.c).
 * Not for: header aliases (copied slices, views, sub-strings), which a
 * ref note cannot follow. */
#include "pass.h"

/* ---- the may-free summary: a function that may give storage back,
 * itself or through what it calls, and of which element types ---- */

bool pass_may_free(const IrProgram *ir, const IrIns *in)
{
    if (ir_op_info[in->op].frees == IR_FREE_NONE && in->op != IR_PRIM)
        return false;
    if (in->op == IR_CALL) {
        const IrFunc *g = ir_find_func(ir, in->fn);
        return !g || (g->may_free && !g->noreturn);   /* what a stop frees is never used after */
    }
    IrEffect e;
    ir_effect(ir, in, &e);
    return e.frees;
}

bool pass_frees_elem(const IrProgram *ir, const IrIns *in, const Type *elem)
{
    if (!pass_may_free(ir, in))
        return false;
    if (in->op == IR_CALL) {
        const IrFunc *g = ir_find_func(ir, in->fn);
        return !g || g->frees_any || ir_set_has(&g->frees_elems, elem);
    }
    if (in->op == IR_CALLV)
        return true;
    IrEffect e;
    ir_effect(ir, in, &e);
    return !e.frees_elem || e.frees_elem == elem;
}

/* A may-free summary of f: the full one (IrFunc.frees_any, frees_elems)
 * or the open one (frees_open_any, frees_open_elems). */
typedef struct PbSum {
    bool *any;
    PtrSet *elems;
} PbSum;

static PbSum pb_sum(IrFunc *f, bool open)
{
    return open ? (PbSum){ &f->frees_open_any, &f->frees_open_elems } : (PbSum){ &f->frees_any, &f->frees_elems };
}

/* A summary (its any flag and element set) says storage of element type
 * elem (NULL: of some type it names no element type for) may be freed. */
static bool pb_has(bool any, const PtrSet *elems, const Type *elem)
{
    return any || (elem && ir_set_has(elems, elem));
}

/* f may free storage of element type elem (NULL: of any), in summary
 * open or the full one; whether that is new. */
static bool pb_frees(IrFunc *f, const Type *elem, bool open)
{
    PbSum m = pb_sum(f, open);
    if (pb_has(*m.any, m.elems, elem))
        return false;
    if (elem)
        ir_set_add(m.elems, elem);
    else
        *m.any = true;
    f->may_free |= !open;
    return true;
}

/* in is a push onto a confined field (pass_fields.c): the storage it may
 * give back was named only by that field's header and the temps read
 * from it, never by a header held anywhere else. */
static bool pb_confined_push(const IrProgram *ir, const IrIns *in)
{
    return in->op == IR_PUSH && in->place && ir_place_confined(ir, in->place);
}

/* What in may give back, added to f's summary (open: less confined
 * pushes); whether it grew. */
static bool pb_add_frees(const IrProgram *ir, IrFunc *f, const IrIns *in, bool open)
{
    if (!pass_may_free(ir, in) || (open && pb_confined_push(ir, in)))
        return false;
    IrFunc *g = in->op == IR_CALL ? ir_find_func(ir, in->fn) : NULL;
    if (g) {
        PbSum c = pb_sum(g, open);
        bool grew = *c.any && pb_frees(f, NULL, open);
        for (int k = 0; k < c.elems->cap; k++)
            if (c.elems->slots[k])
                grew |= pb_frees(f, c.elems->slots[k], open);
        return grew;
    }
    const Type *elem = NULL;
    if (in->op != IR_CALL && in->op != IR_CALLV) {
        IrEffect e;
        ir_effect(ir, in, &e);
        elem = e.frees_elem;
    }
    return pb_frees(f, elem, open);
}

static void pb_summarise(const IrProgram *ir, bool open)
{
    for (bool changed = true; changed;) {
        changed = false;
        for (int i = 0; i < ir->nfuncs; i++)
            for (int k = 0; k < ir->funcs[i]->nins; k++)
                changed |= pb_add_frees(ir, ir->funcs[i], &ir->funcs[i]->ins[k], open);
    }
}

void pass_open_frees(const IrProgram *ir)
{
    pb_summarise(ir, true);
    for (int i = 0; i < ir->nfuncs; i++)
        ir->funcs[i]->open_known = true;
}

bool pass_frees_open_elem(const IrProgram *ir, const IrIns *in, const Type *elem)
{
    if (pb_confined_push(ir, in))
        return false;
    const IrFunc *g = in->op == IR_CALL ? ir_find_func(ir, in->fn) : NULL;
    if (!g || !g->open_known)
        return pass_frees_elem(ir, in, elem);
    return pass_may_free(ir, in) && pass_func_frees_open(g, elem);
}

bool pass_func_frees_open(const IrFunc *g, const Type *elem)
{
    if (!g->open_known)
        return pb_has(g->frees_any, &g->frees_elems, elem);
    return pb_has(g->frees_open_any, &g->frees_open_elems, elem);
}

/* ---- which refs point into movable storage ---- */

typedef struct Pb {
    const IrProgram *ir;
    IrFunc *f;
    const IrIns *src;       /* f's instructions before the pass */
    int nsrc;
    int *def;               /* temp -> index in src of the instruction writing it, or -1 */
    IrBlocks blk;           /* how src's blocks nest */
    bool *bound;            /* src index of a DECL whose ref is noted */
    int *forget_after;      /* src index -> how many noted bindings are forgotten after it */
    int **forget;           /* ... and their DECL indices */
    bool *loop_resets;      /* src index of a LOOP/FOR holding a noted binding */
    const Local **movable;  /* ref bindings of movable refs (noted or proven safe) */
    int nmovable;
    int nnoted;
} Pb;

static bool pb_place_in_slice(const IrPlace *p)
{
    for (int k = 0; k < p->nproj; k++)
        if (p->proj[k].kind == PJ_SINDEX)
            return true;
    return false;
}

static bool pb_local_movable(const Pb *b, const Local *l)
{
    for (int i = 0; i < b->nmovable; i++)
        if (b->movable[i] == l)
            return true;
    return false;
}

/* Whether ref operand o may point into storage that moves: the address of
 * a place in a slice, a ref a call returned, or a binding of one. A ref
 * parameter's target is the caller's to note. */
static bool pb_movable_ref(const Pb *b, const IrOpd *o)
{
    if (!o->type || o->type->kind != TY_REF)
        return false;
    if (o->kind == OPD_LOCAL)
        return pb_local_movable(b, o->local);
    if (o->kind != OPD_TEMP || o->temp < 0 || b->def[o->temp] < 0)
        return false;
    const IrIns *d = &b->src[b->def[o->temp]];
    switch (d->op) {
    case IR_ADDR:
        return pb_place_in_slice(d->place) ||
               (d->place->root.kind == OPD_LOCAL && pb_local_movable(b, d->place->root.local));
    case IR_CALL: case IR_CALLV: case IR_PRIM: case IR_RT: return true;
    case IR_MOV: return pb_movable_ref(b, &d->a);
    default: return false;
    }
}

/* ---- a binding's live range: declaration to the statement holding its
 * last use ---- */

static bool pb_opd_is(const IrOpd *o, const Local *l)
{
    return o->kind == OPD_LOCAL && o->local == l;
}

static bool pb_mentions(const IrIns *in, const Local *l)
{
    if (pb_opd_is(&in->a, l) || pb_opd_is(&in->b, l) || pb_opd_is(&in->c, l))
        return true;
    for (int k = 0; k < in->nargs; k++)
        if (pb_opd_is(&in->args[k], l))
            return true;
    if (!in->place)
        return false;
    if (pb_opd_is(&in->place->root, l))
        return true;
    for (int k = 0; k < in->place->nproj; k++)
        if (pb_opd_is(&in->place->proj[k].index, l))
            return true;
    return false;
}

/* The nesting change of in: +1 opens a block, -1 closes one, ELSE 0. */
static int pb_nest(const IrIns *in)
{
    return in->op == IR_ELSE ? 0 : ir_op_info[in->op].nesting;
}

/* The end of the statement starting at src index i: its last instruction
 * (the close of the block it opens, if it opens one). */
static int pb_stmt_end(const Pb *b, int i)
{
    return pb_nest(&b->src[i]) > 0 ? b->blk.close[i] : i;
}

/* The index of the last instruction of the statement, in DECL d's block,
 * that holds the last use of d's local; d itself when there is none. */
static int pb_live_end(const Pb *b, int d)
{
    const Local *l = b->src[d].local;
    int depth = 0, start = d, last = -1;
    for (int i = d + 1; i < b->nsrc; i++) {
        const IrIns *in = &b->src[i];
        if (depth == 0 && (pb_nest(in) < 0 || in->op == IR_ELSE))
            break;                          /* d's block ends */
        if (depth == 0)
            start = i;
        depth += pb_nest(in);
        if (pb_mentions(in, l))
            last = start;
    }
    return last < 0 ? d : pb_stmt_end(b, last);
}

static bool pb_range_frees(const Pb *b, int from, int to)
{
    for (int i = from; i <= to; i++)
        if (pass_may_free(b->ir, &b->src[i]))
            return true;
    return false;
}

/* Marks the loops around src index d (they reset the stack each turn). */
static void pb_mark_loops(Pb *b, int d)
{
    for (int o = 0; o < d; o++)
        if ((b->src[o].op == IR_LOOP || b->src[o].op == IR_FOR) && b->blk.close[o] > d)
            b->loop_resets[o] = true;
}

/* Decides which bindings are noted and where each is forgotten. */
static void pb_plan_bindings(Pb *b)
{
    for (int d = 0; d < b->nsrc; d++) {
        const IrIns *in = &b->src[d];
        if (in->op != IR_DECL || !in->local || !in->local->is_ref || in->a.kind != OPD_TEMP ||
            !pb_movable_ref(b, &in->a))
            continue;
        b->movable[b->nmovable++] = in->local;
        int end = pb_live_end(b, d);
        if (end == d || !pb_range_frees(b, d + 1, end)) {
            b->f->borrows_removed++;
            continue;
        }
        b->bound[d] = true;
        b->nnoted++;
        int n = b->forget_after[end]++;
        int *at = SCRATCH_ARRAY(int, n + 1);
        for (int k = 0; k < n; k++)
            at[k] = b->forget[end][k];
        at[n] = d;
        b->forget[end] = at;
        pb_mark_loops(b, d);
        b->f->borrows_kept++;
    }
}

/* ---- rebuilding f ---- */

static IrIns *pb_op(Pb *b, IrBorrowOp op, IrOpd a, Loc loc)
{
    IrIns *in = ir_emit(b->f, IR_BORROW, loc);
    in->aux = op;
    in->a = a;
    if (op == IR_BORROW_NOTE || op == IR_BORROW_DEPTH)
        in->dst = ir_temp(b->f, types_prim(TY_I64));
    return in;
}

/* A call's argument that needs a note for the call: a movable ref that
 * is not a binding (a binding is noted for its whole live range, which
 * holds this call, or proven safe over it). */
static bool pb_arg_noted(const Pb *b, const IrOpd *o)
{
    return o->kind != OPD_LOCAL && pb_movable_ref(b, o);
}

/* A call's ref arguments into movable storage, noted around it when the
 * call may give storage back. */
static void pb_call(Pb *b, const IrIns *in)
{
    int first = -1, n = 0;
    for (int k = 0; k < in->nargs; k++)
        n += pb_arg_noted(b, &in->args[k]);
    if (n > 0 && !pass_may_free(b->ir, in))
        b->f->borrows_removed += n;
    if (n == 0 || !pass_may_free(b->ir, in)) {
        ir_put(b->f, in);
        return;
    }
    for (int k = 0; k < in->nargs; k++) {
        if (!pb_arg_noted(b, &in->args[k]))
            continue;
        IrIns *note = pb_op(b, IR_BORROW_NOTE, in->args[k], in->loc);
        if (first < 0)
            first = note->dst;
        b->f->borrows_kept++;
    }
    ir_put(b->f, in);
    pb_op(b, IR_BORROW_RESET, ir_tempopd(b->f, first), in->loc);
}

static bool pb_is_call(const IrIns *in)
{
    return in->op == IR_CALL || in->op == IR_CALLV || in->op == IR_PRIM || in->op == IR_RT;
}

static void pb_rebuild(Pb *b)
{
    bool any_bound = false;
    for (int i = 0; i < b->nsrc; i++)
        any_bound = any_bound || b->bound[i];
    ir_rebuild(b->f);
    int *slot = SCRATCH_ARRAY(int, b->nsrc);
    int *loop_depth = SCRATCH_ARRAY(int, b->nsrc);     /* the DEPTH temp of each marked loop */
    int *open = SCRATCH_ARRAY(int, b->nsrc);           /* the open blocks: their src indices */
    int nopen = 0, entry = -1;
    Loc loc0 = b->nsrc > 0 ? b->src[0].loc : (Loc){ 0 };
    if (any_bound)
        entry = pb_op(b, IR_BORROW_DEPTH, ir_none(), loc0)->dst;
    for (int i = 0; i < b->nsrc; i++) {
        const IrIns *in = &b->src[i];
        if (in->op == IR_RET && entry >= 0)
            pb_op(b, IR_BORROW_RESET, ir_tempopd(b->f, entry), in->loc);
        if (b->loop_resets[i])
            loop_depth[i] = pb_op(b, IR_BORROW_DEPTH, ir_none(), in->loc)->dst;
        if (pb_is_call(in))
            pb_call(b, in);
        else
            ir_put(b->f, in);
        if (pb_nest(in) > 0) {
            open[nopen++] = i;
            if (b->loop_resets[i])
                pb_op(b, IR_BORROW_RESET, ir_tempopd(b->f, loop_depth[i]), in->loc);
        } else if (pb_nest(in) < 0 && nopen > 0) {
            int o = open[--nopen];
            if (b->loop_resets[o])
                pb_op(b, IR_BORROW_RESET, ir_tempopd(b->f, loop_depth[o]), in->loc);
        }
        if (b->bound[i])    /* the binding's value: the temp holding the ref */
            slot[i] = pb_op(b, IR_BORROW_NOTE, in->a, in->loc)->dst;
        for (int k = 0; k < b->forget_after[i]; k++)
            pb_op(b, IR_BORROW_FORGET, ir_tempopd(b->f, slot[b->forget[i][k]]), in->loc);
    }
}

static void pb_func(const IrProgram *ir, IrFunc *f)
{
    Pb b = { .ir = ir, .f = f, .src = f->ins, .nsrc = f->nins };
    b.def = SCRATCH_ARRAY(int, f->ntemps + 1);
    for (int t = 0; t < f->ntemps; t++)
        b.def[t] = -1;
    for (int i = 0; i < f->nins; i++)
        if (ir_op_info[f->ins[i].op].has_result && f->ins[i].dst >= 0)
            b.def[f->ins[i].dst] = i;
    b.bound = SCRATCH_ARRAY(bool, f->nins + 1);
    b.forget_after = SCRATCH_ARRAY(int, f->nins + 1);
    b.forget = SCRATCH_ARRAY(int *, f->nins + 1);
    b.loop_resets = SCRATCH_ARRAY(bool, f->nins + 1);
    b.movable = SCRATCH_ARRAY(const Local *, f->nins + 1);
    ir_blocks_init(&b.blk, f);
    pb_plan_bindings(&b);
    bool any = b.nnoted > 0;
    for (int i = 0; i < f->nins && !any; i++)
        if (pb_is_call(&f->ins[i]))
            for (int k = 0; k < f->ins[i].nargs; k++)
                any = any || pb_arg_noted(&b, &f->ins[i].args[k]);
    if (any)
        pb_rebuild(&b);
}

void pass_borrow(const IrProgram *ir, IrFunc *f)
{
    (void)f;
    pb_summarise(ir, false);
    for (int i = 0; i < ir->nfuncs; i++) {
        ArenaMark m = mem_mark(g_scratch);
        pb_func(ir, ir->funcs[i]);
        mem_release(g_scratch, m);
    }
    if (ir->init) {
        ArenaMark m = mem_mark(g_scratch);
        pb_func(ir, ir->init);
        mem_release(g_scratch, m);
    }
}
