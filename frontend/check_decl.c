/* check_decl.c — declarations: resolving written types (TypeExpr -> Type),
 * struct instances and their fields, function signatures, type parameter
 * lists, and globals and constants.
 *
 * Everything here is resolved on demand (a struct's fields when first
 * needed, a global when first named) with state flags that turn a cycle
 * into an error instead of a loop. Each entry point switches the checking
 * context (module, type parameter bindings) and restores it.
 * Not for: expressions and statements (check_expr.c, check_stmt.c) or
 * generic inference (check_generic.c). */
#include "check.h"

#include <string.h>

static Type *ty_err(void) { return types_prim(TY_ERROR); }

/* ---- type predicates ---- */
bool ck_type_has_param(const Type *t)
{
    if (!t)
        return false;
    switch (t->kind) {
    case TY_PARAM: return true;
    case TY_FN:
        for (int i = 0; i < t->nparams; i++)
            if (ck_type_has_param(t->params[i]))
                return true;
        return ck_type_has_param(t->ret);
    case TY_STRUCT:
        for (int i = 0; i < t->st->ntargs; i++)
            if (ck_type_has_param(t->st->targs[i]))
                return true;
        return false;
    default: return t->elem ? ck_type_has_param(t->elem) : false;
    }
}

int ck_type_depth(const Type *t)
{
    if (!t)
        return 0;
    int d = t->elem ? ck_type_depth(t->elem) : 0;
    for (int i = 0; t->kind == TY_FN && i < t->nparams; i++) {
        int p = ck_type_depth(t->params[i]);
        d = p > d ? p : d;
    }
    if (t->kind == TY_FN && ck_type_depth(t->ret) > d)
        d = ck_type_depth(t->ret);
    for (int i = 0; t->kind == TY_STRUCT && i < t->st->ntargs; i++) {
        int p = ck_type_depth(t->st->targs[i]);
        d = p > d ? p : d;
    }
    return d + 1;
}

/* Nodes in t (struct arguments included), counting stops at cap: a
 * generic that doubles its argument each step must not build huge names. */
int ck_type_size(const Type *t, int cap)
{
    if (!t || cap <= 0)
        return 0;
    int n = 1;
    if (t->elem)
        n += ck_type_size(t->elem, cap - n);
    for (int i = 0; t->kind == TY_FN && i < t->nparams && n < cap; i++)
        n += ck_type_size(t->params[i], cap - n);
    if (t->kind == TY_FN && n < cap)
        n += ck_type_size(t->ret, cap - n);
    for (int i = 0; t->kind == TY_STRUCT && i < t->st->ntargs && n < cap; i++)
        n += ck_type_size(t->st->targs[i], cap - n);
    return n;
}

/* ---- the size of a value ----
 * C's size and alignment of t as the emitter lays it out (emit-c's
 * cm_csize) on LP64, or -1 while unknown (a struct whose fields are not
 * resolved yet; a type parameter). Sizes above TY_HUGE count as TY_HUGE,
 * so sums and products stay in range. */
#define TY_HUGE ((int64_t)1 << 40)
static const int8_t ty_scalar_bytes[TY__COUNT] = {
    [TY_BOOL] = 1, [TY_I8] = 1, [TY_U8] = 1, [TY_I16] = 2, [TY_U16] = 2,
    [TY_I32] = 4, [TY_U32] = 4, [TY_I64] = 8, [TY_U64] = 8, [TY_F64] = 8,
    [TY_STRING] = 16, [TY_SLICE] = 24, [TY_FN] = 16, [TY_REF] = 8,
    [TY_REUSABLE] = 56, [TY_REUSABLE_SLICE] = 24,   /* gs_slots, gs_spans */
};

static int64_t ty_round_up(int64_t n, int64_t a) { return (n + a - 1) / a * a; }

static int64_t ty_bytes(const Type *t, int64_t *align);

