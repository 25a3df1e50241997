/* check_enum.c — enums: an instance's variants (a payload struct for each
 * variant that has fields, a u32 tag when any does) and the expressions that
 * make a variant: `Color.Red`, `Shape.Circle(2.0)`, `Shape.Circle(r: 2.0)`,
 * `Tree[int].Leaf(1)`, `mod.Enum.Variant(..)`, and `Tree.Leaf(1)` where the
 * expected type gives the type arguments.
 * Not for: `match` (check_match.c) or the C layout (emit-c/cemit_types.c). */
#include "check.h"

#include <string.h>

static Type *ty_err(void) { return types_prim(TY_ERROR); }

/* The struct holding the payload fields of variant v of si. */
static StructInst *ce_payload(StructInst *si, const VariantDecl *v)
{
    StructInst *p = NEW(StructInst);
    p->module = si->module;
    p->decl = si->decl;
    p->name = mem_printf(g_arena, "%s.%s", si->name, v->name);
    p->cname = ck_cname(mem_printf(g_arena, "%s__%s", si->cname, v->name));
    p->type = types_struct(p);
    p->variant_of = si;
    p->fields = NEW_ARRAY(FieldInfo, v->nfields + 1);
    for (int i = 0; i < v->nfields; i++) {
        const FieldDecl *fd = &v->fields[i];
        for (int j = 0; j < i; j++)
            if (v->fields[j].name == fd->name && si->ntargs == 0)
                ck_error(fd->loc, "field %s redeclared in variant %s", fd->name, p->name);
        TypeExpr *te = si->ntargs ? ast_clone_type(fd->type) : fd->type;
        p->fields[i] = (FieldInfo){ fd->name, ck_type(te, TU_VALUE, "an enum payload"), fd->loc };
    }
    p->nfields = v->nfields;
    p->complete = true;
    return p;
}

void ck_enum_fields(StructInst *si)
{
    Decl *d = si->decl;
    int nv = d->struct_.nvariants;
    if (nv == 0 && si->ntargs == 0)
        ck_error(d->loc, "enum %s has no variants", d->name);
    si->variants = NEW_ARRAY(VariantInfo, nv + 1);
    si->nvariants = nv;
    si->fields = NEW_ARRAY(FieldInfo, nv + 2);
    bool plain = true;
    for (int i = 0; i < nv; i++) {
        plain &= d->struct_.variants[i].nfields == 0;
        for (int j = 0; j < i && si->ntargs == 0; j++)
            if (d->struct_.variants[j].name == d->struct_.variants[i].name)
                ck_error(d->struct_.variants[i].loc, "variant %s redeclared in enum %s",
                         d->struct_.variants[i].name, d->name);
    }
    int nf = 0;
    if (!plain)
        si->fields[nf++] = (FieldInfo){ intern_cstr("tag"), types_prim(TY_U32), d->loc };
    for (int i = 0; i < nv; i++) {
        const VariantDecl *v = &d->struct_.variants[i];
        VariantInfo *vi = &si->variants[i];
        *vi = (VariantInfo){ v->name, v->loc, NULL, -1 };
        if (v->nfields == 0)
            continue;
        vi->payload = ce_payload(si, v);
        vi->field = nf;
        si->fields[nf++] = (FieldInfo){ v->name, vi->payload->type, v->loc };
    }
    si->nfields = nf;
    si->enum_plain = plain;
}

int ck_variant_index(const StructInst *si, const char *name)
{
    for (int i = 0; i < si->nvariants; i++)
        if (si->variants[i].name == name)
            return i;
    return -1;
}

/* ---- the enum a type-like expression names ---- */

/* The enum symbol `b` names (`E`, `mod.E`, `E[T]`, `mod.E[A, B]`), or
 * NULL; *ix is the bracketed type arguments' index node, if any. */
static ModSym *ce_sym(Expr *b, Expr **ix)
{
    *ix = NULL;
    if (b->kind == EX_INDEX) {
        *ix = b;
        b = b->index.base;
    }
    ModSym *s = ck_sym_named(b);
    return s && s->kind == MS_STRUCT && s->decl->struct_.is_enum ? s : NULL;
}

bool ck_names_enum(Expr *b)
{
    Expr *ix;
    return b && ce_sym(b, &ix) != NULL;
}

static TypeExpr *ce_texpr(Expr *e);

/* The type arguments an index node's brackets hold: parsed as types
 * (`E[A, B]`) or as one expression that reads as a type (`E[int]`); NULL
 * when the expression reads as no type. */
TypeExpr **ck_index_targs(Expr *ix, int *n)
{
    if (ix->index.ntargs) {
        *n = ix->index.ntargs;
        return ix->index.targs;
    }
    TypeExpr *t = ce_texpr(ix->index.index);
    if (!t)
        return NULL;
    TypeExpr **a = NEW_ARRAY(TypeExpr *, 1);
    a[0] = t;
    *n = 1;
    return a;
}

