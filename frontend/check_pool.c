/* check_pool.c — slice pool frees that name another pool's span, found at
 * compile time (issue 27): `p.free(x)` where x is `let x = q.alloc(n)` (or
 * `q.alloc_slice(n)`), n an integer constant above 0, and p and q two
 * different slice pools (`reusable[] T`, `pool.slice_pool[T]`). Such a free
 * always stops with "pool free of a slice that is not a live span of this
 * pool" at run time; here it is a compile error at the free's argument.
 *
 * Sound only when p and q cannot share storage, since a copy of a pool
 * value shares its spans (`p = q` then `p.free(x)` runs): both must be
 * locals or globals declared `var` with no initializer or an empty struct
 * literal, and named nowhere in the program except as the receiver of a
 * pool method (alloc, free, and the slice_pool methods). Any other use (an
 * assignment, a copy, a ref argument, a field) and the pool is not proven
 * distinct, so nothing is said. Runs once after every body is checked, over
 * every function (closures and generic instances are functions of their
 * own) and every global initializer.
 * Not for: frees through references, fields or function parameters (the
 * runtime check reports those). */
#include "check.h"

#include <string.h>

typedef struct PoolScan {
    Map declared;   /* Local* or Global* -> 1: declared as a fresh pool */
    Map escaped;    /* Local* or Global* -> 1: named other than as a receiver */
    Map spans;      /* let Local* -> the alloc call that initialises it */
    Vec frees;      /* Expr*: pool free calls */
} PoolScan;

static bool ps_is_slice_pool(const Type *t)
{
    if (t && t->kind == TY_REUSABLE_SLICE)
        return true;
    if (!t || t->kind != TY_STRUCT || !t->st->decl || !t->st->module || !t->st->module->is_stdlib)
        return false;
    return strcmp(t->st->decl->name, "slice_pool") == 0 && strcmp(t->st->module->name, "pool") == 0;
}

/* The pool method a call is, by name ("alloc", "free", "alloc_slice"...),
 * or NULL: a builtin method of `reusable[] T` or a method of slice_pool. */
static const char *ps_method(const Expr *e)
{
    if (e->kind != EX_CALL || e->call.nargs < 1)
        return NULL;
    if (e->call.kind == CALL_BUILTIN) {
        Expr *r = e->call.args[0];
        if (!r->type || r->type->kind != TY_REUSABLE_SLICE)
            return NULL;
        return e->call.builtin == BI_R_ALLOC ? "alloc" : e->call.builtin == BI_R_FREE ? "free" : NULL;
    }
    FnInst *f = e->call.kind == CALL_DIRECT ? e->call.fn : NULL;
    if (!f || !f->is_method || f->nparams < 1 || !ps_is_slice_pool(f->params[0]->type))
        return NULL;
    return f->decl ? f->decl->name : NULL;
}

/* The Local or Global a plain name of a pool refers to, else NULL. */
static const void *ps_pool_var(Expr *e)
{
    e = ck_strip(e);
    if (!e || e->kind != EX_IDENT || !ps_is_slice_pool(e->type))
        return NULL;
    if (e->ident.sym == SYM_LOCAL)
        return e->ident.local;
    return e->ident.sym == SYM_GLOBAL ? (const void *)e->ident.global : NULL;
}

/* A fresh pool's initializer: none, or `pool.slice_pool[T]{}`. */
static bool ps_fresh_init(const Expr *init)
{
    return !init || (init->kind == EX_STRUCT_LIT && init->lit.nfields == 0);
}

/* An integer constant above 0: a literal or a named constant. */
static bool ps_positive_const(Expr *e)
{
    e = ck_strip(e);
    if (!e || !e->type || !type_is_int(e->type))
        return false;
    if (e->kind == EX_INT)
        return (int64_t)e->i.value > 0;
    if (e->kind == EX_IDENT && e->ident.sym == SYM_GLOBAL) {
        Global *g = e->ident.global;
        return g->is_const && g->has_value && g->ivalue > 0;
    }
    return false;
}

static void ps_expr(PoolScan *ps, Expr *e);

static void ps_exprs(PoolScan *ps, Expr **es, int n)
{
    for (int i = 0; i < n; i++)
        ps_expr(ps, es[i]);
}

static void ps_expr(PoolScan *ps, Expr *e)
{
    if (!e)
        return;
    switch (e->kind) {
    case EX_IDENT:
        if (e->ident.sym == SYM_LOCAL && e->ident.local)
            map_put(&ps->escaped, e->ident.local, (void *)1);
        else if (e->ident.sym == SYM_GLOBAL && e->ident.global)
            map_put(&ps->escaped, e->ident.global, (void *)1);
        break;
    case EX_UNARY: ps_expr(ps, e->unary.operand); break;
    case EX_BINARY: ps_expr(ps, e->binary.lhs); ps_expr(ps, e->binary.rhs); break;
    case EX_CALL: {
        const char *m = ps_method(e);
        if (e->call.kind == CALL_VALUE)
            ps_expr(ps, e->call.callee);
        /* a pool method's receiver, a plain name, is not an escape */
        bool recv = m && ps_pool_var(e->call.args[0]);
        if (e->call.nargs > (int)recv)      /* args is NULL when there are none */
            ps_exprs(ps, e->call.args + recv, e->call.nargs - recv);
        if (m && strcmp(m, "free") == 0 && e->call.nargs == 2)
            vec_push(&ps->frees, e);
        break;
    }
    case EX_INDEX: ps_expr(ps, e->index.base); ps_expr(ps, e->index.index); break;
    case EX_SLICE: ps_expr(ps, e->slice.base); ps_expr(ps, e->slice.lo); ps_expr(ps, e->slice.hi); break;
    case EX_FIELD: ps_expr(ps, e->field.base); break;
    case EX_CAST: ps_expr(ps, e->cast.operand); break;
    case EX_STRUCT_LIT:
        for (int i = 0; i < e->lit.nfields; i++)
            ps_expr(ps, e->lit.fields[i].value);
        break;
    case EX_ARRAY_LIT: case EX_SLICE_LIT: case EX_TUPLE: ps_exprs(ps, e->array.elems, e->array.nelems); break;
    case EX_ARRAY_REPEAT: ps_expr(ps, e->repeat.value); break;
    case EX_PAREN: ps_expr(ps, e->paren.inner); break;
    case EX_COERCE: ps_expr(ps, e->coerce.operand); break;
    case EX_VARIANT: ps_exprs(ps, e->variant.args, e->variant.nargs); break;
    default: break;
    }
}

