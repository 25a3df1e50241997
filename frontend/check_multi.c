/* check_multi.c — functions with several results: the result list type
 * `(A, B)`, `return (a, b)`, and the places a result list may go: taken
 * apart at once (`let (q, r) = f()`, `var (x, _) = f()`, `p, q = f()`),
 * dropped by a call statement, or returned whole by `return f()`.
 *
 * A result list is a struct (StructInst.is_results) without a declaration,
 * one per list of types, named by them (gs_results__i64__str); its fields
 * are r0, r1, ... A value of it exists only between the call and the
 * statement that takes it apart: ck_expr refuses it anywhere else (the
 * statements above set ck.results_ok for the one expression they check).
 * Not for: calls themselves (check_call.c) or lowering. */
#include "check.h"

#include <string.h>

static Type *ty_err(void) { return types_prim(TY_ERROR); }

bool ck_is_results(const Type *t)
{
    return t && t->kind == TY_STRUCT && t->st->is_results;
}

static const char *ck_results_spell(Type **ts, int n)
{
    StrBuf b = { 0 };
    sb_putc(&b, '(');
    for (int i = 0; i < n; i++)
        sb_printf(&b, "%s%s", i ? ", " : "", types_spell(ts[i]));
    sb_putc(&b, ')');
    const char *s = intern(b.data, b.len);
    sb_free(&b);
    return s;
}

/* The one result list type of these result types. */
Type *ck_results_type(Type **ts, int n)
{
    StrBuf b = { 0 };
    sb_puts(&b, "gs_results");
    for (int i = 0; i < n; i++)
        sb_printf(&b, "__%s", types_mangle(ts[i]));
    const char *key = intern(b.data, b.len);
    sb_free(&b);
    StructInst *si = map_get(&ck.results, key);
    if (si)
        return si->type;
    si = NEW(StructInst);
    si->is_results = true;
    si->module = ck.prog->main_module;
    si->ntargs = si->nfields = n;
    si->targs = mem_dup(g_arena, ts, sizeof(Type *) * (size_t)n);
    si->fields = NEW_ARRAY(FieldInfo, n);
    for (int i = 0; i < n; i++)
        si->fields[i] = (FieldInfo){ intern_cstr(mem_printf(g_arena, "r%d", i)), ts[i], (Loc){ 0 } };
    si->name = ck_results_spell(ts, n);
    si->cname = ck_cname(key);
    si->complete = true;
    si->type = types_struct(si);
    map_put(&ck.results, key, si);
    vec_push(&ck.structs, si);
    return si->type;
}

/* `(A, B)` written as a function's results. */
Type *ck_results_resolve(TypeExpr *te)
{
    Type **ts = NEW_ARRAY(Type *, te->nargs + 1);
    for (int i = 0; i < te->nargs; i++) {
        ts[i] = ck_type(te->args[i], TU_VALUE, "a result list");
        if (ck_is_err(ts[i]))
            return te->resolved = ty_err();
    }
    return te->resolved = ck_results_type(ts, te->nargs);
}

/* A result list with its type parameters replaced (generic instances). */
Type *ck_results_subst(Type *t, const char **names, Type **types, int n)
{
    StructInst *si = t->st;
    Type **ts = NEW_ARRAY(Type *, si->ntargs + 1);
    for (int i = 0; i < si->ntargs; i++)
        if (!(ts[i] = ck_subst(si->targs[i], names, types, n)))
            return NULL;
    return ck_results_type(ts, si->ntargs);
}

/* A result list where none may go: one message, and an error type. */
Type *ck_results_misplaced(Expr *e, Type *t)
{
    ck_error(e->loc, "a result list %s cannot be stored or passed; take it apart with "
             "`let (a, b) = ...` or return it whole", types_spell(t));
    return ty_err();
}

