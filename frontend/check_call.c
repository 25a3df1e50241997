/* check_call.c — calls: direct calls of top-level functions (generic ones
 * with inferred type arguments), method calls (receiver prepended as
 * args[0]), calls of function values, and the dispatch to builtins.
 *
 * Resolution of a callee `f`: a local (a function value), then a name of
 * this module, then a builtin, so a user's `max` shadows the builtin. For
 * `x.m(...)`: a module member when x is an import, else a method of x's
 * struct, else a builtin method of x's type, else a fn-typed field.
 * Not for: the builtins' own rules (check_builtin.c). */
#include "check.h"

#include <string.h>

static Type *ty_err(void) { return types_prim(TY_ERROR); }

/* Checks the arguments not yet checked (after an error), for their own
 * diagnostics and so that no node is left untyped. */
void ck_args_any(Expr *e, int from)
{
    for (int i = from; i < e->call.nargs; i++)
        if (e->call.args[i] && !e->call.args[i]->type)
            ck_any(&e->call.args[i], true);
}

static Type *ck_arity_error(Expr *e, const char *name, int want, int got, int from)
{
    ck_error(e->loc, "wrong number of arguments to %s: expected %d, found %d", name, want, got);
    ck_args_any(e, from);
    return ty_err();
}

/* ---- explicit type arguments ---- */
static const char *ck_callee_spell(const Expr *c)
{
    if (c->kind == EX_IDENT)
        return c->ident.name;
    if (c->kind == EX_FIELD && c->field.base->kind == EX_IDENT)
        return mem_printf(g_arena, "%s.%s", c->field.base->ident.name, c->field.name);
    return c->kind == EX_FIELD ? c->field.name : "this expression";
}

/* A function or method as messages name it: "f", "mod.f", "Box.get". */
static const char *ck_sym_spell(const ModSym *s)
{
    if (s->recv_struct)
        return mem_printf(g_arena, "%s.%s", s->recv_struct->name, s->name);
    if (s->module != ck.cur.module)
        return mem_printf(g_arena, "%s.%s", s->module->name, s->name);
    return s->name;
}

/* Type arguments where no generic function is called: an error, or false. */
static bool ck_no_targs_named(Expr *e, const char *what, const char *name)
{
    if (!e->call.ntargs)
        return true;
    ck_error(e->call.callee->loc, "%s %s takes no type arguments", what, name);
    return false;
}

static bool ck_no_targs(Expr *e, const char *what)
{
    return ck_no_targs_named(e, what, ck_callee_spell(e->call.callee));
}

/* `a[i](x)` where `a` (the callee, checked) names no function: a call of
 * the element call.targ_index selects. */
static bool ck_targs_as_index(Expr *e)
{
    if (!e->call.targ_index)
        return ck_no_targs(e, "value");
    Expr *c = e->call.callee;
    Expr *ix = ast_expr(EX_INDEX, c->loc);
    ix->index.base = c;
    ix->index.index = e->call.targ_index;
    ix->type = ck_index_on(ix, c->type);
    e->call.callee = ix;
    e->call.targs = NULL;
    e->call.ntargs = 0;
    e->call.targ_index = NULL;
    return true;
}

/* The n type arguments tes written for s (at loc) bind its own type
 * parameters (after a method's receiver's) in order: binds[nrecv..]. */
bool ck_bind_targs(ModSym *s, TypeExpr **tes, int n, Loc loc, Type **binds)
{
    int own = s->ntparams - s->nrecv;
    if (n != own) {
        ck_error(loc, "wrong number of type arguments to %s: expected %d, found %d", ck_sym_spell(s), own, n);
        return false;
    }
    bool ok = true;
    for (int i = 0; i < own; i++) {
        binds[s->nrecv + i] = ck_type(tes[i], TU_VALUE, "a type argument");
        ok &= !ck_is_err(binds[s->nrecv + i]);
    }
    return ok;
}

/* The type arguments written at a call of s. */
static bool ck_explicit_targs(Expr *e, ModSym *s, Type **binds)
{
    if (s->ntparams == s->nrecv)
        return ck_no_targs_named(e, s->recv_struct ? "method" : "function", ck_sym_spell(s));
    return ck_bind_targs(s, e->call.targs, e->call.ntargs, e->call.callee->loc, binds);
}

