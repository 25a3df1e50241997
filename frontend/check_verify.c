/* check_verify.c — a self-check of the checker's output, run when the
 * environment variable GOOSE_CHECK_VERIFY is set (tests and fuzzing): after
 * a successful check, every expression of every function and global must
 * carry a concrete type (no TY_ERROR, TY_PARAM, TY_UNTYPED_INT, TY_NONE),
 * every identifier a symbol and every call a kind. A violation is an
 * internal error (exit 2), which is what the fuzzers look for.
 * Not for: user diagnostics (a violation is a checker bug, not a user's). */
#include "check.h"

#include <stdlib.h>

static bool vf_bad_type(const Type *t)
{
    if (!t)
        return true;
    switch (t->kind) {
    case TY_ERROR: case TY_PARAM: case TY_UNTYPED_INT: case TY_NONE: return true;
    default: return t->elem ? vf_bad_type(t->elem) : false;
    }
}

static void vf_expr(const Expr *e, const char *where);

static void vf_exprs(Expr *const *es, int n, const char *where)
{
    for (int i = 0; i < n; i++)
        vf_expr(es[i], where);
}

static void vf_fail(const Expr *e, const char *what, const char *where)
{
    fatal_internal("checker left %s on an expression (kind %d) at %d:%d in %s", what, e->kind,
                   e->loc.line, e->loc.col, where);
}

static void vf_children(const Expr *e, const char *where)
{
    switch (e->kind) {
    case EX_UNARY: vf_expr(e->unary.operand, where); break;
    case EX_BINARY: vf_expr(e->binary.lhs, where); vf_expr(e->binary.rhs, where); break;
    case EX_CALL:
        if (e->call.kind == CALL_NONE)
            vf_fail(e, "an unresolved call", where);
        if (e->call.kind == CALL_VALUE)
            vf_expr(e->call.callee, where);
        vf_exprs(e->call.args, e->call.nargs, where);
        break;
    case EX_INDEX: vf_expr(e->index.base, where); vf_expr(e->index.index, where); break;
    case EX_SLICE:
        vf_expr(e->slice.base, where);
        if (e->slice.lo)
            vf_expr(e->slice.lo, where);
        if (e->slice.hi)
            vf_expr(e->slice.hi, where);
        break;
    case EX_FIELD:
        if (e->field.kind == FIELD_NONE)
            vf_fail(e, "an unresolved field", where);
        vf_expr(e->field.base, where);
        break;
    case EX_CAST: vf_expr(e->cast.operand, where); break;
    case EX_STRUCT_LIT:
        for (int i = 0; i < e->lit.nfields; i++)
            vf_expr(e->lit.fields[i].value, where);
        break;
    case EX_ARRAY_LIT: case EX_SLICE_LIT: case EX_TUPLE: vf_exprs(e->array.elems, e->array.nelems, where); break;
    case EX_ARRAY_REPEAT: vf_expr(e->repeat.value, where); break;
    case EX_PAREN: vf_expr(e->paren.inner, where); break;
    case EX_COERCE: vf_expr(e->coerce.operand, where); break;
    case EX_VARIANT: vf_exprs(e->variant.args, e->variant.nargs, where); break;
    case EX_IDENT:
        if (e->ident.sym == SYM_NONE)
            vf_fail(e, "an unresolved name", where);
        break;
    default: break;
    }
}

static void vf_expr(const Expr *e, const char *where)
{
    if (!e)
        fatal_internal("checker left a NULL expression in %s", where);
    if (vf_bad_type(e->type))
        vf_fail(e, "a bad type", where);
    vf_children(e, where);
}

static void vf_block(const Block *b, const char *where);

static void vf_stmt(const Stmt *s, const char *where)
{
    switch (s->kind) {
    case ST_LET: case ST_VAR:
        if (!s->let.local || vf_bad_type(s->let.local->type))
            fatal_internal("checker left a bad local in %s", where);
        if (s->let.init)
            vf_expr(s->let.init, where);
        break;
    case ST_ASSIGN: vf_expr(s->assign.target, where); vf_expr(s->assign.value, where); break;
    case ST_EXPR: vf_expr(s->expr.expr, where); break;
    case ST_IF:
        vf_expr(s->if_.cond, where);
        vf_block(s->if_.then, where);
        if (s->if_.els)
            vf_stmt(s->if_.els, where);
        break;
    case ST_WHILE: vf_expr(s->while_.cond, where); vf_block(s->while_.body, where); break;
    case ST_FOR_RANGE:
        vf_expr(s->range.lo, where);
        vf_expr(s->range.hi, where);
        vf_block(s->range.body, where);
        break;
    case ST_FOR_EACH: vf_expr(s->each.seq, where); vf_block(s->each.body, where); break;
    case ST_RETURN: if (s->ret.value) vf_expr(s->ret.value, where); break;
    case ST_ASSERT:
        vf_expr(s->assert_.cond, where);
        if (s->assert_.msg)
            vf_expr(s->assert_.msg, where);
        break;
    case ST_BLOCK: case ST_DEFER: vf_block(s->block.block, where); break;
    case ST_LET_MULTI: case ST_ASSIGN_MULTI:
        for (int i = 0; s->kind == ST_ASSIGN_MULTI && i < s->multi.n; i++)
            if (!s->multi.blank[i])
                vf_expr(s->multi.targets[i], where);
        vf_expr(s->multi.value, where);
        break;
    case ST_MATCH:
        vf_expr(s->match.subject, where);
        for (int i = 0; i < s->match.narms; i++)
            if (s->match.arms[i].body)
                vf_stmt(s->match.arms[i].body, where);
        break;
    default: break;
    }
}

static void vf_block(const Block *b, const char *where)
{
    for (int i = 0; b && i < b->nstmts; i++)
        vf_stmt(b->stmts[i], where);
}

void ck_verify(const Program *p)
{
    if (!getenv("GOOSE_CHECK_VERIFY"))
        return;
    for (int i = 0; i < p->fns.len; i++) {
        FnInst *f = VEC_AT(p->fns, FnInst *, i);
        if (!f->body || !f->type || !f->cname)
            fatal_internal("checker left function %s incomplete", f->name ? f->name : "?");
        vf_block(f->body, f->name);
    }
    for (int i = 0; i < p->globals.len; i++) {
        Global *g = VEC_AT(p->globals, Global *, i);
        if (vf_bad_type(g->type))
            fatal_internal("checker left global %s with a bad type", g->name);
        if (g->init)
            vf_expr(g->init, g->name);
    }
    for (int i = 0; i < p->structs.len; i++) {
        StructInst *si = VEC_AT(p->structs, StructInst *, i);
        for (int j = 0; j < si->nfields; j++)
            if (vf_bad_type(si->fields[j].type))
                fatal_internal("checker left struct %s with a bad field", si->name);
    }
}
