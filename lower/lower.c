/* lower.c — the lowering driver: one IrFunc per FnInst (closures
 * included), the global initialiser function (the order it runs them in:
 * lower_init.c), closure environments (which locals each closure's env
 * points at, nested closures reaching outer-outer locals through their
 * parent's env), reachability from main, and the --dump=ir listing.
 * Not for: expression/statement lowering (lower_expr.c, lower_stmt.c),
 * optimisation (pass_*.c). */
#include "lower_priv.h"
#include "pass.h"

#include <string.h>

Type *lx_ty(TypeKind k) { return types_prim(k); }

/* ---- a read-only walk over a body: every expression (closure bodies
 * included) and, when w->stmt is set, every statement ---- */

typedef struct LxWalk {
    void (*expr)(Expr *e, void *ctx);
    void (*stmt)(Stmt *s, void *ctx);   /* or NULL */
    void *ctx;
} LxWalk;

static void lx_walk_block(Block *b, const LxWalk *w);

static void lx_walk_expr(Expr *e, const LxWalk *w)
{
    if (!e)
        return;
    w->expr(e, w->ctx);
    switch (e->kind) {
    case EX_UNARY: lx_walk_expr(e->unary.operand, w); break;
    case EX_BINARY: lx_walk_expr(e->binary.lhs, w); lx_walk_expr(e->binary.rhs, w); break;
    case EX_CALL:
        if (e->call.kind == CALL_VALUE)
            lx_walk_expr(e->call.callee, w);
        for (int i = 0; i < e->call.nargs; i++)
            lx_walk_expr(e->call.args[i], w);
        break;
    case EX_INDEX: lx_walk_expr(e->index.base, w); lx_walk_expr(e->index.index, w); break;
    case EX_SLICE:
        lx_walk_expr(e->slice.base, w);
        lx_walk_expr(e->slice.lo, w);
        lx_walk_expr(e->slice.hi, w);
        break;
    case EX_FIELD: lx_walk_expr(e->field.base, w); break;
    case EX_CAST: lx_walk_expr(e->cast.operand, w); break;
    case EX_STRUCT_LIT:
        for (int i = 0; i < e->lit.nfields; i++)
            lx_walk_expr(e->lit.fields[i].value, w);
        break;
    case EX_ARRAY_LIT: case EX_SLICE_LIT: case EX_TUPLE:
        for (int i = 0; i < e->array.nelems; i++)
            lx_walk_expr(e->array.elems[i], w);
        break;
    case EX_ARRAY_REPEAT: lx_walk_expr(e->repeat.value, w); break;
    case EX_CLOSURE: lx_walk_block(e->closure.body, w); break;
    case EX_PAREN: lx_walk_expr(e->paren.inner, w); break;
    case EX_COERCE: lx_walk_expr(e->coerce.operand, w); break;
    case EX_VARIANT:
        for (int i = 0; i < e->variant.nargs; i++)
            lx_walk_expr(e->variant.args[i], w);
        break;
    default: break;
    }
}

static void lx_walk_stmt(Stmt *s, const LxWalk *w)
{
    if (w->stmt)
        w->stmt(s, w->ctx);
    switch (s->kind) {
    case ST_LET: case ST_VAR: lx_walk_expr(s->let.init, w); break;
    case ST_ASSIGN: lx_walk_expr(s->assign.target, w); lx_walk_expr(s->assign.value, w); break;
    case ST_EXPR: lx_walk_expr(s->expr.expr, w); break;
    case ST_IF:
        lx_walk_expr(s->if_.cond, w);
        lx_walk_block(s->if_.then, w);
        if (s->if_.els)
            lx_walk_stmt(s->if_.els, w);
        break;
    case ST_WHILE: lx_walk_expr(s->while_.cond, w); lx_walk_block(s->while_.body, w); break;
    case ST_FOR_RANGE:
        lx_walk_expr(s->range.lo, w);
        lx_walk_expr(s->range.hi, w);
        lx_walk_block(s->range.body, w);
        break;
    case ST_FOR_EACH: lx_walk_expr(s->each.seq, w); lx_walk_block(s->each.body, w); break;
    case ST_RETURN: lx_walk_expr(s->ret.value, w); break;
    case ST_ASSERT: lx_walk_expr(s->assert_.cond, w); lx_walk_expr(s->assert_.msg, w); break;
    case ST_BLOCK: case ST_DEFER: lx_walk_block(s->block.block, w); break;
    case ST_LET_MULTI: case ST_ASSIGN_MULTI:
        for (int i = 0; s->kind == ST_ASSIGN_MULTI && i < s->multi.n; i++)
            if (!s->multi.blank[i])
                lx_walk_expr(s->multi.targets[i], w);
        lx_walk_expr(s->multi.value, w);
        break;
    case ST_MATCH:
        lx_walk_expr(s->match.subject, w);
        for (int i = 0; i < s->match.narms; i++)
            if (s->match.arms[i].body)
                lx_walk_stmt(s->match.arms[i].body, w);
        break;
    default: break;
    }
}