/* An enum: a C enum (4 bytes), or the u32 tag then a union of the payloads. */
static int64_t ty_enum_bytes(StructInst *st, int64_t *align)
{
    int64_t us = 0, ua = 1, fa;
    for (int i = 1; i < st->nfields; i++) {
        int64_t fs = ty_bytes(st->fields[i].type, &fa);
        if (fs < 0)
            return -1;
        us = fs > us ? fs : us;
        ua = fa > ua ? fa : ua;
    }
    *align = ua > 4 ? ua : 4;
    return st->nfields == 0 ? 4 : ty_round_up(ty_round_up(4, ua) + us, *align);
}

static int64_t ty_fields_bytes(StructInst *st, int64_t *align)
{
    if (st->is_enum)
        return ty_enum_bytes(st, align);
    int64_t off = 0, al = 1, fa;
    for (int i = 0; i < st->nfields; i++) {
        int64_t fs = ty_bytes(st->fields[i].type, &fa);
        if (fs < 0)
            return -1;
        off = ty_round_up(off, fa) + fs;
        off = off > TY_HUGE ? TY_HUGE : off;
        al = fa > al ? fa : al;
    }
    *align = al;
    return st->nfields == 0 ? 1 : ty_round_up(off, al);
}

/* Once per struct; unknown inside itself (a struct that contains itself
 * is reported elsewhere) or while a field's struct is incomplete. */
static int64_t ty_struct_bytes(StructInst *st, int64_t *align)
{
    if (st->sizing == 2) {
        *align = st->align;
        return st->bytes;
    }
    if (st->sizing == 1 || !st->complete)
        return -1;
    st->sizing = 1;
    st->bytes = ty_fields_bytes(st, &st->align);
    st->sizing = st->bytes < 0 ? 0 : 2;
    *align = st->align;
    return st->bytes;
}

static int64_t ty_bytes(const Type *t, int64_t *align)
{
    int64_t es, ea = 1;
    *align = 1;
    switch (t->kind) {
    case TY_OPTIONAL:           /* struct { bool has; T val; } */
        es = ty_bytes(t->elem, &ea);
        *align = ea;
        return es < 0 ? -1 : ty_round_up(ea + es, ea);
    case TY_ARRAY:              /* struct { T a[len > 0 ? len : 1]; } */
        es = ty_bytes(t->elem, align);
        if (es < 0)
            return -1;
        return t->len > TY_HUGE / es ? TY_HUGE : es * (t->len > 0 ? t->len : 1);
    case TY_STRUCT:
        return ty_struct_bytes(t->st, align);
    default:
        es = t->kind < TY__COUNT ? ty_scalar_bytes[t->kind] : 0;
        *align = es > 8 ? 8 : es > 0 ? es : 1;
        return es > 0 ? es : -1;
    }
}

/* Where C cannot hold n elements of elem: an error at loc, and false. */
bool ck_array_fits(Type *elem, int64_t n, Loc loc)
{
    int64_t al, es = ty_bytes(elem, &al);
    if (es < 0 || n <= CK_MAX_BYTES / es)
        return true;
    const char *bytes = n > INT64_MAX / es ? "more than 9223372036854775807"
                                           : mem_printf(g_arena, "%lld", (long long)(n * es));
    ck_error(loc, "array of %lld elements of %s is too large (%s bytes; the limit is %lld)",
             (long long)n, types_spell(elem), bytes, (long long)CK_MAX_BYTES);
    return false;
}

/* A struct's fields together may pass the limit each stays under. */
static void ck_struct_fits(StructInst *si)
{
    int64_t al, n = ty_struct_bytes(si, &al);
    if (n > CK_MAX_BYTES)
        ck_error(si->decl->loc, "struct %s is too large (%lld bytes; the limit is %lld)",
                 si->name, (long long)n, (long long)CK_MAX_BYTES);
}