/* "f[T, U]", "mod.f[T]", "x.m[U]": how to write the call's own type
 * parameters. */
static const char *ck_targs_hint(ModSym *s)
{
    StrBuf b = { 0 };
    if (s->recv_struct)
        sb_puts(&b, "x.");
    else if (s->module != ck.cur.module)
        sb_printf(&b, "%s.", s->module->name);
    sb_printf(&b, "%s[", s->name);
    for (int i = s->nrecv; i < s->ntparams; i++)
        sb_printf(&b, "%s%s", i > s->nrecv ? ", " : "", s->tparams[i]);
    sb_putc(&b, ']');
    const char *r = mem_printf(g_arena, "%s", sb_cstr(&b));
    sb_free(&b);
    return r;
}

/* ---- calls of function values ---- */
static Type *ck_call_value_checked(Expr *e)
{
    if (e->call.ntargs && !ck_targs_as_index(e)) {
        ck_args_any(e, 0);
        return ty_err();
    }
    Type *ft = e->call.callee->type;
    if (ck_is_err(ft)) {
        ck_args_any(e, 0);
        return ty_err();
    }
    if (ft->kind != TY_FN) {
        ck_error(e->loc, "cannot call a value of type %s", types_spell(ft));
        ck_args_any(e, 0);
        return ty_err();
    }
    if (e->call.nargs != ft->nparams)
        return ck_arity_error(e, types_spell(ft), ft->nparams, e->call.nargs, 0);
    for (int i = 0; i < e->call.nargs; i++) {
        Type *p = ft->params[i];
        if (!ck_is_err(ck_value(&e->call.args[i], p->kind == TY_REF ? p->elem : p)) && p->kind == TY_REF)
            ck_ref_arg(e->call.args[i], "pass %s by reference");
    }
    e->call.kind = CALL_VALUE;
    if (ft->ret->kind != TY_REF)
        return ft->ret;
    e->is_ref_value = true;
    e->is_place = true;
    return ft->ret->elem;
}

/* ---- direct calls ---- */
static Type *ck_hint_for(Type *p, ModSym *s, Type **binds)
{
    return ck_type_has_param(p) ? ck_subst(p, s->tparams, binds, s->ntparams) : p;
}

/* The pattern an argument is matched against: a `ref T` parameter takes a
 * place of type T, so its argument binds T (`inc(k)` for `x: ref T`). */
static Type *ck_arg_pattern(ModSym *s, int i)
{
    Type *p = s->pparams[i];
    return p && p->kind == TY_REF ? p->elem : p;
}

/* Checks the arguments against the pattern and infers the type arguments;
 * literal arguments default to int only after the typed ones bound. */
static FnInst *ck_infer(Expr *e, ModSym *s, StructInst *recv_st, int off)
{
    Type **binds = NEW_ARRAY(Type *, s->ntparams + 1);
    for (int i = 0; recv_st && i < s->nrecv; i++)
        binds[i] = recv_st->targs[i];
    if (e->call.ntargs && !ck_explicit_targs(e, s, binds)) {
        ck_args_any(e, off);
        return NULL;
    }
    for (int i = off; i < e->call.nargs; i++) {
        Type *p = ck_arg_pattern(s, i);
        Type *t = ck_expr(e->call.args[i], ck_hint_for(p, s, binds));
        if (!ck_is_err(t) && t->kind != TY_UNTYPED_INT && t->kind != TY_NONE)
            ck_unify(p, t, s, binds);
    }
    bool arg_errors = false;
    for (int i = off; i < e->call.nargs; i++) {
        arg_errors |= ck_is_err(e->call.args[i]->type);
        if (e->call.args[i]->type->kind == TY_UNTYPED_INT)
            ck_unify(ck_arg_pattern(s, i), types_prim(TY_I64), s, binds);
    }
    for (int j = 0; j < s->ntparams; j++)
        if (!binds[j]) {
            for (int i = off; i < e->call.nargs; i++)
                if (!ck_is_err(e->call.args[i]->type))
                    ck_settle(&e->call.args[i], true);
            if (!arg_errors)
                ck_error(e->loc, "cannot infer type parameter %s of %s; write %s(...)", s->tparams[j], s->name,
                         ck_targs_hint(s));
            return NULL;
        }
    return ck_fn_instance(s, binds, e->loc);
}

