/* check_stmt.c — statements, blocks and scopes, function bodies, closures,
 * and the "missing return" analysis.
 *
 * Scopes are one stack of Local* (NULL marks the start of a block); a
 * function's parameters live in its body's outermost block. A closure is
 * checked where it appears, on top of its enclosing scopes, as its own
 * FnInst (is_closure); naming an enclosing local records a capture.
 * Not for: expressions (check_expr.c, check_access.c, check_call.c). */
#include "check.h"

#include <string.h>

static Type *ty_err(void) { return types_prim(TY_ERROR); }

/* ---- scopes: a stack of entries plus, per name, its innermost entry
 * (so lookups and redeclaration checks do not scan the stack) ---- */
void ck_push_block(void) { vec_push(&ck.blocks, (void *)(intptr_t)ck.scope.len); }

void ck_pop_block(void)
{
    if (ck.blocks.len == 0)
        return;
    intptr_t start = (intptr_t)ck.blocks.items[--ck.blocks.len];
    while (ck.scope.len > start) {
        int i = --ck.scope.len;
        Local *l = ck.scope.items[i];
        map_put(&ck.scope_top, l->name, ck.scope_prev.items[i]);
    }
    ck.scope_prev.len = ck.scope.len;
}

Local *ck_new_local(const char *name, Loc loc, Type *t, FnInst *owner)
{
    Local *l = NEW(Local);
    l->name = name ? name : intern_cstr("_");
    l->loc = loc;
    l->type = t;
    l->owner = owner;
    if (owner) {
        l->id = owner->locals.len;
        vec_push(&owner->locals, l);
    }
    return l;
}

void ck_declare(Local *l)
{
    if (strcmp(l->name, "_") == 0)
        return;
    XREF(xref_local(l->loc, l));
    intptr_t top = (intptr_t)map_get(&ck.scope_top, l->name);
    intptr_t start = ck.blocks.len ? (intptr_t)ck.blocks.items[ck.blocks.len - 1] : 0;
    if (top > start) {
        ck_error(l->loc, "%s redeclared in this block", l->name);
        return;
    }
    if (top > ck.cur.scope_floor)
        ck_warn_shadow(l, ck.scope.items[top - 1]);
    vec_push(&ck.scope, l);
    vec_push(&ck.scope_prev, (void *)top);
    map_put(&ck.scope_top, l->name, (void *)(intptr_t)ck.scope.len);
}

/* ---- reachability: does control never fall off the end? ---- */
static bool st_terminates(const Stmt *s);

static bool block_terminates(const Block *b)
{
    for (int i = 0; b && i < b->nstmts; i++)
        if (st_terminates(b->stmts[i]))
            return true;
    return false;
}

static bool block_breaks(const Block *b);

static bool st_breaks(const Stmt *s)
{
    switch (s->kind) {
    case ST_BREAK: return true;
    case ST_BLOCK: return block_breaks(s->block.block);
    case ST_IF: return block_breaks(s->if_.then) || (s->if_.els && st_breaks(s->if_.els));
    case ST_MATCH:
        for (int i = 0; i < s->match.narms; i++)
            if (s->match.arms[i].body && st_breaks(s->match.arms[i].body))
                return true;
        return false;
    default: return false;  /* a break in a nested loop is that loop's */
    }
}

static bool block_breaks(const Block *b)
{
    for (int i = 0; b && i < b->nstmts; i++)
        if (st_breaks(b->stmts[i]))
            return true;
    return false;
}

static bool expr_noreturn(const Expr *e)
{
    return e && e->kind == EX_CALL && e->call.kind == CALL_BUILTIN
           && (e->call.builtin == BI_PANIC || e->call.builtin == BI_EXIT ||
               e->call.builtin == BI_P_FAIL);
}

static bool st_terminates(const Stmt *s)
{
    const Expr *c;
    switch (s->kind) {
    case ST_RETURN: return true;
    case ST_EXPR: return expr_noreturn(s->expr.expr);
    case ST_BLOCK: return block_terminates(s->block.block);
    case ST_IF: return s->if_.els && block_terminates(s->if_.then) && st_terminates(s->if_.els);
    case ST_MATCH:
        for (int i = 0; i < s->match.narms; i++)
            if (!s->match.arms[i].body || !st_terminates(s->match.arms[i].body))
                return false;
        return s->match.last_is_else;
    case ST_WHILE:
        c = ck_strip(s->while_.cond);
        return c && c->kind == EX_BOOL && c->b.value && !block_breaks(s->while_.body);
    default: return false;
    }
}