static void ps_block(PoolScan *ps, Block *b);

static void ps_stmt(PoolScan *ps, Stmt *s)
{
    switch (s->kind) {
    case ST_LET: case ST_VAR: {
        Local *l = s->let.local;
        Expr *init = s->let.init ? ck_strip(s->let.init) : NULL;
        if (l && s->kind == ST_VAR && ps_is_slice_pool(l->type) && ps_fresh_init(init))
            map_put(&ps->declared, l, (void *)1);
        const char *m = init ? ps_method(init) : NULL;
        if (l && s->kind == ST_LET && !l->is_mutable && !l->is_ref && m &&
            (strcmp(m, "alloc") == 0 || strcmp(m, "alloc_slice") == 0) && init->call.nargs == 2 &&
            ps_pool_var(init->call.args[0]) && ps_positive_const(init->call.args[1]))
            map_put(&ps->spans, l, init);
        ps_expr(ps, s->let.init);
        break;
    }
    case ST_ASSIGN: ps_expr(ps, s->assign.target); ps_expr(ps, s->assign.value); break;
    case ST_EXPR: ps_expr(ps, s->expr.expr); break;
    case ST_IF:
        ps_expr(ps, s->if_.cond);
        ps_block(ps, s->if_.then);
        if (s->if_.els)
            ps_stmt(ps, s->if_.els);
        break;
    case ST_WHILE: ps_expr(ps, s->while_.cond); ps_block(ps, s->while_.body); break;
    case ST_FOR_RANGE:
        ps_expr(ps, s->range.lo);
        ps_expr(ps, s->range.hi);
        ps_block(ps, s->range.body);
        break;
    case ST_FOR_EACH: ps_expr(ps, s->each.seq); ps_block(ps, s->each.body); break;
    case ST_RETURN: ps_expr(ps, s->ret.value); break;
    case ST_ASSERT: ps_expr(ps, s->assert_.cond); ps_expr(ps, s->assert_.msg); break;
    case ST_BLOCK: case ST_DEFER: ps_block(ps, s->block.block); break;
    case ST_LET_MULTI: case ST_ASSIGN_MULTI:
        for (int i = 0; s->kind == ST_ASSIGN_MULTI && i < s->multi.n; i++)
            if (!s->multi.blank[i])
                ps_expr(ps, s->multi.targets[i]);
        ps_expr(ps, s->multi.value);
        break;
    case ST_MATCH:
        ps_expr(ps, s->match.subject);
        for (int i = 0; i < s->match.narms; i++)
            if (s->match.arms[i].body)
                ps_stmt(ps, s->match.arms[i].body);
        break;
    default: break;
    }
}

static void ps_block(PoolScan *ps, Block *b)
{
    for (int i = 0; b && i < b->nstmts; i++)
        ps_stmt(ps, b->stmts[i]);
}

static bool ps_distinct(const PoolScan *ps, const void *v)
{
    return v && map_get(&ps->declared, v) && !map_get(&ps->escaped, v);
}

static const char *ps_name(Expr *e)
{
    return ck_strip(e)->ident.name;
}

void ck_pool_frees(Program *p)
{
    PoolScan ps = { 0 };
    for (int i = 0; i < p->globals.len; i++) {
        Global *g = VEC_AT(p->globals, Global *, i);
        if (!g->is_const && ps_is_slice_pool(g->type) && ps_fresh_init(g->init ? ck_strip(g->init) : NULL))
            map_put(&ps.declared, g, (void *)1);
        ps_expr(&ps, g->init);
    }
    for (int i = 0; i < p->fns.len; i++)
        ps_block(&ps, VEC_AT(p->fns, FnInst *, i)->body);
    for (int i = 0; i < ps.frees.len; i++) {
        Expr *e = VEC_AT(ps.frees, Expr *, i);
        Expr *x = ck_strip(e->call.args[1]);
        if (x->kind != EX_IDENT || x->ident.sym != SYM_LOCAL)
            continue;
        Expr *alloc = map_get(&ps.spans, x->ident.local);
        if (!alloc)
            continue;
        const void *from = ps_pool_var(alloc->call.args[0]), *in = ps_pool_var(e->call.args[0]);
        if (from != in && ps_distinct(&ps, from) && ps_distinct(&ps, in))
            ck_error(x->loc, "free of a span of pool %s in pool %s: it can only be freed by the pool that allocated it",
                     ps_name(alloc->call.args[0]), ps_name(e->call.args[0]));
    }
}