static void lx_walk_block(Block *b, const LxWalk *w)
{
    if (!b)
        return;
    for (int i = 0; i < b->nstmts; i++)
        lx_walk_stmt(b->stmts[i], w);
}

/* The root of a place expression: its path walked up through fields and
 * fixed-array elements, and with slices also through slice and pool
 * elements (never a string's). */
static Expr *lx_walk_root(Expr *e, bool slices)
{
    for (;;) {
        if (e->kind == EX_PAREN)
            e = e->paren.inner;
        else if (e->kind == EX_FIELD && e->field.kind == FIELD_STRUCT)
            e = e->field.base;
        else if (e->kind == EX_INDEX && (slices ? e->index.base->type->kind != TY_STRING
                                                : e->index.base->type->kind == TY_ARRAY))
            e = e->index.base;
        else
            return e;
    }
}

/* The local a place expression is rooted at (through fields and fixed
 * array elements), or NULL (slice storage, a call's result...). */
static Local *lx_root_local(Expr *e)
{
    e = lx_walk_root(e, false);
    return e->kind == EX_IDENT && e->ident.sym == SYM_LOCAL ? e->ident.local : NULL;
}

static void lx_note_addr(Expr *e, void *ctx)
{
    if (e->kind != EX_CALL || (e->call.kind != CALL_DIRECT && e->call.kind != CALL_VALUE))
        return;
    for (int i = 0; i < e->call.nargs; i++) {
        Local *l = e->call.args[i]->pass_by_ref ? lx_root_local(e->call.args[i]) : NULL;
        if (l)
            ir_set_add(ctx, l);
    }
}

/* ---- for x in xs: can the body change xs's slice header? ----
 * A place's path runs through fields and elements (of fixed arrays, slices
 * and pools) down to its root: a variable, or a call returning a ref. */

Expr *lx_path_root(Expr *e) { return lx_walk_root(e, true); }

bool lx_same_root(const Expr *a, const Expr *b)
{
    if (a->kind != EX_IDENT || b->kind != EX_IDENT || a->ident.sym != b->ident.sym)
        return false;
    return a->ident.sym == SYM_LOCAL ? a->ident.local == b->ident.local
         : a->ident.sym == SYM_GLOBAL && a->ident.global == b->ident.global;
}

/* The steps (fields, elements) of a place's path, and the path with its
 * last n steps taken off. */
static Expr *lx_path_up(Expr *e, int n)
{
    for (; n > 0; n--) {
        while (e->kind == EX_PAREN)
            e = e->paren.inner;
        e = e->kind == EX_FIELD ? e->field.base : e->index.base;
    }
    while (e->kind == EX_PAREN)
        e = e->paren.inner;
    return e;
}

int lx_path_depth(Expr *e)
{
    int n = 0;
    for (Expr *r = lx_path_root(e), *p = lx_path_up(e, 0); p != r; p = lx_path_up(p, 1))
        n++;
    return n;
}

/* Whether two places may overlap: the same root, and no step where both
 * take different fields of a struct (elements may be the same one). */
bool lx_places_may_overlap(Expr *a, Expr *b)
{
    if (!lx_same_root(lx_path_root(a), lx_path_root(b)))
        return false;
    int da = lx_path_depth(a), db = lx_path_depth(b);
    for (int k = 1; k <= da && k <= db; k++) {
        const Expr *x = lx_path_up(a, da - k), *y = lx_path_up(b, db - k);
        if (x->kind == EX_FIELD && y->kind == EX_FIELD && x->field.index != y->field.index)
            return false;
    }
    return true;
}

/* The locals some reference may name: a ref argument of a user call (or
 * of a call a ref is taken from), the place a `let` binds by reference. */
static void lx_note_alias_of(Expr *e, PtrSet *s)
{
    Expr *r = lx_path_root(e);
    if (r->kind == EX_IDENT && r->ident.sym == SYM_LOCAL)
        ir_set_add(s, r->ident.local);
    else if (r->kind == EX_CALL)
        for (int i = 0; i < r->call.nargs; i++)
            if (r->call.args[i]->pass_by_ref)
                lx_note_alias_of(r->call.args[i], s);
}