/* ---- statements ---- */
void ck_stmt(Stmt *s);

/* Warns once per block about statements after one that never falls through. */
static void ck_stmts(Block *b)
{
    bool warned = false;
    for (int i = 0; b && i < b->nstmts; i++) {
        Stmt *s = b->stmts[i];
        if (!s)
            continue;
        ck_stmt(s);
        if (!warned && (s->kind == ST_BREAK || s->kind == ST_CONTINUE || st_terminates(s))) {
            ck_warn_unreachable(b, i);
            warned = true;
        }
    }
}

static void ck_block(Block *b)
{
    ck_push_block();
    ck_stmts(b);
    ck_pop_block();
}

static void ck_cond(Expr **slot)
{
    Type *t = ck_any(slot, false);
    if (!ck_is_err(t) && t->kind != TY_BOOL)
        ck_error((*slot)->loc, "condition must be bool, found %s", types_spell(t));
}

static void st_let(Stmt *s)
{
    bool var = s->kind == ST_VAR;
    Type *t = s->let.type ? ck_type(s->let.type, TU_VALUE, var ? "a var" : "a let binding") : NULL;
    bool is_ref = false;
    if (s->let.init && t) {
        ck_value(&s->let.init, t);
    } else if (s->let.init) {
        t = ck_any(&s->let.init, false);
        is_ref = !var && s->let.init->is_ref_value && !ck_is_err(t);
    } else if (!var) {
        ck_error(s->loc, "let %s needs a value", s->let.name);
    }
    if (var && s->let.init && ck_may_be_closure(s->let.init))
        ck_error(s->let.init->loc, "a closure cannot be stored in a var (bind it with let)");
    Local *l = ck_new_local(s->let.name, s->let.name_loc.line ? s->let.name_loc : s->loc, t ? t : ty_err(),
                            ck.cur.fn);
    l->is_mutable = var || is_ref;
    l->is_ref = is_ref;
    l->ref_init = is_ref ? s->let.init : NULL;
    s->let.local = l;
    ck_declare(l);
}

static void st_compound(Stmt *s, Type *tt)
{
    BinOp op = (BinOp)s->assign.op;
    if (op == BIN_SHL || op == BIN_SHR) {
        Type *rt = ck_any(&s->assign.value, false);
        if (!ck_is_err(rt) && !type_is_int(rt))
            ck_error(s->assign.value->loc, "shift count must be an integer, found %s", types_spell(rt));
        if (!ck_is_err(tt) && !type_is_int(tt))
            ck_error(s->loc, "operator %s= is not defined on %s", op == BIN_SHL ? "<<" : ">>",
                     types_spell(tt));
        return;
    }
    if (!ck_is_err(tt) && (op >= BIN_EQ || !ck_binop_allows(op, tt))) {
        static const char *const sp[] = {
#define OP_S(id, spl) spl,
            GS_BINOPS(OP_S)
#undef OP_S
        };
        ck_error(s->loc, "operator %s= is not defined on %s", sp[op], types_spell(tt));
        ck_any(&s->assign.value, true);
        return;
    }
    ck_value(&s->assign.value, tt);
}

static bool ck_is_blank(const Expr *e)
{
    return e && e->kind == EX_IDENT && strcmp(e->ident.name, "_") == 0 && !ck_scope_find(e->ident.name);
}

/* Assigning a local is not reading it: it stays unused unless read. A
 * reference is used by writing through it. */
static Type *ck_assign_target(Expr **slot)
{
    Local *l = (*slot)->kind == EX_IDENT ? ck_scope_find((*slot)->ident.name) : NULL;
    if (l && l->is_ref)
        l = NULL;
    bool used = l && l->used;
    Type *t = ck_any(slot, false);
    if (l)
        l->used = used;
    return t;
}

static void st_assign(Stmt *s)
{
    if (ck_is_blank(s->assign.target) && s->assign.op == ASSIGN_SET) {
        /* `_ = e` evaluates e and drops it: an expression statement */
        Expr *value = s->assign.value;
        s->kind = ST_EXPR;
        s->expr.expr = value;
        ck_any(&s->expr.expr, false);
        return;
    }
    Type *tt = ck_assign_target(&s->assign.target);
    if (!ck_is_err(tt))
        ck_place_mutable(s->assign.target, "assign to %s");
    if (s->assign.op != ASSIGN_SET) {
        st_compound(s, tt);
        return;
    }
    ck_value(&s->assign.value, ck_is_err(tt) ? ty_err() : tt);
    if (ck_is_err(tt) && s->assign.value && !s->assign.value->type)
        ck_any(&s->assign.value, true);
    if (ck_may_be_closure(s->assign.value))
        ck_error(s->assign.value->loc, "a closure cannot be assigned (bind it with let)");
}