static void ck_direct_arg(Expr *e, int i, FnInst *f, bool prechecked)
{
    Local *p = f->params[i];
    Expr **slot = &e->call.args[i];
    if (!prechecked) {
        ck_value(slot, p->type);
    } else if (!ck_convert_quiet(slot, p->type)) {
        ck_error((*slot)->loc, "expected %s, found %s", types_spell(p->type), types_spell((*slot)->type));
        return;
    }
    if (p->is_ref && !ck_is_err((*slot)->type))
        ck_ref_arg(*slot, "pass %s by reference");
}

static Type *ck_direct_result(Expr *e, FnInst *f)
{
    e->call.kind = CALL_DIRECT;
    e->call.fn = f;
    if (!f->ret_is_ref)
        return f->ret;
    e->is_ref_value = true;
    e->is_place = true;
    return f->ret->elem;
}

/* A call of function or method s; a method call has its receiver (already
 * checked) in args[0]. */
static Type *ck_call_fn(Expr *e, ModSym *s, StructInst *recv_st)
{
    int off = recv_st ? 1 : 0;
    int want = s->decl->fn.nparams, got = e->call.nargs - off;
    if (s->pattern_state == 2 && s->ntparams > 0) {
        ck_args_any(e, off);
        return ty_err();
    }
    if (want != got) {
        const char *name = s->recv_struct ? mem_printf(g_arena, "%s.%s", s->recv_struct->name, s->name)
                                          : s->name;
        return ck_arity_error(e, name, want, got, off);
    }
    bool generic = s->ntparams > 0;
    if (!generic && !ck_no_targs_named(e, s->recv_struct ? "method" : "function", ck_sym_spell(s))) {
        ck_args_any(e, off);
        return ty_err();
    }
    FnInst *f = generic ? ck_infer(e, s, recv_st, off) : s->fn;
    if (!f || !f->type) {
        ck_args_any(e, off);
        return ty_err();
    }
    if (off && f->params[0]->is_ref)
        ck_ref_arg(e->call.args[0], "modify %s");
    for (int i = off; i < e->call.nargs; i++)
        ck_direct_arg(e, i, f, generic);
    Expr *c = e->call.callee;
    c->type = f->type;
    if (c->kind == EX_IDENT) {
        c->ident.sym = SYM_FN;
        c->ident.fn = f;
    }
    return ck_direct_result(e, f);
}

static Type *ck_call_sym(Expr *e, ModSym *s)
{
    Expr *c = e->call.callee;
    switch (s->kind) {
    case MS_FN: return ck_call_fn(e, s, NULL);
    case MS_GLOBAL:
        c->type = ck_ident_sym(c, s);
        return ck_call_value_checked(e);
    case MS_STRUCT:
        ck_error(c->loc, "%s is a type, not a function (write %s{...})", s->name, s->name);
        break;
    default:
        ck_error(c->loc, "module %s is not a function", s->name);
        break;
    }
    ck_args_any(e, 0);
    return ty_err();
}

static Type *ck_call_ident(Expr *e, Type *hint)
{
    Expr *c = e->call.callee;
    const char *name = c->ident.name;
    XREF(xref_names_at(c->loc));
    Local *l = ck_find_local(name, c->loc);
    XREF(xref_local(c->loc, l));
    if (l) {
        c->type = ck_ident_value(c, l);
        return ck_call_value_checked(e);
    }
    ModSym *s = ck_lookup_sym(ck.cur.module, name);
    XREF(xref_sym(c->loc, name, s));
    if (s)
        return ck_call_sym(e, s);
    BuiltinId b = ck_builtin_lookup(name, false);
    if (b) {
        XREF(xref_builtin(c->loc, name, NULL));
        c->type = types_prim(TY_VOID);
        if (!ck_no_targs(e, "builtin")) {
            ck_args_any(e, 0);
            return ty_err();
        }
        return ck_builtin_call(e, b, hint);
    }
    ck_error_unknown(c->loc, ck_habit_fn_hint(e, name), ck_hint_or(ck_import_hint(name), ck_suggest_name(name)),
                     "unknown function %s", name);
    ck_args_any(e, 0);
    return ty_err();
}

