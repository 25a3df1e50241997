/* check_generic.c — generics: the signature of a generic function over
 * TY_PARAM ("pattern"), unification of argument types against it,
 * substitution, and the creation of function instances.
 *
 * An instance is one FnInst per (declaration, type arguments), made on
 * first use, appended to Program.fns and checked later from the worklist
 * with a clone of the generic body. Names: Goose spelling "max[int]",
 * "Stack[int].push_item"; C names gs_<mod>_max__i64,
 * gs_<mod>_Stack__i64_push_item. Instantiation is bounded in depth and
 * count so a self-expanding generic cannot run away.
 * Not for: checking the bodies (check_stmt.c) or the calls (check_call.c). */
#include "check.h"

#include <string.h>

const char *ck_targs_spell(Type **targs, int n)
{
    StrBuf b = { 0 };
    for (int i = 0; i < n; i++)
        sb_printf(&b, "%s%s", i ? ", " : "", types_spell(targs[i]));
    const char *s = intern(b.data ? b.data : "", b.len);
    sb_free(&b);
    return s;
}

/* The signature with every type parameter as TY_PARAM, resolved once from
 * the original declaration (errors in it are reported once, here). */
bool ck_pattern_sig(ModSym *s)
{
    if (s->pattern_state)
        return s->pattern_state == 1;
    Type **pt = NEW_ARRAY(Type *, s->ntparams + 1);
    for (int i = 0; i < s->ntparams; i++)
        pt[i] = types_param(s->tparams[i]);
    int errors = diag_error_count();
    CkCtx saved = ck_enter(s->module, NULL, s->tparams, pt, s->ntparams);
    Decl *d = ast_clone_decl(s->decl);   /* the original stays pristine for instances */
    int has_recv = d->fn.recv != NULL;
    s->npparams = has_recv + d->fn.nparams;
    s->pparams = NEW_ARRAY(Type *, s->npparams + 1);
    if (has_recv)
        s->pparams[0] = ck_type(d->fn.recv->type, TU_PARAM, "a parameter");
    for (int i = 0; i < d->fn.nparams; i++)
        s->pparams[has_recv + i] = ck_type(d->fn.params[i].type, TU_PARAM, "a parameter");
    s->pret = d->fn.ret ? ck_type(d->fn.ret, TU_RET, "a result") : types_prim(TY_VOID);
    ck.cur = saved;
    s->pattern_state = diag_error_count() == errors ? 1 : 2;
    return s->pattern_state == 1;
}

static int ck_tparam_index(ModSym *s, const char *name)
{
    for (int i = 0; i < s->ntparams; i++)
        if (s->tparams[i] == name)
            return i;
    return -1;
}

static bool ck_unify_list(Type **p, Type **a, int n, ModSym *s, Type **binds)
{
    for (int i = 0; i < n; i++)
        if (!ck_unify(p[i], a[i], s, binds))
            return false;
    return true;
}

/* Binds the parameters of s in pattern p so that p matches the actual type
 * a. A mismatch is not reported here: the argument's conversion reports it
 * with the substituted types. An optional pattern also matches its element
 * (the argument will be coerced T -> ?T). */
bool ck_unify(Type *p, Type *a, ModSym *s, Type **binds)
{
    if (!p || !a || ck_is_err(a))
        return false;
    if (p->kind == TY_PARAM) {
        int i = ck_tparam_index(s, p->name);
        if (i < 0)
            return p == a;
        if (!binds[i])
            binds[i] = a;
        return binds[i] == a;
    }
    if (p->kind == TY_OPTIONAL && a->kind != TY_OPTIONAL)
        return ck_unify(p->elem, a, s, binds);
    if (p->kind != a->kind)
        return false;
    switch (p->kind) {
    case TY_ARRAY:
        return p->len == a->len && ck_unify(p->elem, a->elem, s, binds);
    case TY_SLICE: case TY_OPTIONAL: case TY_REF: case TY_REUSABLE: case TY_REUSABLE_SLICE:
        return ck_unify(p->elem, a->elem, s, binds);
    case TY_FN:
        return p->nparams == a->nparams && ck_unify_list(p->params, a->params, p->nparams, s, binds)
               && ck_unify(p->ret, a->ret, s, binds);
    case TY_STRUCT:
        return p->st->decl == a->st->decl && p->st->ntargs == a->st->ntargs
               && ck_unify_list(p->st->targs, a->st->targs, p->st->ntargs, s, binds);
    default:
        return p == a;
    }
}

static Type *ck_subst_struct(Type *t, const char **names, Type **types, int n)
{
    StructInst *si = t->st;
    Type **targs = NEW_ARRAY(Type *, si->ntargs + 1);
    for (int i = 0; i < si->ntargs; i++) {
        targs[i] = ck_subst(si->targs[i], names, types, n);
        if (!targs[i])
            return NULL;
    }
    ModSym *s = ck_find_struct_sym(si);
    StructInst *r = s ? ck_struct_inst(s, targs, si->ntargs, si->decl->loc) : NULL;
    return r ? r->type : NULL;
}