/* A type written as an expression (`Tree[int]`, `geo.P`, `Pair[int, str]`). */
static TypeExpr *ce_texpr(Expr *e)
{
    TypeExpr *t = ast_type(TE_NAME, e->loc);
    switch (e->kind) {
    case EX_IDENT: t->name = e->ident.name; return t;
    case EX_FIELD:
        if (e->field.base->kind != EX_IDENT)
            break;
        t->module = e->field.base->ident.name;
        t->name = e->field.name;
        return t;
    case EX_INDEX: {
        TypeExpr *inner = ce_texpr(e->index.base);
        if (!inner || inner->nargs)
            return NULL;
        inner->args = ck_index_targs(e, &inner->nargs);
        return inner->args ? inner : NULL;
    }
    default: break;
    }
    return NULL;
}

/* The enum instance `b` names, with type arguments from the expression or,
 * when it has none, from the expected type. */
static StructInst *ce_inst(Expr *b, Type *hint, const char *variant)
{
    Expr *ix;
    ModSym *s = ce_sym(b, &ix);
    int np = s->decl->struct_.ntparams;
    if (!ix && np == 0)
        return s->st;
    if (!ix) {
        if (hint && hint->kind == TY_STRUCT && hint->st->decl == s->decl)
            return hint->st;
        ck_error(b->loc, "generic enum %s needs type arguments here: %s[...].%s", s->name, s->name, variant);
        return NULL;
    }
    int n = 0;
    TypeExpr **tes = ck_index_targs(ix, &n);
    if (!tes) {
        ck_error(ix->index.index->loc, "expected a type argument");
        return NULL;
    }
    if (n != np) {
        if (np)
            ck_error(b->loc, "enum %s takes %d type argument%s, found %d", s->name, np, np == 1 ? "" : "s", n);
        else
            ck_error(b->loc, "enum %s is not generic", s->name);
        return NULL;
    }
    Type **targs = NEW_ARRAY(Type *, n);
    for (int i = 0; i < n; i++) {
        targs[i] = ck_type(tes[i], TU_VALUE, "a type argument");
        if (ck_is_err(targs[i]))
            return NULL;
    }
    return ck_struct_inst(s, targs, n, b->loc);
}

/* The arguments of a variant call in payload order (named ones placed). */
static bool ce_order(Expr *call, const StructInst *p, const char *vname, Expr **out)
{
    int n = p->nfields;
    if (call->call.nargs != n) {
        ck_error(call->loc, "wrong number of payload fields to %s: expected %d, found %d", vname, n,
                 call->call.nargs);
        return false;
    }
    for (int i = 0; i < n; i++)
        out[i] = NULL;
    for (int i = 0; i < n; i++) {
        const char *an = call->call.arg_names ? call->call.arg_names[i] : NULL;
        int at = i;
        if (an) {
            for (at = 0; at < n && p->fields[at].name != an; at++)
                ;
            if (at == n) {
                ck_error(call->call.args[i]->loc, "variant %s has no field %s", vname, an);
                return false;
            }
        }
        if (out[at]) {
            ck_error(call->call.args[i]->loc, "field %s of %s given twice", p->fields[at].name, vname);
            return false;
        }
        out[at] = call->call.args[i];
    }
    return true;
}

static Type *ce_fail(Expr *call)
{
    if (call)
        ck_args_any(call, 0);
    return ty_err();
}

/* e is `E.V` (call NULL) or the call `E.V(args)` whose callee is f. */
Type *ck_variant(Expr *e, Expr *f, Expr *call, Type *hint)
{
    StructInst *si = ce_inst(f->field.base, hint, f->field.name);
    if (!si || !ck_struct_complete(si))
        return ce_fail(call);
    XREF(xref_variant(f, si));
    int v = ck_variant_index(si, f->field.name);
    if (v < 0) {
        ck_error(f->loc, "enum %s has no variant %s%s", si->name, f->field.name,
                 ck_suggest_variant(si, f->field.name));
        return ce_fail(call);
    }
    const char *vname = mem_printf(g_arena, "%s.%s", si->name, f->field.name);
    StructInst *p = si->variants[v].payload;
    if (!call && p) {
        ck_error(f->loc, "variant %s needs its payload: %s(...)", vname, vname);
        return ty_err();
    }
    if (call && !p) {
        ck_error(call->loc, "variant %s has no payload: write %s", vname, vname);
        return ce_fail(call);
    }
    Expr **args = p ? NEW_ARRAY(Expr *, p->nfields + 1) : NULL;
    if (p && !ce_order(call, p, vname, args))
        return ce_fail(call);
    for (int i = 0; p && i < p->nfields; i++) {
        ck_value(&args[i], p->fields[i].type);
        ck_no_closure(args[i], "an enum payload");
    }
    e->kind = EX_VARIANT;
    memset(&e->variant, 0, sizeof e->variant);
    e->variant.index = v;
    e->variant.args = args;
    e->variant.nargs = p ? p->nfields : 0;
    e->is_place = e->is_ref_value = false;
    return si->type;
}
