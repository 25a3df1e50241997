/* lower.c — the lowering driver: one IrFunc per FnInst (closures
 * included), the global initialiser function, closure environments
 * (which locals each closure's env points at, nested closures reaching
 * outer-outer locals through their parent's env), reachability from main,
 * and the --dump=ir listing.
 * Not for: expression/statement lowering (lower_expr.c, lower_stmt.c),
 * optimisation (pass_*.c). */
#include "lower_priv.h"

#include <string.h>

Type *lx_ty(TypeKind k) { return types_prim(k); }

/* ---- a read-only walk over a body, for the address-taken analysis ---- */

typedef void (*LxVisit)(Expr *e, void *ctx);
static void lx_walk_block(Block *b, LxVisit v, void *ctx);

static void lx_walk_expr(Expr *e, LxVisit v, void *ctx)
{
    if (!e)
        return;
    v(e, ctx);
    switch (e->kind) {
    case EX_UNARY: lx_walk_expr(e->unary.operand, v, ctx); break;
    case EX_BINARY: lx_walk_expr(e->binary.lhs, v, ctx); lx_walk_expr(e->binary.rhs, v, ctx); break;
    case EX_CALL:
        if (e->call.kind == CALL_VALUE)
            lx_walk_expr(e->call.callee, v, ctx);
        for (int i = 0; i < e->call.nargs; i++)
            lx_walk_expr(e->call.args[i], v, ctx);
        break;
    case EX_INDEX: lx_walk_expr(e->index.base, v, ctx); lx_walk_expr(e->index.index, v, ctx); break;
    case EX_SLICE:
        lx_walk_expr(e->slice.base, v, ctx);
        lx_walk_expr(e->slice.lo, v, ctx);
        lx_walk_expr(e->slice.hi, v, ctx);
        break;
    case EX_FIELD: lx_walk_expr(e->field.base, v, ctx); break;
    case EX_CAST: lx_walk_expr(e->cast.operand, v, ctx); break;
    case EX_STRUCT_LIT:
        for (int i = 0; i < e->lit.nfields; i++)
            lx_walk_expr(e->lit.fields[i].value, v, ctx);
        break;
    case EX_ARRAY_LIT:
        for (int i = 0; i < e->array.nelems; i++)
            lx_walk_expr(e->array.elems[i], v, ctx);
        break;
    case EX_ARRAY_REPEAT: lx_walk_expr(e->repeat.value, v, ctx); break;
    case EX_CLOSURE: lx_walk_block(e->closure.body, v, ctx); break;
    case EX_PAREN: lx_walk_expr(e->paren.inner, v, ctx); break;
    case EX_COERCE: lx_walk_expr(e->coerce.operand, v, ctx); break;
    default: break;
    }
}

static void lx_walk_stmt(Stmt *s, LxVisit v, void *ctx)
{
    switch (s->kind) {
    case ST_LET: case ST_VAR: lx_walk_expr(s->let.init, v, ctx); break;
    case ST_ASSIGN: lx_walk_expr(s->assign.target, v, ctx); lx_walk_expr(s->assign.value, v, ctx); break;
    case ST_EXPR: lx_walk_expr(s->expr.expr, v, ctx); break;
    case ST_IF:
        lx_walk_expr(s->if_.cond, v, ctx);
        lx_walk_block(s->if_.then, v, ctx);
        if (s->if_.els)
            lx_walk_stmt(s->if_.els, v, ctx);
        break;
    case ST_WHILE: lx_walk_expr(s->while_.cond, v, ctx); lx_walk_block(s->while_.body, v, ctx); break;
    case ST_FOR_RANGE:
        lx_walk_expr(s->range.lo, v, ctx);
        lx_walk_expr(s->range.hi, v, ctx);
        lx_walk_block(s->range.body, v, ctx);
        break;
    case ST_FOR_EACH: lx_walk_expr(s->each.seq, v, ctx); lx_walk_block(s->each.body, v, ctx); break;
    case ST_RETURN: lx_walk_expr(s->ret.value, v, ctx); break;
    case ST_ASSERT: lx_walk_expr(s->assert_.cond, v, ctx); lx_walk_expr(s->assert_.msg, v, ctx); break;
    case ST_BLOCK: lx_walk_block(s->block.block, v, ctx); break;
    default: break;
    }
}

static void lx_walk_block(Block *b, LxVisit v, void *ctx)
{
    if (!b)
        return;
    for (int i = 0; i < b->nstmts; i++)
        lx_walk_stmt(b->stmts[i], v, ctx);
}

/* The local a place expression is rooted at (through fields and fixed
 * array elements), or NULL (slice storage, a call's result...). */
static Local *lx_root_local(Expr *e)
{
    for (;;) {
        if (e->kind == EX_PAREN)
            e = e->paren.inner;
        else if (e->kind == EX_FIELD && e->field.kind == FIELD_STRUCT)
            e = e->field.base;
        else if (e->kind == EX_INDEX && e->index.base->type->kind == TY_ARRAY)
            e = e->index.base;
        else
            break;
    }
    return e->kind == EX_IDENT && e->ident.sym == SYM_LOCAL ? e->ident.local : NULL;
}

static void lx_note_addr(Expr *e, void *ctx)
{
    if (e->kind != EX_CALL || e->call.kind != CALL_DIRECT)
        return;
    for (int i = 0; i < e->call.nargs; i++) {
        Local *l = e->call.args[i]->pass_by_ref ? lx_root_local(e->call.args[i]) : NULL;
        if (l)
            ir_set_add(ctx, l);
    }
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

static void lx_function(IrProgram *ir, IrFunc *f)
{
    Lx lx = { .ir = ir, .f = f, .fn = f->fn };
    lx_walk_block(f->fn->body, lx_note_addr, &lx.addr_taken);
    lx_block(&lx, f->fn->body);
}

static bool lx_scalar_const(const Global *g)
{
    return g->is_const && g->has_value &&
           (type_is_int(g->type) || g->type->kind == TY_F64 || g->type->kind == TY_BOOL);
}

static void lx_globals_init(IrProgram *ir)
{
    const Program *p = ir->prog;
    IrFunc *f = ir_func_new(NULL, "gs__init_globals");
    Lx lx = { .ir = ir, .f = f, .fn = NULL };
    for (int i = 0; i < p->globals.len; i++) {
        Global *g = VEC_AT(p->globals, Global *, i);
        if (!g->init || lx_scalar_const(g))
            continue;
        IrOpd v = lx_expr(&lx, g->init);
        IrOpd root = { .kind = OPD_GLOBAL, .type = g->type, .global = g };
        IrIns *in = ir_emit(f, IR_STORE, g->loc);
        in->place = ir_place_root(root, g->type);
        in->a = v;
    }
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
    if (diag_error_count() > 0)
        return ir;
    ir_verify(ir);
    return ir;
}

void lower_dump(StrBuf *out, const IrProgram *ir)
{
    ir_dump_func(out, ir->init);
    for (int i = 0; i < ir->nfuncs; i++)
        if (ir->funcs[i]->reachable)
            ir_dump_func(out, ir->funcs[i]);
}