static void st_if(Stmt *s)
{
    ck_cond(&s->if_.cond);
    ck_block(s->if_.then);
    if (s->if_.els)
        ck_stmt(s->if_.els);
}

static void ck_loop_body(Block *b)
{
    ck.cur.loop_depth++;
    ck_block(b);
    ck.cur.loop_depth--;
}

static void st_while(Stmt *s)
{
    ck_cond(&s->while_.cond);
    ck_loop_body(s->while_.body);
}

static Type *ck_range_type(Stmt *s)
{
    Type *lt = ck_expr(s->range.lo, NULL), *ht = ck_expr(s->range.hi, NULL);
    if (ck_is_err(lt) || ck_is_err(ht))
        return ty_err();
    Type *t = lt->kind == TY_UNTYPED_INT ? ht : lt;
    if (t->kind == TY_UNTYPED_INT)
        t = types_prim(TY_I64);
    bool ok = ck_convert_quiet(&s->range.lo, t) && ck_convert_quiet(&s->range.hi, t);
    if (!ok) {
        ck_error(s->range.lo->loc, "mismatched types %s and %s in range", types_spell(lt), types_spell(ht));
        return ty_err();
    }
    if (!type_is_int(t)) {
        ck_error(s->range.lo->loc, "range bounds must be integers, found %s", types_spell(t));
        return ty_err();
    }
    return t;
}

static void st_range(Stmt *s)
{
    Type *t = ck_range_type(s);
    ck_push_block();
    Local *l = ck_new_local(s->range.var, s->range.var_loc, t, ck.cur.fn);
    s->range.local = l;
    ck_declare(l);
    ck_loop_body(s->range.body);
    ck_pop_block();
}

static Type *ck_elem_of(Expr *seq, Type *t)
{
    if (ck_is_err(t))
        return t;
    if (t->kind == TY_SLICE || t->kind == TY_ARRAY)
        return t->elem;
    if (t->kind == TY_STRING)
        return types_prim(TY_U8);
    ck_error(seq->loc, "cannot iterate over a value of type %s", types_spell(t));
    return ty_err();
}

/* map.Map[K, V] of the standard library (`for k, v in m` visits it). */
static bool ck_is_map(const Type *t)
{
    const StructInst *si = t->kind == TY_STRUCT ? t->st : NULL;
    return si && si->module->is_stdlib && si->decl && si->ntargs == 2 &&
           strcmp(si->module->name, "map") == 0 && strcmp(si->decl->name, "Map") == 0;
}

/* `for k, v in m` / `for k in m`: copies of each key (and value). */
static void st_each_map(Stmt *s, Type *t)
{
    bool has_val = s->each.idx != NULL;
    s->each.map = t->st;
    s->each.map_guard = ck_place_writable(s->each.seq);
    ck_push_block();
    s->each.idx_local = ck_new_local(has_val ? s->each.idx : s->each.val,
                                     has_val ? s->each.idx_loc : s->each.val_loc, t->st->targs[0], ck.cur.fn);
    ck_declare(s->each.idx_local);
    if (has_val) {
        s->each.val_local = ck_new_local(s->each.val, s->each.val_loc, t->st->targs[1], ck.cur.fn);
        ck_declare(s->each.val_local);
    }
    ck_loop_body(s->each.body);
    ck_pop_block();
}

static void st_each(Stmt *s)
{
    Type *t = ck_any(&s->each.seq, false);
    if (ck_is_map(t)) {
        st_each_map(s, t);
        return;
    }
    Type *et = ck_elem_of(s->each.seq, t);
    ck_push_block();
    if (s->each.idx) {
        s->each.idx_local = ck_new_local(s->each.idx, s->each.idx_loc, types_prim(TY_I64), ck.cur.fn);
        ck_declare(s->each.idx_local);
    }
    s->each.val_local = ck_new_local(s->each.val, s->each.val_loc, et, ck.cur.fn);
    ck_declare(s->each.val_local);
    ck_loop_body(s->each.body);
    ck_pop_block();
}