static void lx_note_alias_call(Expr *e, void *ctx)
{
    if (e->kind == EX_CALL && e->call.kind != CALL_BUILTIN)
        for (int i = 0; i < e->call.nargs; i++)
            if (e->call.args[i]->pass_by_ref)
                lx_note_alias_of(e->call.args[i], ctx);
}

static void lx_note_alias_let(Stmt *s, void *ctx)
{
    if ((s->kind == ST_LET || s->kind == ST_VAR) && s->let.local->is_ref && s->let.init)
        lx_note_alias_of(s->let.init, ctx);
    else if (s->kind == ST_MATCH && s->match.is_ref)
        lx_note_alias_of(s->match.subject, ctx);
}

/* A root that code other than the loop body's own operations on it may
 * reach: a global, a reference, a local captured, aliased or outer. */
static bool lx_root_shared(Lx *lx, const Expr *r)
{
    if (r->kind == EX_CALL)
        return r->is_ref_value;
    if (r->kind != EX_IDENT || r->ident.sym == SYM_FN)
        return false;
    if (r->ident.sym == SYM_GLOBAL)
        return true;
    const Local *l = r->ident.local;
    return !lx->fn || l->owner != lx->fn || l->is_ref || l->captured || ir_set_has(&lx->aliased, l);
}

static bool lx_type_has_slice(const Type *t)
{
    switch (t->kind) {
    case TY_SLICE: return true;
    case TY_ARRAY: return lx_type_has_slice(t->elem);
    case TY_STRUCT:
        for (int i = 0; i < t->st->nfields; i++)
            if (lx_type_has_slice(t->st->fields[i].type))
                return true;
        return false;
    default: return false;
    }
}

typedef struct LxEachScan {
    Lx *lx;
    Expr *seq;          /* the loop's slice (a place) */
    bool shared;        /* lx_root_shared(root) */
    bool hit;           /* the body may change the slice's header */
} LxEachScan;

static void lx_scan_target(LxEachScan *c, Expr *target)
{
    Expr *r = lx_path_root(target);
    if (lx_same_root(r, lx_path_root(c->seq)))
        c->hit |= lx_places_may_overlap(target, c->seq);
    else
        c->hit |= c->shared && lx_root_shared(c->lx, r);   /* one may refer to the other */
}

static void lx_scan_expr(Expr *e, void *ctx)
{
    LxEachScan *c = ctx;
    if (e->kind != EX_CALL)
        return;
    for (int i = 0; i < e->call.nargs; i++)
        if (e->call.args[i]->pass_by_ref)     /* ref arguments and receivers, push, pop, clear */
            lx_scan_target(c, e->call.args[i]);
    if (e->call.kind != CALL_BUILTIN) {
        c->hit |= c->shared;                  /* a user function may write the root */
        return;
    }
    switch (e->call.builtin) {
    case BI_DELETE: case BI_COPY_INTO: case BI_MOVE_FROM: case BI_DEFAULTS:
        lx_scan_target(c, e->call.args[0]);
        break;
    default: break;
    }
}

static void lx_scan_stmt(Stmt *s, void *ctx)
{
    LxEachScan *c = ctx;
    if (s->kind == ST_ASSIGN && lx_type_has_slice(s->assign.target->type))
        lx_scan_target(c, s->assign.target);
    else if ((s->kind == ST_LET || s->kind == ST_VAR) && s->let.local->is_ref && s->let.init)
        lx_scan_target(c, s->let.init);
    else if (s->kind == ST_MATCH && s->match.is_ref)
        lx_scan_target(c, s->match.subject);
}

/* The slice a slice expression views: xs for xs[i:j] (parentheses
 * dropped), else e itself. */
Expr *lx_view_base(Expr *e)
{
    e = lx_unparen(e);
    return e->kind == EX_SLICE && e->type->kind == TY_SLICE ? lx_unparen(e->slice.base) : e;
}

/* The place a for-each reads through: xs for `for x in xs` over a slice or
 * string place and for `for x in xs[i:j]` over a slice place, else NULL
 * (a call's result...). */
Expr *lx_each_place(Stmt *s)
{
    Expr *seq = lx_view_base(s->each.seq);
    bool kind_ok = seq->type->kind == TY_SLICE || seq->type->kind == TY_STRING;
    return kind_ok && seq->is_place ? seq : NULL;
}

/* `for x in xs` or `for x in xs[i:j]` over a slice place whose header the
 * body may change: the loop must read xs's current header each iteration
 * (lower_stmt.c). Over a string place, only when the body deletes it (or
 * passes it by reference): a string's bytes never move, and an assignment
 * of it leaves the bytes the loop reads alive (Go's loop over the value at
 * its start). */