/* All globals together stay under the limit too (one data segment). */
static void ck_global_fits(Decl *d, Type *t)
{
    int64_t al, n = ck_is_err(t) ? -1 : ty_bytes(t, &al);
    if (n < 0 || ck.global_bytes > CK_MAX_BYTES)
        return;
    ck.global_bytes += n;
    if (ck.global_bytes > CK_MAX_BYTES)
        ck_error(d->loc, "global %s makes the globals too large (%lld bytes together; the limit is %lld)",
                 d->name, (long long)ck.global_bytes, (long long)CK_MAX_BYTES);
}

/* ---- primitive type names ---- */
static const struct { const char *name; TypeKind kind; } ty_names[] = {
    { "bool", TY_BOOL }, { "i8", TY_I8 }, { "i16", TY_I16 }, { "i32", TY_I32 },
    { "i64", TY_I64 }, { "int", TY_I64 }, { "u8", TY_U8 }, { "u16", TY_U16 },
    { "u32", TY_U32 }, { "u64", TY_U64 }, { "uint", TY_U64 }, { "f64", TY_F64 },
    { "string", TY_STRING },
};

/* The i-th builtin type name, NULL past the last. */
const char *ck_prim_name(int i)
{
    return i >= 0 && (size_t)i < sizeof ty_names / sizeof ty_names[0] ? ty_names[i].name : NULL;
}

Type *ck_prim_named(const char *name)
{
    for (size_t i = 0; i < sizeof ty_names / sizeof ty_names[0]; i++)
        if (strcmp(ty_names[i].name, name) == 0)
            return types_prim(ty_names[i].kind);
    return NULL;
}

/* ---- TypeExpr -> Type ---- */
static Type *ty_resolve(TypeExpr *te, bool ref_ok, const char *where);

static Module *ty_module(TypeExpr *te)
{
    if (!te->module)
        return ck.cur.module;
    ModSym *imp = ck_lookup_sym(ck.cur.module, te->module);
    if (!imp || imp->kind != MS_IMPORT) {
        ck_error(te->loc, "unknown module %s%s", te->module,
                 ck_hint_or(ck_import_hint(te->module), ck_suggest_import(te->module)));
        return NULL;
    }
    return imp->target;
}

static Type *ty_bound(const char *name)
{
    for (int i = 0; i < ck.cur.ntb; i++)
        if (ck.cur.tnames[i] == name)
            return ck.cur.ttypes[i] ? ck.cur.ttypes[i] : types_param(name);
    return NULL;
}

static bool ty_arg_count(TypeExpr *te, ModSym *s)
{
    int np = s->decl->struct_.ntparams;
    if (np == te->nargs)
        return true;
    if (np == 0)
        ck_error(te->loc, "struct %s is not generic", s->name);
    else if (te->nargs == 0)
        ck_error(te->loc, "generic struct %s needs type arguments: %s[...]", s->name, s->name);
    else
        ck_error(te->loc, "wrong number of type arguments to %s: expected %d, found %d", s->name,
                 np, te->nargs);
    return false;
}

static Type *ty_name(TypeExpr *te)
{
    XREF(xref_types_at(te));
    if (!te->module && te->nargs == 0) {
        Type *t = ty_bound(te->name);
        if (!t)
            t = ck_prim_named(te->name);
        if (t)
            return t;
    }
    Module *m = ty_module(te);
    if (!m)
        return ty_err();
    ModSym *s = ck_lookup_sym(m, te->name);
    XREF(xref_type_name(te, s));
    if (!s || s->kind != MS_STRUCT) {
        ck_error_unknown(te->loc, te->module ? "" : ck_habit_name_hint(te->name, true), ck_suggest_type(te->name, m),
                         "unknown type %s%s%s", te->module ? te->module : "", te->module ? "." : "", te->name);
        return ty_err();
    }
    if (!ty_arg_count(te, s))
        return ty_err();
    if (te->nargs == 0)
        return s->st ? s->st->type : ty_err();
    Type **targs = NEW_ARRAY(Type *, te->nargs);
    for (int i = 0; i < te->nargs; i++) {
        targs[i] = ty_resolve(te->args[i], false, "a type argument");
        if (ck_is_err(targs[i]))
            return ty_err();
    }
    StructInst *si = ck_struct_inst(s, targs, te->nargs, te->loc);
    return si ? si->type : ty_err();
}