/* ---- x.m(...) ---- */
static void ck_prepend_receiver(Expr *e, Expr *recv)
{
    Expr **args = NEW_ARRAY(Expr *, e->call.nargs + 1);
    args[0] = recv;
    if (e->call.nargs)
        memcpy(args + 1, e->call.args, sizeof(Expr *) * (size_t)e->call.nargs);
    e->call.args = args;
    e->call.nargs++;
}

static ModSym *ck_method_lookup(StructInst *si, const char *name)
{
    ModScope *sc = mod_scope(si->module);
    const char *key = intern_cstr(mem_printf(g_arena, "%s.%s", si->decl->name, name));
    return map_get(&sc->methods, key);
}

static Type *ck_call_member(Expr *e, Module *m)
{
    Expr *c = e->call.callee;
    const char *mod = c->field.base->ident.name, *name = c->field.name;
    ModSym *s = ck_lookup_sym(m, name);
    XREF(xref_member(c, m, s));
    if (!s || s->kind == MS_IMPORT) {
        ck_error(c->loc, "module %s has no member %s%s", mod, name, ck_suggest_member(m, name));
        ck_args_any(e, 0);
        return ty_err();
    }
    c->kind = EX_IDENT;
    memset(&c->ident, 0, sizeof c->ident);
    c->ident.name = name;
    return ck_call_sym(e, s);
}

static bool ck_struct_has_field(StructInst *si, const char *name)
{
    if (!ck_struct_complete(si))
        return false;
    for (int i = 0; i < si->nfields; i++)
        if (si->fields[i].name == name)
            return true;
    return false;
}

static Type *ck_call_field(Expr *e, Type *hint)
{
    Expr *c = e->call.callee;
    Module *m = ck_module_alias(c->field.base);
    if (m)
        return ck_call_member(e, m);
    Type *bt = ck_any(&c->field.base, false);
    if (ck_is_err(bt)) {
        ck_args_any(e, 0);
        return ty_err();
    }
    XREF(xref_members_at(c->field.name_loc, bt));
    if (bt->kind == TY_STRUCT) {
        ModSym *ms = ck_method_lookup(bt->st, c->field.name);
        XREF(xref_sym(c->field.name_loc, c->field.name, ms));
        if (ms) {
            ck_prepend_receiver(e, c->field.base);
            return ck_call_fn(e, ms, bt->st);
        }
        if (ck_struct_has_field(bt->st, c->field.name)) {
            ck_field_resolve(c, bt);
            return ck_call_value_checked(e);
        }
    } else {
        bool found = false;
        if (e->call.ntargs && ck_builtin_lookup(c->field.name, true)) {
            ck_no_targs(e, "builtin method");
            ck_args_any(e, 0);
            return ty_err();
        }
        Type *t = ck_builtin_method(e, bt, c->field.name, &found);
        if (found) {
            XREF(xref_builtin(c->field.name_loc, c->field.name, bt));
            return t;
        }
    }
    ck_error_unknown(c->loc, ck_habit_hint(c->field.base, bt, c->field.name, true),
                     ck_suggest_method(bt, c->field.name), "type %s has no method %s", types_spell(bt),
                     c->field.name);
    ck_args_any(e, 0);
    return ty_err();
}

Type *ck_call(Expr *e, Type *hint)
{
    Expr *c = e->call.callee;
    if (!c)
        return ty_err();
    if (c->kind == EX_FIELD && ck_names_enum(c->field.base))
        return ck_variant(e, c, e, hint);
    if (e->call.arg_names) {
        ck_error(e->loc, "only an enum variant takes named arguments (name: value)");
        ck_args_any(e, 0);
        return ty_err();
    }
    if (c->kind == EX_IDENT)
        return ck_call_ident(e, hint);
    if (c->kind == EX_FIELD)
        return ck_call_field(e, hint);
    ck_any(&e->call.callee, false);
    return ck_call_value_checked(e);
}