bool lx_each_rechecks(Lx *lx, Stmt *s)
{
    Expr *seq = lx_each_place(s);
    bool str = seq && seq->type->kind == TY_STRING;
    if (!seq)
        return false;
    Expr *r = lx_path_root(seq);
    if (r->kind != EX_IDENT && !(r->kind == EX_CALL && r->is_ref_value))
        return false;
    LxEachScan c = { .lx = lx, .seq = seq, .shared = !str && lx_root_shared(lx, r) };
    lx_walk_block(s->each.body, &(LxWalk){ lx_scan_expr, lx_scan_stmt, &c });
    return c.hit;
}

/* Whether a place's path reaches through the storage of a slice (an
 * element of a slice, at any step): a push that grows that slice, or an
 * assignment of it, moves the place. */
static bool lx_path_in_slice(Expr *e)
{
    for (Expr *r = lx_path_root(e), *p = lx_path_up(e, 0); p != r; p = lx_path_up(p, 1))
        if (p->kind == EX_INDEX && p->index.base->type->kind == TY_SLICE)
            return true;
    return false;
}

/* `place = value`, a `ref` argument before later ones, a push's receiver:
 * a place evaluated before an expression that may change the header of a
 * slice on the place's path (a push that moves its storage, a pop, an
 * assignment; directly or through a call) must be rebuilt after it, or
 * the store would go to storage given back (lower_stmt.c, lower_call.c). */
bool lx_expr_may_move(Lx *lx, Expr *place, Expr *e)
{
    return place->is_place && lx_path_in_slice(place) && lx_expr_may_change(lx, place, e);
}

/* Whether evaluating e may change the header of a slice on place's path,
 * or of place itself (a slice). */
bool lx_expr_may_change(Lx *lx, Expr *place, Expr *e)
{
    if (!e || !place->is_place)
        return false;
    Expr *r = lx_path_root(place);
    if (r->kind != EX_IDENT && !(r->kind == EX_CALL && r->is_ref_value))
        return false;
    LxEachScan c = { .lx = lx, .seq = place, .shared = lx_root_shared(lx, r) };
    lx_walk_expr(e, &(LxWalk){ lx_scan_expr, lx_scan_stmt, &c });
    return c.hit;
}

/* ---- closures: the env of each closure ---- */

static bool lx_has_local(Local **ls, int n, const Local *l)
{
    for (int i = 0; i < n; i++)
        if (ls[i] == l)
            return true;
    return false;
}

static void lx_add_capture(IrFunc *f, Local *l)
{
    Local **n = NEW_ARRAY(Local *, f->ncaptures + 1);
    if (f->ncaptures)
        memcpy(n, f->captures, sizeof(Local *) * (size_t)f->ncaptures);
    n[f->ncaptures++] = l;
    f->captures = n;
}

/* A closure's env holds the checker's captures plus whatever its nested
 * closures need from further out (they reach it through this env). */
static void lx_closure_envs(IrProgram *ir)
{
    for (int i = 0; i < ir->nfuncs; i++) {
        IrFunc *f = ir->funcs[i];
        if (f->fn->is_closure)
            for (int k = 0; k < f->fn->ncaptures; k++)
                if (!lx_has_local(f->captures, f->ncaptures, f->fn->captures[k]))
                    lx_add_capture(f, f->fn->captures[k]);
    }
    for (bool changed = true; changed;) {
        changed = false;
        for (int i = 0; i < ir->nfuncs; i++) {
            IrFunc *c = ir->funcs[i];
            IrFunc *p = c->fn->is_closure && c->fn->parent ? ir_find_func(ir, c->fn->parent) : NULL;
            if (!p || !p->fn->is_closure)
                continue;
            for (int k = 0; k < c->ncaptures; k++) {
                Local *l = c->captures[k];
                if (l->owner != p->fn && !lx_has_local(p->captures, p->ncaptures, l)) {
                    lx_add_capture(p, l);
                    changed = true;
                }
            }
        }
    }
}

/* ---- functions ---- */

static void lx_no_expr(Expr *e, void *ctx) { (void)e, (void)ctx; }

static void lx_note_defer(Stmt *s, void *ctx)
{
    if (s->kind == ST_DEFER)
        *(bool *)ctx = true;
}