/* `(a, b)`: only as the value of `return` in a function with as many results. */
Type *ck_tuple(Expr *e, Type *hint)
{
    int n = e->array.nelems;
    if (!ck_is_results(hint) || hint->st->nfields != n) {
        for (int i = 0; i < n; i++)
            ck_any(&e->array.elems[i], false);
        if (!hint && ck.cur.fn && ck_is_err(ck.cur.fn->ret))
            return ty_err();    /* the results were reported already */
        if (ck_is_results(hint))
            ck_error(e->loc, "%d values returned, but the function has %d results", n, hint->st->nfields);
        else if (hint)
            ck_error(e->loc, "a list of %d results where %s is expected", n, types_spell(hint));
        else
            ck_error(e->loc, "a list of results (a, b) may only be returned by a function with several results");
        return ty_err();
    }
    bool bad = false;
    for (int i = 0; i < n; i++) {
        bad |= ck_is_err(ck_value(&e->array.elems[i], hint->st->fields[i].type));
        if (ck_may_be_closure(e->array.elems[i]))
            bad = true, ck_error(e->array.elems[i]->loc, "a closure cannot be returned");
    }
    return bad ? ty_err() : hint;
}

/* The value of a LET_MULTI or ASSIGN_MULTI: a call with s->multi.n results. */
static Type *ck_multi_value(Stmt *s)
{
    ck.results_ok = true;
    Type *t = ck_any(&s->multi.value, false);
    ck.results_ok = false;
    if (ck_is_err(t))
        return NULL;
    if (!ck_is_results(t)) {
        ck_error(s->multi.value->loc, "%d %s taken apart, but the value is one %s, not a call with several results",
                 s->multi.n, s->kind == ST_LET_MULTI ? "names" : "places", types_spell(t));
        return NULL;
    }
    if (t->st->nfields != s->multi.n) {
        ck_error(s->multi.value->loc, "%d %s, but the call has %d results %s", s->multi.n,
                 s->kind == ST_LET_MULTI ? "names" : "places", t->st->nfields, types_spell(t));
        return NULL;
    }
    return t;
}

static bool ck_is_blank_name(const Expr *e)
{
    return e && e->kind == EX_IDENT && strcmp(e->ident.name, "_") == 0;
}

/* let (a, _) = f(), var (a, b) = f(): one binding per name but `_`. */
void ck_let_multi(Stmt *s)
{
    Type *t = ck_multi_value(s);
    s->multi.locals = NEW_ARRAY(Local *, s->multi.n + 1);
    for (int i = 0; i < s->multi.n; i++) {
        Expr *name = s->multi.targets[i];
        if (ck_is_blank_name(name))
            continue;
        Local *l = ck_new_local(name->ident.name, name->loc, t ? t->st->fields[i].type : ty_err(), ck.cur.fn);
        l->is_mutable = s->multi.is_var;
        s->multi.locals[i] = l;
        ck_declare(l);
    }
}

/* p, _ = f(): each place but `_`, left to right, must take its result as is. */
void ck_assign_multi(Stmt *s)
{
    int n = s->multi.n;
    Type **tt = NEW_ARRAY(Type *, n + 1);
    s->multi.blank = NEW_ARRAY(bool, n + 1);
    for (int i = 0; i < n; i++) {
        Expr **slot = &s->multi.targets[i];
        s->multi.blank[i] = ck_is_blank_name(*slot) && !ck_scope_find((*slot)->ident.name);
        if (s->multi.blank[i])
            continue;
        tt[i] = ck_any(slot, false);
        if (!ck_is_err(tt[i]))
            ck_place_mutable(*slot, "assign to %s");
    }
    Type *t = ck_multi_value(s);
    for (int i = 0; t && i < n; i++) {
        Type *rt = t->st->fields[i].type;
        if (!s->multi.blank[i] && !ck_is_err(tt[i]) && tt[i] != rt)
            ck_error(s->multi.targets[i]->loc, "cannot assign result %d of type %s to %s", i + 1,
                     types_spell(rt), types_spell(tt[i]));
    }
}