/* A returned reference must outlive the call: rooted at a ref parameter, a
 * slice element, a pool slot, a global, or a ref call whose ref arguments
 * are so rooted (its result may be any of them); a ref local is rooted where
 * its initializer is. */
static bool ck_ref_root(Expr *e)
{
    Expr *s = ck_strip(e);
    switch (s->kind) {
    case EX_IDENT:
        if (s->ident.sym == SYM_GLOBAL && !s->ident.global->is_const)
            return true;
        if (s->ident.sym == SYM_LOCAL && s->ident.local->is_ref)
            return !s->ident.local->ref_init || ck_ref_root(s->ident.local->ref_init);
        if (s->ident.sym == SYM_LOCAL)
            ck_error(e->loc, "cannot return a reference to %s %s", s->ident.local->is_param ? "parameter" : "local",
                     s->ident.name);
        else
            ck_error(e->loc, "cannot return a reference to a constant");
        return false;
    case EX_FIELD:
        if (s->field.kind == FIELD_STRUCT)
            return ck_ref_root(s->field.base);
        break;
    case EX_INDEX:
        if (s->index.base->type->kind == TY_SLICE || s->index.base->type->kind == TY_REUSABLE)
            return true;
        if (s->index.base->type->kind == TY_ARRAY)
            return ck_ref_root(s->index.base);
        break;
    case EX_CALL:
        if (!s->is_ref_value)
            break;
        if (s->call.kind == CALL_DIRECT || s->call.kind == CALL_VALUE) {
            bool ok = true;
            for (int i = 0; i < s->call.nargs; i++)
                if (s->call.args[i]->pass_by_ref)
                    ok &= ck_ref_root(s->call.args[i]);
            return ok;
        }
        return true;
    default: break;
    }
    ck_error(e->loc, "cannot return a reference to a temporary value");
    return false;
}

static void st_return_ref(Stmt *s, Type *want)
{
    Type *t = ck_any(&s->ret.value, false);
    if (ck_is_err(t))
        return;
    if (t != want) {
        ck_error(s->ret.value->loc, "expected %s, found %s", types_spell(want), types_spell(t));
        return;
    }
    if (ck_ref_root(s->ret.value))
        s->ret.value->pass_by_ref = true;
}

static void st_return(Stmt *s)
{
    FnInst *f = ck.cur.fn;
    if (ck.cur.in_defer)
        ck_error(s->loc, "a deferred statement cannot return");
    Type *ret = f ? f->ret : types_prim(TY_VOID);
    if (!s->ret.value) {
        if (ret->kind != TY_VOID && !ck_is_err(ret))
            ck_error(s->loc, "missing return value");
        return;
    }
    if (ret->kind == TY_VOID) {
        ck_any(&s->ret.value, true);
        ck_error(s->ret.value->loc, "unexpected return value in a function without result");
        return;
    }
    if (f->ret_is_ref) {
        st_return_ref(s, ret->elem);
        return;
    }
    ck.results_ok = true;
    if (!ck_is_err(ck_value(&s->ret.value, ret)) && ck_may_be_closure(s->ret.value))
        ck_error(s->ret.value->loc, "a closure cannot be returned");
}

static void st_assert(Stmt *s)
{
    ck_cond(&s->assert_.cond);
    if (s->assert_.msg)
        ck_value(&s->assert_.msg, types_prim(TY_STRING));
}

static void st_jump(Stmt *s)
{
    const char *what = s->kind == ST_BREAK ? "break" : "continue";
    if (ck.cur.loop_depth == 0 && ck.cur.in_defer)
        ck_error(s->loc, "%s cannot leave a deferred statement", what);
    else if (ck.cur.loop_depth == 0)
        ck_error(s->loc, "%s outside a loop", what);
}

/* A call statement drops its results, a result list included. */
static void st_expr(Stmt *s)
{
    ck.results_ok = true;
    ck_any(&s->expr.expr, true);
    ck_warn_unused_result(s->expr.expr);
}

static void st_block(Stmt *s) { ck_block(s->block.block); }

/* defer { ... }: checked where it stands, as its own block; loops inside
 * it may break and continue, nothing may leave it. */
static void st_defer(Stmt *s)
{
    int depth = ck.cur.loop_depth;
    bool in_defer = ck.cur.in_defer;
    ck.cur.loop_depth = 0;
    ck.cur.in_defer = true;
    ck_block(s->block.block);
    ck.cur.loop_depth = depth;
    ck.cur.in_defer = in_defer;
}