static Type *ty_array(TypeExpr *te)
{
    int64_t n = 0;
    bool ok = te->len && const_int64(te->len, "an array length", &n);
    if (ok && n < 0) {
        ck_error(te->len->loc, "array length %lld is negative", (long long)n);
        ok = false;
    }
    Type *elem = ty_resolve(te->elem, false, "an array element");
    if (!ok || ck_is_err(elem) || !ck_array_fits(elem, n, te->loc))
        return ty_err();
    return types_array(elem, n);
}

static Type *ty_fn(TypeExpr *te)
{
    Type **ps = NEW_ARRAY(Type *, te->nargs + 1);
    bool bad = false;
    for (int i = 0; i < te->nargs; i++) {
        ps[i] = ty_resolve(te->args[i], true, "a function type");
        bad |= ck_is_err(ps[i]);
    }
    Type *ret = !te->elem ? types_prim(TY_VOID)
              : te->elem->kind == TE_RESULTS ? ck_results_resolve(te->elem)
              : ty_resolve(te->elem, true, "a function type");
    if (bad || ck_is_err(ret))
        return ty_err();
    return types_fn(ps, te->nargs, ret);
}

static Type *ty_wrapped(TypeExpr *te, const char *where)
{
    Type *e = ty_resolve(te->elem, false, where);
    if (ck_is_err(e))
        return e;
    switch (te->kind) {
    case TE_SLICE: return types_slice(e);
    case TE_OPTIONAL: return types_optional(e);
    case TE_REUSABLE: return types_reusable(e, false);
    default: return types_reusable(e, true);
    }
}

static Type *ty_resolve(TypeExpr *te, bool ref_ok, const char *where)
{
    if (!te)
        return ty_err();
    Type *t;
    switch (te->kind) {
    case TE_NAME: t = ty_name(te); break;
    case TE_ARRAY: t = ty_array(te); break;
    case TE_SLICE: t = ty_wrapped(te, "a slice element"); break;
    case TE_OPTIONAL: t = ty_wrapped(te, "an optional"); break;
    case TE_REUSABLE: case TE_REUSABLE_SLICE: t = ty_wrapped(te, "a pool"); break;
    case TE_FN: t = ty_fn(te); break;
    case TE_RESULTS:
        ck_error(te->loc, "a result list type is only allowed as the results of a function, not in %s", where);
        t = ty_err();
        break;
    case TE_REF:
        if (!ref_ok) {
            ck_error(te->loc, "a ref type is not allowed in %s", where);
            t = ty_err();
            break;
        }
        t = ty_resolve(te->elem, false, "a ref type");
        t = ck_is_err(t) ? t : types_ref(t);
        break;
    default: t = ty_err(); break;
    }
    te->resolved = t;
    return t;
}

Type *ck_type(TypeExpr *te, TypeUse use, const char *where)
{
    if (te && te->kind == TE_RESULTS && use == TU_RET)
        return ck_results_resolve(te);
    return ty_resolve(te, use != TU_VALUE, where);
}

/* ---- struct instances ---- */
static bool ck_same_targs(Type **a, Type **b, int n)
{
    for (int i = 0; i < n; i++)
        if (a[i] != b[i])
            return false;
    return true;
}

static bool ck_too_deep(Type **targs, int n, Loc loc)
{
    const char *msg = ck_inst_limit_msg(targs, n, 0);
    if (msg && !ck.too_deep_reported) {
        ck.too_deep_reported = true;
        ck_error(loc, "%s", msg);
    }
    return msg != NULL;
}

static const char *ck_targs_mangle(Type **targs, int n)
{
    StrBuf b = { 0 };
    for (int i = 0; i < n; i++)
        sb_printf(&b, "__%s", types_mangle(targs[i]));
    const char *s = intern(b.data ? b.data : "", b.len);
    sb_free(&b);
    return s;
}