/* t with the named parameters replaced; NULL when one is still unbound. */
Type *ck_subst(Type *t, const char **names, Type **types, int n)
{
    if (!t || !ck_type_has_param(t))
        return t;
    Type *e;
    switch (t->kind) {
    case TY_PARAM:
        for (int i = 0; i < n; i++)
            if (names[i] == t->name)
                return types[i];
        return NULL;
    case TY_ARRAY:
        e = ck_subst(t->elem, names, types, n);
        return e ? types_array(e, t->len) : NULL;
    case TY_SLICE: case TY_OPTIONAL: case TY_REF:
        e = ck_subst(t->elem, names, types, n);
        return !e ? NULL : t->kind == TY_SLICE ? types_slice(e)
                         : t->kind == TY_OPTIONAL ? types_optional(e) : types_ref(e);
    case TY_REUSABLE: case TY_REUSABLE_SLICE:
        e = ck_subst(t->elem, names, types, n);
        return e ? types_reusable(e, t->kind == TY_REUSABLE_SLICE) : NULL;
    case TY_STRUCT:
        return t->st->is_results ? ck_results_subst(t, names, types, n) : ck_subst_struct(t, names, types, n);
    case TY_FN: {
        Type **ps = NEW_ARRAY(Type *, t->nparams + 1);
        for (int i = 0; i < t->nparams; i++)
            if (!(ps[i] = ck_subst(t->params[i], names, types, n)))
                return NULL;
        Type *r = ck_subst(t->ret, names, types, n);
        return r ? types_fn(ps, t->nparams, r) : NULL;
    }
    default:
        return t;
    }
}

/* ---- instances ---- */
static FnInst *ck_find_instance(ModSym *s, Type **targs)
{
    for (int i = 0; i < s->insts.len; i++) {
        FnInst *f = VEC_AT(s->insts, FnInst *, i);
        bool same = true;
        for (int j = 0; j < s->ntparams && same; j++)
            same = f->targs[j] == targs[j];
        if (same)
            return f;
    }
    return NULL;
}

/* Why an instance with these type arguments would be one too many, or NULL. */
const char *ck_inst_limit_msg(Type **targs, int n, int depth)
{
    if (depth > CK_MAX_INST_DEPTH)
        return mem_printf(g_arena, "generic instantiation too deep (limit %d nested instances)",
                          CK_MAX_INST_DEPTH);
    if (ck.ninsts >= CK_MAX_INSTS)
        return mem_printf(g_arena, "too many generic instances (limit %d)", CK_MAX_INSTS);
    for (int i = 0, size = 0; i < n; i++) {
        size += ck_type_size(targs[i], CK_MAX_TARG_SIZE + 1);
        if (ck_type_depth(targs[i]) > CK_MAX_TARG_DEPTH)
            return mem_printf(g_arena, "generic instantiation too deep (a type argument nested "
                              "more than %d levels)", CK_MAX_TARG_DEPTH);
        if (size > CK_MAX_TARG_SIZE)
            return mem_printf(g_arena, "generic instantiation too deep (type arguments larger "
                              "than %d type constructors)", CK_MAX_TARG_SIZE);
    }
    return NULL;
}

static bool ck_inst_limits(Type **targs, int n, int depth, Loc loc)
{
    const char *msg = ck_inst_limit_msg(targs, n, depth);
    if (msg && !ck.too_deep_reported) {
        ck.too_deep_reported = true;
        ck_error(loc, "%s", msg);
    }
    return !msg;
}

static const char *ck_mangles(Type **targs, int n)
{
    StrBuf b = { 0 };
    for (int i = 0; i < n; i++)
        sb_printf(&b, "__%s", types_mangle(targs[i]));
    const char *s = intern(b.data ? b.data : "", b.len);
    sb_free(&b);
    return s;
}

/* Goose and C names of an instance. */
static bool ck_inst_names(FnInst *f, ModSym *s, Type **targs, Loc loc)
{
    int own = s->ntparams - s->nrecv;
    Type **owna = targs + s->nrecv;
    const char *ospell = own ? mem_printf(g_arena, "[%s]", ck_targs_spell(owna, own)) : "";
    if (!s->recv_struct) {
        f->name = mem_printf(g_arena, "%s%s", s->name, ospell);
        f->cname = ck_cname(mem_printf(g_arena, "%s%s%s", s->module->cprefix, s->name, ck_mangles(targs, s->ntparams)));
        return true;
    }
    StructInst *rs = s->recv_struct->st;
    if (s->nrecv)
        rs = ck_struct_inst(s->recv_struct, targs, s->nrecv, loc);
    if (!rs)
        return false;
    f->name = mem_printf(g_arena, "%s.%s%s", rs->name, s->name, ospell);
    f->cname = ck_cname(mem_printf(g_arena, "%s_%s%s", rs->cname, s->name, ck_mangles(owna, own)));
    return true;
}

FnInst *ck_fn_instance(ModSym *s, Type **targs, Loc loc)
{
    if (!ck_pattern_sig(s))
        return NULL;
    FnInst *f = ck_find_instance(s, targs);
    if (f)
        return f;
    FnInst *from = ck_outer_fn(ck.cur.fn);
    int depth = (from ? from->inst_depth : 0) + 1;
    if (!ck_inst_limits(targs, s->ntparams, depth, loc))
        return NULL;
    ck.ninsts++;
    f = NEW(FnInst);
    if (!ck_inst_names(f, s, targs, loc))
        return NULL;
    f->decl = ast_clone_decl(s->decl);
    f->module = s->module;
    f->targs = mem_dup(g_arena, targs, sizeof(Type *) * (size_t)s->ntparams);
    f->ntargs = s->ntparams;
    f->is_inline = s->decl->fn.is_inline;
    f->is_method = s->decl->fn.recv != NULL;
    f->inst_loc = loc;
    f->inst_from = from;
    f->inst_depth = depth;
    vec_push(&s->insts, f);
    vec_push(&ck.prog->fns, f);
    map_put(&ck.fn_syms, f, s);
    ck_fn_sig(f, s);
    return f;
}