typedef void (*StCheck)(Stmt *s);

static const StCheck st_check[ST__COUNT] = {
    [ST_LET] = st_let, [ST_VAR] = st_let, [ST_ASSIGN] = st_assign, [ST_EXPR] = st_expr,
    [ST_IF] = st_if, [ST_WHILE] = st_while, [ST_FOR_RANGE] = st_range, [ST_FOR_EACH] = st_each,
    [ST_BREAK] = st_jump, [ST_CONTINUE] = st_jump, [ST_RETURN] = st_return,
    [ST_ASSERT] = st_assert, [ST_BLOCK] = st_block, [ST_DEFER] = st_defer,
    [ST_LET_MULTI] = ck_let_multi, [ST_ASSIGN_MULTI] = ck_assign_multi,
    [ST_MATCH] = ck_match,
};

void ck_stmt(Stmt *s)
{
    if ((unsigned)s->kind < ST__COUNT && st_check[s->kind])
        st_check[s->kind](s);
}

/* ---- function bodies ---- */
static void ck_declare_params(FnInst *f)
{
    for (int i = 0; i < f->nparams; i++)
        ck_declare(f->params[i]);
}

static void ck_body_in_scope(FnInst *f, Block *body, Loc loc)
{
    ck_push_block();
    ck_declare_params(f);
    ck_stmts(body);
    ck_pop_block();
    f->body = body;
    if (f->ret->kind != TY_VOID && !ck_is_err(f->ret) && !block_terminates(body))
        ck_error(loc, "missing return");
}

void ck_fn_body(FnInst *f)
{
    ModSym *s = map_get(&ck.fn_syms, f);
    if (!f->decl || !f->type)
        return;
    CkCtx saved = ck_enter(f->module, f, s ? s->tparams : NULL, f->targs, f->ntargs);
    ck_body_in_scope(f, f->decl->fn.body, f->decl->loc);
    ck.cur = saved;
}

/* ---- closures ---- */
static void ck_closure_names(FnInst *c)
{
    FnInst *outer = ck_outer_fn(c->parent);
    int n = outer ? ++outer->nclosures : ++ck.global_closures;
    const char *pname = outer ? outer->name : "global";
    const char *pc = outer ? outer->cname : mem_printf(g_arena, "%sglobal", c->module->cprefix);
    c->name = mem_printf(g_arena, "%s$%d", pname, n);
    c->cname = ck_cname(mem_printf(g_arena, "%s__closure%d", pc, n));
}

static void ck_closure_sig(FnInst *c, Expr *e)
{
    int n = e->closure.nparams;
    Type **ps = NEW_ARRAY(Type *, n + 1);
    c->params = NEW_ARRAY(Local *, n + 1);
    c->nparams = n;
    for (int i = 0; i < n; i++) {
        Param *p = &e->closure.params[i];
        if (!p->type)
            ck_error(p->loc, "closure parameter %s needs a type", p->name);
        ps[i] = p->type ? ck_type(p->type, TU_PARAM, "a closure parameter") : ty_err();
        bool is_ref = ps[i]->kind == TY_REF;
        Local *l = ck_new_local(p->name, p->loc, is_ref ? ps[i]->elem : ps[i], c);
        l->is_param = true;
        l->is_ref = is_ref;
        l->is_mutable = is_ref;
        p->local = l;
        c->params[i] = l;
    }
    TypeExpr *rt = e->closure.ret;
    c->ret = !rt ? types_prim(TY_VOID)
           : rt->kind == TE_RESULTS ? ck_results_resolve(rt) : ck_type(rt, TU_RET, "a closure result");
    c->ret_is_ref = c->ret->kind == TY_REF;
    c->type = types_fn(ps, n, c->ret);
}

Type *ck_closure(Expr *e, Type *hint)
{
    FnInst *c = NEW(FnInst);
    c->is_closure = true;
    c->parent = ck.cur.fn;
    c->module = ck.cur.module;
    c->closure_expr = e;
    c->checked = true;
    ck_closure_names(c);
    ck_closure_sig(c, e);
    e->closure.fn = c;
    vec_push(&ck.prog->fns, c);
    CkCtx saved = ck.cur;
    ck.cur.fn = c;
    ck.cur.loop_depth = 0;
    ck.cur.in_defer = false;
    ck_body_in_scope(c, e->closure.body, e->loc);
    ck.cur = saved;
    return c->type;
}