StructInst *ck_struct_inst(ModSym *s, Type **targs, int n, Loc loc)
{
    for (int i = 0; i < s->insts.len; i++) {
        StructInst *si = VEC_AT(s->insts, StructInst *, i);
        if (si->ntargs == n && ck_same_targs(si->targs, targs, n))
            return si;
    }
    if (ck_too_deep(targs, n, loc))
        return NULL;
    ck.ninsts++;
    StructInst *si = NEW(StructInst);
    si->module = s->module;
    si->decl = s->decl;
    si->ntargs = n;
    si->targs = n ? mem_dup(g_arena, targs, sizeof(Type *) * (size_t)n) : NULL;
    si->name = n ? mem_printf(g_arena, "%s[%s]", s->name, ck_targs_spell(targs, n)) : s->name;
    si->cname = ck_cname(mem_printf(g_arena, "%s%s%s", s->module->cprefix, s->name, ck_targs_mangle(targs, n)));
    si->type = types_struct(si);
    si->is_enum = s->decl->struct_.is_enum;
    vec_push(&s->insts, si);
    vec_push(&ck.structs, si);
    return si;
}

static void ck_struct_fields(StructInst *si)
{
    Decl *d = si->decl;
    si->fields = NEW_ARRAY(FieldInfo, d->struct_.nfields + 1);
    for (int i = 0; i < d->struct_.nfields; i++) {
        FieldDecl *fd = &d->struct_.fields[i];
        for (int j = 0; j < i; j++)
            if (d->struct_.fields[j].name == fd->name && si->ntargs == 0)
                ck_error(fd->loc, "field %s redeclared in struct %s", fd->name, d->name);
        /* an instance resolves its own copy: array lengths are expressions */
        TypeExpr *te = si->ntargs ? ast_clone_type(fd->type) : fd->type;
        si->fields[i] = (FieldInfo){ fd->name, ck_type(te, TU_VALUE, "a struct field"), fd->loc };
    }
    si->nfields = d->struct_.nfields;
}

/* Resolves the fields (once). False while they are being resolved (a
 * struct whose field types need the struct itself, e.g. through a const). */
bool ck_struct_complete(StructInst *si)
{
    if (si->complete)
        return true;
    if (map_get(&ck.structs_busy, si)) {
        ck_error(si->decl->loc, "the fields of struct %s depend on the struct itself", si->name);
        return false;
    }
    map_put(&ck.structs_busy, si, (void *)1);
    CkCtx saved = ck_enter(si->module, NULL, si->decl->struct_.tparams, si->targs, si->ntargs);
    if (si->is_enum)
        ck_enum_fields(si);
    else
        ck_struct_fields(si);
    ck.cur = saved;
    si->complete = true;
    ck_struct_fits(si);
    map_put(&ck.structs_busy, si, NULL);
    return true;
}

/* ---- type parameters of a function or method ---- */
static bool ck_recv_tparams(ModSym *s, Vec *names)
{
    TypeExpr *te = s->decl->fn.recv->type;
    if (te->kind == TE_REF)
        te = te->elem;
    int np = s->recv_struct->decl->struct_.ntparams;
    if (te->nargs != np) {
        ck_error(te->loc, np ? "the receiver must name the type parameters of %s: %s[...]"
                             : "struct %s is not generic", s->recv_struct->name, s->recv_struct->name);
        return false;
    }
    for (int i = 0; i < te->nargs; i++) {
        TypeExpr *a = te->args[i];
        if (a->kind != TE_NAME || a->module || a->nargs || ck_prim_named(a->name)) {
            ck_error(a->loc, "receiver type arguments must be type parameter names");
            return false;
        }
        vec_push(names, (void *)a->name);
    }
    s->nrecv = np;
    return true;
}