static void lx_function(IrProgram *ir, IrFunc *f)
{
    Lx lx = { .ir = ir, .f = f, .fn = f->fn };
    lx_walk_block(f->fn->body, &(LxWalk){ lx_note_addr, NULL, &lx.addr_taken });
    lx_walk_block(f->fn->body, &(LxWalk){ lx_note_alias_call, lx_note_alias_let, &lx.aliased });
    bool defers = false;    /* a closure's defer counts too: two unused locals at worst */
    lx_walk_block(f->fn->body, &(LxWalk){ lx_no_expr, lx_note_defer, &defers });
    if (defers)
        lx_defer_begin(&lx, f->fn->body);
    lx_block(&lx, f->fn->body);
}

static bool lx_scalar_const(const Global *g)
{
    return g->is_const && g->has_value &&
           (type_is_int(g->type) || g->type->kind == TY_F64 || g->type->kind == TY_BOOL);
}

/* Each initialiser in declaration order, in its own range, then the
 * ranges in the order they run (lower_init.c; after every function is
 * lowered, before reachability and the passes). */
static void lx_globals_init(IrProgram *ir)
{
    const Program *p = ir->prog;
    IrFunc *f = ir_func_new(NULL, "gs__init_globals");
    Lx lx = { .ir = ir, .f = f, .fn = NULL };
    LxInitRange *r = NEW_ARRAY(LxInitRange, p->globals.len + 1);
    int n = 0;
    for (int i = 0; i < p->globals.len; i++) {
        Global *g = VEC_AT(p->globals, Global *, i);
        if (!g->init || lx_scalar_const(g))
            continue;
        r[n++] = (LxInitRange){ g, f->nins, f->ntemps, f->nsites };
        IrOpd v = lx_expr(&lx, g->init);
        IrOpd root = { .kind = OPD_GLOBAL, .type = g->type, .global = g };
        IrIns *in = ir_emit(f, IR_STORE, g->loc);
        in->place = ir_place_root(root, g->type);
        in->a = v;
    }
    r[n] = (LxInitRange){ NULL, f->nins, f->ntemps, f->nsites };
    lx_init_order(ir, f, r, n);
    f->reachable = true;
    ir->init = f;
}

/* ---- reachability: only what main and the initialisers use is emitted ---- */

static void lx_mark(IrProgram *ir, IrFunc *f, IrFunc **stack, int *sp)
{
    if (!f || f->reachable)
        return;
    f->reachable = true;
    stack[(*sp)++] = f;
}

static void lx_reach_from(IrProgram *ir, IrFunc *f, IrFunc **stack, int *sp)
{
    for (int i = 0; i < f->nins; i++) {
        IrIns *in = &f->ins[i];
        if (!in->fn)
            continue;
        IrFunc *g = ir_find_func(ir, in->fn);
        if (g && in->op == IR_FNVAL && !g->fn->is_closure)
            g->used_as_value = true;
        lx_mark(ir, g, stack, sp);
    }
}

static void lx_reachability(IrProgram *ir)
{
    IrFunc **stack = NEW_ARRAY(IrFunc *, ir->nfuncs + 1);
    int sp = 0;
    lx_reach_from(ir, ir->init, stack, &sp);
    lx_mark(ir, ir_find_func(ir, ir->prog->main_fn), stack, &sp);
    while (sp > 0)
        lx_reach_from(ir, stack[--sp], stack, &sp);
}

IrProgram *lower_program(const Program *p, const LowerOptions *o)
{
    IrProgram *ir = NEW(IrProgram);
    ir->prog = p;
    ir->seen_homes = NEW(PtrSet);
    ir->shared_homes = NEW(PtrSet);
    *ir->seen_homes = *ir->shared_homes = (PtrSet){ 0 };
    ir->opt_level = o ? o->opt_level : 0;
    ir->nfuncs = p->fns.len;
    ir->funcs = NEW_ARRAY(IrFunc *, p->fns.len + 1);
    for (int i = 0; i < p->fns.len; i++) {
        FnInst *fn = VEC_AT(p->fns, FnInst *, i);
        ir->funcs[i] = ir_func_new(fn, fn->cname);
    }
    ir_index_funcs(ir);
    lx_closure_envs(ir);
    for (int i = 0; i < ir->nfuncs; i++)
        lx_function(ir, ir->funcs[i]);
    lx_globals_init(ir);
    lx_reachability(ir);
    if (diag_error_count() == 0 && lower_verifying(o))
        ir_verify(ir, "lower");
    return ir;
}

void lower_dump(StrBuf *out, const IrProgram *ir)
{
    ir_dump_func(out, ir->init);
    for (int i = 0; i < ir->nfuncs; i++)
        if (ir->funcs[i]->reachable)
            ir_dump_func(out, ir->funcs[i]);
}