void ck_decl_tparams(ModSym *s)
{
    Vec names = { 0 };
    if (s->recv_struct && !ck_recv_tparams(s, &names))
        s->pattern_state = 2;
    for (int i = 0; i < s->decl->fn.ntparams; i++)
        vec_push(&names, (void *)s->decl->fn.tparams[i]);
    for (int i = 0; i < names.len; i++)
        for (int j = 0; j < i; j++)
            if (names.items[i] == names.items[j]) {
                ck_error(s->decl->loc, "type parameter %s declared twice", (const char *)names.items[i]);
                s->pattern_state = 2;
            }
    s->tparams = (const char **)names.items;
    s->ntparams = names.len;
}

/* ---- function signatures ---- */
static Local *ck_param_local(Param *p, FnInst *f, Type **ptype)
{
    Type *t = p->type ? ck_type(p->type, TU_PARAM, "a parameter") : ty_err();
    bool is_ref = t->kind == TY_REF;
    Local *l = ck_new_local(p->name, p->loc, is_ref ? t->elem : t, f);
    l->is_param = true;
    l->is_ref = is_ref;
    l->is_mutable = is_ref;
    p->local = l;
    *ptype = t;
    return l;
}

bool ck_fn_sig(FnInst *f, ModSym *s)
{
    Decl *d = f->decl;
    CkCtx saved = ck_enter(f->module, f, s->tparams, f->targs, f->ntargs);
    int has_recv = d->fn.recv != NULL;
    int n = has_recv + d->fn.nparams;
    Type **ptypes = NEW_ARRAY(Type *, n + 1);
    f->params = NEW_ARRAY(Local *, n + 1);
    f->nparams = n;
    if (has_recv)
        f->params[0] = ck_param_local(d->fn.recv, f, &ptypes[0]);
    for (int i = 0; i < d->fn.nparams; i++)
        f->params[has_recv + i] = ck_param_local(&d->fn.params[i], f, &ptypes[has_recv + i]);
    Type *ret = d->fn.ret ? ck_type(d->fn.ret, TU_RET, "a result") : types_prim(TY_VOID);
    f->ret = ret;
    f->ret_is_ref = ret->kind == TY_REF;
    f->type = types_fn(ptypes, n, ret);
    ck.cur = saved;
    return true;
}

/* ---- globals and constants ---- */
static bool ck_const_type_ok(Type *t)
{
    return type_is_num(t) || t->kind == TY_BOOL || t->kind == TY_STRING || ck_is_err(t);
}

static void ck_const_value(Global *g, Decl *d)
{
    if (!ck_const_type_ok(g->type)) {
        ck_error(d->loc, "a constant must be an integer, f64, bool or string, not %s",
                 types_spell(g->type));
        return;
    }
    ConstVal v;
    if (ck_is_err(g->type) || !d->var.value || !const_eval(d->var.value, &v))
        return;
    g->has_value = true;
    g->ivalue = (int64_t)v.i;
    g->fvalue = v.f;
    d->var.value = const_literal(&v, d->var.value->loc);
    g->init = d->var.value;
}

static Type *ck_global_type(Decl *d, bool is_const)
{
    const char *where = is_const ? "a constant" : "a global";
    Type *t = d->var.type ? ck_type(d->var.type, TU_VALUE, where) : NULL;
    if (d->var.value)
        t = t ? ck_value(&d->var.value, t) : ck_any(&d->var.value, false);
    else if (is_const)
        ck_error(d->loc, "constant %s needs a value", d->name);
    return t ? t : ty_err();
}

void ck_global(ModSym *s)
{
    if (s->state == 2)
        return;
    if (s->state == 1) {
        ck_error(s->decl->loc, "initialization cycle: %s depends on itself", s->name);
        return;
    }
    s->state = 1;
    CkCtx saved = ck_enter(s->module, NULL, NULL, NULL, 0);
    Decl *d = s->decl;
    Global *g = s->global;
    g->type = ck_global_type(d, g->is_const);
    g->init = d->var.value;
    if (g->is_const)
        ck_const_value(g, d);
    else if (g->init)
        ck_no_closure(g->init, "a global");
    if (!g->is_const)
        ck_global_fits(d, g->type);
    ck.cur = saved;
    s->state = 2;
}
