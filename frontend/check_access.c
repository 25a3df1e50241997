/* check_access.c — names and places: identifiers (locals, with closure
 * capture; globals; functions as values; module members `mod.name`),
 * fields, indexing, slicing, casts, struct and array literals, and the
 * mutability of places.
 *
 * A place is something with an address: a local, a global var, a field of
 * a place, any slice element, an element of an array place, a pool slot
 * `r[i]`, or what a ref local or a ref-returning call designates.
 * Not for: operators and conversions (check_expr.c) or calls (check_call.c). */
#include "check.h"

#include <string.h>

static Type *ty_err(void) { return types_prim(TY_ERROR); }

/* ---- locals and captures ---- */
Local *ck_scope_find(const char *name)
{
    intptr_t top = (intptr_t)map_get(&ck.scope_top, name);
    return top > ck.cur.scope_floor ? ck.scope.items[top - 1] : NULL;
}

static bool ck_has_capture(FnInst *f, Local *l)
{
    for (int i = 0; i < f->ncaptures; i++)
        if (f->captures[i] == l)
            return true;
    return false;
}

static void ck_add_capture(FnInst *f, Local *l)
{
    Local **n = NEW_ARRAY(Local *, f->ncaptures + 1);
    if (f->ncaptures)
        memcpy(n, f->captures, sizeof(Local *) * (size_t)f->ncaptures);
    n[f->ncaptures++] = l;
    f->captures = n;
}

/* Every closure between the current function and the local's owner
 * captures it (an inner closure reaches it through the outer one). */
static void ck_capture(Local *l, Loc loc)
{
    for (FnInst *f = ck.cur.fn; f && f != l->owner && f->is_closure; f = f->parent) {
        if (ck_has_capture(f, l))
            return;
        ck_add_capture(f, l);
        l->captured = true;
        if (l->is_ref && f == ck.cur.fn)
            ck_error(loc, "cannot capture reference %s in a closure", l->name);
    }
}

Local *ck_find_local(const char *name, Loc loc)
{
    Local *l = ck_scope_find(name);
    if (l && ck.cur.fn && l->owner != ck.cur.fn)
        ck_capture(l, loc);
    return l;
}

Type *ck_ident_value(Expr *e, Local *l)
{
    e->ident.sym = SYM_LOCAL;
    e->ident.local = l;
    l->used = true;
    e->is_place = true;
    e->is_ref_value = l->is_ref;
    return l->type;
}

static Type *ck_fn_value(Expr *e, ModSym *s)
{
    if (s->ntparams > 0 || !s->fn) {
        if (s->ntparams > 0)
            ck_error(e->loc, "generic function %s cannot be used as a value without type arguments: call it, "
                     "or name an instance (%s[int])", s->name, s->name);
        return ty_err();
    }
    FnInst *f = s->fn;
    if (!f->type || ck_is_err(f->type))
        return ty_err();
    e->ident.sym = SYM_FN;
    e->ident.fn = f;
    return f->type;
}

Type *ck_ident_sym(Expr *e, ModSym *s)
{
    switch (s->kind) {
    case MS_GLOBAL:
        ck_global(s);
        e->ident.sym = SYM_GLOBAL;
        e->ident.global = s->global;
        e->is_place = !s->global->is_const;
        return s->global->type;
    case MS_FN: return ck_fn_value(e, s);
    case MS_STRUCT: ck_error(e->loc, "%s is a type, not a value", s->name); return ty_err();
    default: ck_error(e->loc, "module %s is not a value", s->name); return ty_err();
    }
}

Type *ex_ident(Expr *e, Type *hint)
{
    const char *name = e->ident.name;
    XREF(xref_names_at(e->loc));
    Local *l = ck_find_local(name, e->loc);
    XREF(xref_local(e->loc, l));
    if (l)
        return ck_ident_value(e, l);
    ModSym *s = ck_lookup_sym(ck.cur.module, name);
    XREF(xref_sym(e->loc, name, s));
    if (s)
        return ck_ident_sym(e, s);
    if (ck_builtin_lookup(name, false))
        ck_error(e->loc, "builtin %s must be called", name);
    else
        ck_error_unknown(e->loc, ck_habit_name_hint(name, false),
                         ck_hint_or(ck_import_hint(name), ck_suggest_name(name)), "unknown name %s", name);
    return ty_err();
}

/* The module an identifier names (an import of this module not shadowed
 * by a local), or NULL. */
Module *ck_module_alias(Expr *e)
{
    if (!e || e->kind != EX_IDENT || ck_scope_find(e->ident.name))
        return NULL;
    ModSym *s = ck_lookup_sym(ck.cur.module, e->ident.name);
    return s && s->kind == MS_IMPORT ? s->target : NULL;
}

/* ---- fields ---- */
static Type *ck_module_member(Expr *e, Module *m)
{
    const char *mod = e->field.base->ident.name, *name = e->field.name;
    ModSym *s = ck_lookup_sym(m, name);
    XREF(xref_member(e, m, s));
    if (!s || s->kind == MS_IMPORT) {
        ck_error(e->loc, "module %s has no member %s%s", mod, name, ck_suggest_member(m, name));
        return ty_err();
    }
    e->kind = EX_IDENT;
    memset(&e->ident, 0, sizeof e->ident);
    e->ident.name = name;
    return ck_ident_sym(e, s);
}

static bool ck_struct_field(Expr *e, StructInst *si)
{
    for (int i = 0; i < si->nfields; i++)
        if (si->fields[i].name == e->field.name) {
            e->field.kind = FIELD_STRUCT;
            e->field.index = i;
            e->type = si->fields[i].type;
            e->is_place = e->field.base->is_place;
            return true;
        }
    return false;
}

bool ck_has_len(const Type *t)
{
    return t->kind == TY_STRING || t->kind == TY_SLICE || t->kind == TY_ARRAY
           || t->kind == TY_REUSABLE || t->kind == TY_REUSABLE_SLICE;
}

/* Habits from other languages: a field or method Goose spells otherwise,
 * on the types that have what it stands for, and what to write. */
typedef struct CkHabit {
    bool method;
    const char *name;
    bool (*fits)(const Type *t);    /* the receiver types it is for; NULL for a function */
    const char *hint;               /* %s: how to name the receiver or argument */
} CkHabit;

static bool ck_is_slice(const Type *t) { return t->kind == TY_SLICE; }
static bool ck_is_optional(const Type *t) { return t->kind == TY_OPTIONAL; }
static bool ck_is_string(const Type *t) { return t->kind == TY_STRING; }
static bool ck_any_type(const Type *t) { return t != NULL; }

static const CkHabit ck_habits[] = {
    { false, "length", ck_has_len, "write %s.len" },
    { false, "size", ck_has_len, "write %s.len" },
    { true, "length", ck_has_len, "write %s.len" },
    { true, "size", ck_has_len, "write %s.len" },
    { true, "len", ck_has_len, "len is a field: write %s.len" },
    { true, "is_empty", ck_has_len, "write %s.len == 0" },
    { true, "append", ck_is_slice, "write %s.push(v)" },
    { true, "add", ck_is_slice, "write %s.push(v)" },
    { true, "push_back", ck_is_slice, "write %s.push(v)" },
    { true, "is_none", ck_is_optional, "write !%s.is_some()" },
    { true, "unwrap_or", ck_is_optional, "write %s.or(v)" },
    { true, "expect", ck_is_optional, "write %s.unwrap()" },
    { true, "to_string", ck_any_type, "write to_string(%s)" },
    { true, "contains", ck_is_string, "write strings.contains(%s, sub) (import \"strings\")" },
    { true, "split", ck_is_string, "write strings.split(%s, sep) (import \"strings\")" },
    { true, "trim", ck_is_string, "write strings.trim_space(%s) (import \"strings\")" },
    { true, "starts_with", ck_is_string, "write strings.has_prefix(%s, p) (import \"strings\")" },
    { true, "ends_with", ck_is_string, "write strings.has_suffix(%s, s) (import \"strings\")" },
    { true, "to_upper", ck_is_string, "write strings.to_upper(%s) (import \"strings\")" },
    { true, "to_lower", ck_is_string, "write strings.to_lower(%s) (import \"strings\")" },
    { true, "replace", ck_is_string, "write strings.replace(%s, old, new) (import \"strings\")" },
    { true, "find", ck_is_string, "write strings.index(%s, sub) (import \"strings\")" },
};

/* Go's, Python's and Rust's functions for what Goose writes otherwise,
 * often as a field or method of their first argument (only when no
 * function of that name exists). A call of a type's name (Go's int(x))
 * has its own hint (ck_habit_fn_hint). */
static const CkHabit ck_fn_habits[] = {
    { false, "len", NULL, "write %s.len" },
    { false, "append", NULL, "write %s.push(v)" },
    { false, "some", NULL, "a value becomes an optional by itself: write the value where a ?T is expected" },
    { false, "Some", NULL, "a value becomes an optional by itself: write the value where a ?T is expected" },
    { false, "range", NULL, "write for i in 0..n" },
    { false, "str", NULL, "write to_string(%s)" },
    { false, "string", NULL, "write to_string(%s)" },
    { false, "String", NULL, "write to_string(%s)" },
    { false, "float", NULL, "convert with as: write %s as f64" },
    { false, "double", NULL, "convert with as: write %s as f64" },
    { false, "strlen", NULL, "write %s.len" },
};

/* Names other languages give to what Goose spells otherwise: an unknown
 * name (a value) or an unknown type of that spelling gets the hint. */
typedef struct CkNameHabit {
    bool type;
    const char *name, *hint;
} CkNameHabit;

static const CkNameHabit ck_name_habits[] = {
    { false, "nil", "write none" }, { false, "null", "write none" }, { false, "NULL", "write none" },
    { false, "None", "write none" }, { false, "nullptr", "write none" },
    { false, "True", "write true" }, { false, "False", "write false" },
    { false, "fmt", "printing is builtin: println(x), printf(\"{}\\n\", x)" },
    { true, "usize", "write uint" }, { true, "isize", "write int" },
    { true, "float", "write f64" }, { true, "double", "write f64" }, { true, "f32", "write f64" },
    { true, "float64", "write f64" }, { true, "float32", "write f64" },
    { true, "char", "a byte is u8" }, { true, "byte", "a byte is u8" }, { true, "rune", "a byte is u8" },
    { true, "str", "write string" }, { true, "String", "write string" },
    { true, "int8", "write i8" }, { true, "int16", "write i16" }, { true, "int32", "write i32" },
    { true, "int64", "write i64" }, { true, "uint8", "write u8" }, { true, "uint16", "write u16" },
    { true, "uint32", "write u32" }, { true, "uint64", "write u64" },
    { true, "i128", "the widest integers are i64 and u64" }, { true, "u128", "the widest integers are i64 and u64" },
    { true, "Option", "an optional is ?T" }, { true, "Vec", "a growable slice is []T" },
    { true, "HashMap", "import \"map\" and write map.Map[K, V]" },
    { true, "loop", "Goose has no loop: write while true { ... }" },
};

/* The hint for an unknown name (type: in a type) other languages use, else "". */
const char *ck_habit_name_hint(const char *name, bool type)
{
    for (size_t i = 0; i < sizeof ck_name_habits / sizeof ck_name_habits[0]; i++)
        if (ck_name_habits[i].type == type && strcmp(ck_name_habits[i].name, name) == 0)
            return ck_name_habits[i].hint;
    return "";
}

/* How a hint names a value: its name when it is a plain identifier. */
static const char *ck_hint_name(const Expr *e)
{
    return e && e->kind == EX_IDENT ? e->ident.name : "x";
}

/* The hint for `base.name` (a call when method) of type t, else "". */
const char *ck_habit_hint(const Expr *base, const Type *t, const char *name, bool method)
{
    for (size_t i = 0; i < sizeof ck_habits / sizeof ck_habits[0]; i++) {
        const CkHabit *h = &ck_habits[i];
        if (h->method == method && strcmp(h->name, name) == 0 && h->fits(t))
            return mem_printf(g_arena, h->hint, ck_hint_name(base));
    }
    return "";
}

/* The hint for a call e of the unknown function name, else "". */
const char *ck_habit_fn_hint(const Expr *e, const char *name)
{
    const Expr *arg = e->call.nargs > 0 ? e->call.args[0] : NULL;
    for (size_t i = 0; i < sizeof ck_fn_habits / sizeof ck_fn_habits[0]; i++)
        if (strcmp(ck_fn_habits[i].name, name) == 0)
            return mem_printf(g_arena, ck_fn_habits[i].hint, ck_hint_name(arg));
    if (ck_prim_named(name) && e->call.nargs == 1)
        return mem_printf(g_arena, "convert with as: write %s as %s", ck_hint_name(arg), name);
    return "";
}

static void ck_field_lookup(Expr *e, Type *bt)
{
    const char *name = e->field.name;
    e->type = ty_err();
    if (ck_is_err(bt))
        return;
    if (bt->kind == TY_STRUCT && !bt->st->is_enum) {
        if (!ck_struct_complete(bt->st) || ck_struct_field(e, bt->st))
            return;
    } else if (strcmp(name, "len") == 0 && ck_has_len(bt)) {
        e->field.kind = FIELD_LEN;
        e->type = types_prim(TY_I64);
        return;
    } else if (strcmp(name, "cap") == 0 && bt->kind == TY_SLICE) {
        e->field.kind = FIELD_CAP;
        e->type = types_prim(TY_I64);
        return;
    }
    ck_error_unknown(e->loc, ck_habit_hint(e->field.base, bt, name, false), ck_suggest_field(bt, name),
                     "type %s has no field %s", types_spell(bt), name);
}

/* Fills e (a field access whose base is checked, of type bt). */
void ck_field_resolve(Expr *e, Type *bt)
{
    ck_field_lookup(e, bt);
    XREF(xref_field(e, bt));
}

Type *ex_field(Expr *e, Type *hint)
{
    if (ck_names_enum(e->field.base))
        return ck_variant(e, e, NULL, hint);
    Module *m = ck_module_alias(e->field.base);
    if (m)
        return ck_module_member(e, m);
    Type *bt = ck_any(&e->field.base, false);
    ck_field_resolve(e, bt);
    return e->type;
}

/* ---- indexing and slicing ---- */
static bool ck_index_type(Expr **slot)
{
    Type *t = ck_any(slot, false);
    if (ck_is_err(t))
        return false;
    if (type_is_int(t))
        return true;
    ck_error((*slot)->loc, "an index must be an integer, found %s", types_spell(t));
    return false;
}

/* The module symbol `b` names: `name` (no local shadows it) or
 * `mod.name`; NULL for any other expression. */
ModSym *ck_sym_named(Expr *b)
{
    if (b->kind == EX_IDENT && !ck_scope_find(b->ident.name))
        return ck_lookup_sym(ck.cur.module, b->ident.name);
    if (b->kind == EX_FIELD) {
        Module *m = ck_module_alias(b->field.base);
        return m ? ck_lookup_sym(m, b->field.name) : NULL;
    }
    return NULL;
}

/* The generic function (not a method) `b` names: `f`, `mod.f`; or NULL. */
static ModSym *ck_generic_fn(Expr *b)
{
    ModSym *s = ck_sym_named(b);
    return s && s->kind == MS_FN && s->ntparams > 0 && !s->recv_struct ? s : NULL;
}

/* `f[T]`, `mod.f[A, B]` not called: that instance as a function value
 * (the index node becomes a name of it). */
static Type *ck_fn_inst_value(Expr *e, ModSym *s)
{
    int n = 0;
    TypeExpr **tes = ck_index_targs(e, &n);
    if (!tes) {
        ck_error(e->index.index->loc, "expected type arguments for generic function %s", s->name);
        return ty_err();
    }
    Type **targs = NEW_ARRAY(Type *, s->ntparams);
    if (!ck_bind_targs(s, tes, n, e->loc, targs))
        return ty_err();
    FnInst *f = ck_fn_instance(s, targs, e->loc);
    if (!f || !f->type || ck_is_err(f->type))
        return ty_err();
    e->kind = EX_IDENT;
    memset(&e->ident, 0, sizeof e->ident);
    e->ident.name = s->name;
    e->ident.sym = SYM_FN;
    e->ident.fn = f;
    return f->type;
}

Type *ex_index(Expr *e, Type *hint)
{
    ModSym *g = ck_generic_fn(e->index.base);
    if (g)
        return ck_fn_inst_value(e, g);
    return ck_index_on(e, ck_any(&e->index.base, false));
}

/* An index whose base is already checked (of type bt). */
Type *ck_index_on(Expr *e, Type *bt)
{
    if (!e->index.index) {
        ck_error(e->loc, "type arguments in brackets here need a generic enum's variant after them (E[A, B].V)");
        return ty_err();
    }
    bool ok = ck_index_type(&e->index.index);
    if (ck_is_err(bt) || !ok)
        return ty_err();
    switch (bt->kind) {
    case TY_SLICE: case TY_REUSABLE: e->is_place = true; return bt->elem;
    case TY_ARRAY: e->is_place = e->index.base->is_place; return bt->elem;
    case TY_STRING: return types_prim(TY_U8);
    default:
        ck_error(e->loc, "cannot index a value of type %s", types_spell(bt));
        return ty_err();
    }
}

Type *ex_slice(Expr *e, Type *hint)
{
    Type *bt = ck_any(&e->slice.base, false);
    bool ok = (!e->slice.lo || ck_index_type(&e->slice.lo)) & (!e->slice.hi || ck_index_type(&e->slice.hi));
    if (ck_is_err(bt) || !ok)
        return ty_err();
    if (bt->kind == TY_SLICE || bt->kind == TY_STRING)
        return bt;
    if (bt->kind == TY_ARRAY)
        ck_error(e->loc, "cannot slice a fixed array");
    else
        ck_error(e->loc, "cannot slice a value of type %s", types_spell(bt));
    return ty_err();
}

Type *ex_cast(Expr *e, Type *hint)
{
    Type *t = ck_any(&e->cast.operand, false);
    Type *to = ck_type(e->cast.to, TU_VALUE, "a cast");
    if (ck_is_err(t) || ck_is_err(to))
        return ty_err();
    if (t == to || (type_is_num(t) && type_is_num(to)) || (type_is_plain_enum(t) && type_is_int(to)))
        return to;
    if (type_is_enum(t) && type_is_int(to)) {
        ck_error(e->loc, "cannot convert %s to %s: only an enum without payloads converts", types_spell(t),
                 types_spell(to));
        return ty_err();
    }
    ck_error(e->loc, "cannot convert %s to %s", types_spell(t), types_spell(to));
    return ty_err();
}

/* ---- the standard library's fields are read-only outside it ---- */
/* True when code of the current module may write the fields of struct si:
 * its own module's or a user module's struct, or any struct from inside the
 * standard library. A user program reads `m.len` of a map.Map but never
 * writes it (that would corrupt the table). */
static bool ck_fields_writable(const StructInst *si)
{
    return !si->module->is_stdlib || (ck.cur.module && ck.cur.module->is_stdlib);
}

/* The struct whose field the FIELD_STRUCT access f names. */
static const StructInst *ck_field_owner(const Expr *f)
{
    const Type *t = f->field.base->type;
    while (t->kind == TY_REF)
        t = t->elem;
    return t->st;
}

/* Set while ck_place_writable asks ck_place_mutable without reporting. */
static bool ck_mut_quiet;

static bool ck_lib_fields(Expr *at, const StructInst *si, const char *what)
{
    if (ck_fields_writable(si))
        return true;
    if (!ck_mut_quiet)
        ck_error(at->loc, "cannot %s: the fields of %s.%s, a standard library type, are read-only outside the library",
                 what, si->module->name, si->name);
    return false;
}

/* ---- composite literals ---- */
static int ck_field_index(StructInst *si, const char *name)
{
    for (int i = 0; i < si->nfields; i++)
        if (si->fields[i].name == name)
            return i;
    return -1;
}

static void ck_field_inits(Expr *e, StructInst *si)
{
    bool *seen = NEW_ARRAY(bool, si->nfields + 1);
    for (int i = 0; i < e->lit.nfields; i++) {
        FieldInit *fi = &e->lit.fields[i];
        int k = ck_field_index(si, fi->name);
        XREF(xref_field_init(fi->loc, si, k));
        if (k < 0 || seen[k]) {
            if (k < 0)
                ck_error(fi->loc, "struct %s has no field %s%s", si->name, fi->name, ck_suggest_field(si->type, fi->name));
            else
                ck_error(fi->loc, "field %s given twice", fi->name);
            ck_any(&fi->value, true);
            continue;
        }
        seen[k] = true;
        fi->index = k;
        if (!ck_is_err(ck_value(&fi->value, si->fields[k].type)))
            ck_no_closure(fi->value, "a struct field");
    }
}

/* The type of a literal written without one (an element `{...}` of a
 * slice literal): the element type its context expects, optional or not. */
static Type *ck_elided_type(Expr *e, Type *hint, TypeKind want)
{
    if (hint && hint->kind == TY_OPTIONAL)
        hint = hint->elem;
    if (hint && (hint->kind == want || ck_is_err(hint)))
        return hint;
    if (hint && hint->kind == TY_STRUCT)
        ck_error(e->loc, "a literal of struct %s names its fields: {name: value, ...}", types_spell(hint));
    else if (hint)
        ck_error(e->loc, "a literal without a type cannot be %s", types_spell(hint));
    else
        ck_error(e->loc, "a literal without a type needs an element type");
    return ty_err();
}

Type *ex_struct_lit(Expr *e, Type *hint)
{
    Type *t = e->lit.type ? ck_type(e->lit.type, TU_VALUE, "a struct literal")
                          : ck_elided_type(e, hint, TY_STRUCT);
    if (!ck_is_err(t) && (t->kind != TY_STRUCT || t->st->is_enum)) {
        ck_error(e->loc, "%s is not a struct type", types_spell(t));
        t = ty_err();
    }
    if (ck_is_err(t) || !ck_struct_complete(t->st)) {
        for (int i = 0; i < e->lit.nfields; i++)
            ck_any(&e->lit.fields[i].value, true);
        return ty_err();
    }
    if (e->lit.nfields > 0 && !ck_lib_fields(e, t->st, "set fields in this literal"))
        return t;
    ck_field_inits(e, t->st);
    return t;
}

static Type *ck_elem_hint(Type *hint)
{
    if (hint && hint->kind == TY_OPTIONAL)
        hint = hint->elem;
    return hint && hint->kind == TY_ARRAY ? hint : NULL;
}

Type *ex_array_lit(Expr *e, Type *hint)
{
    Type *h = ck_elem_hint(hint);
    int n = e->array.nelems;
    if (n == 0) {
        if (h && h->len == 0)
            return h;
        ck_error(e->loc, "cannot infer the type of an empty array literal");
        return ty_err();
    }
    Type *elem = h ? h->elem : ck_any(&e->array.elems[0], false);
    bool bad = ck_is_err(elem);
    for (int i = h ? 0 : 1; i < n; i++)
        bad |= ck_is_err(elem) ? ck_is_err(ck_any(&e->array.elems[i], false))
                               : ck_is_err(ck_value(&e->array.elems[i], elem));
    for (int i = 0; i < n && !bad; i++)
        ck_no_closure(e->array.elems[i], "an array element");
    return bad ? ty_err() : types_array(elem, n);
}

/* `[]T{a, b}`: each element a value of T (a literal takes T, a closure is
 * refused as for any element); `{a, b}` inside one takes the slice type
 * its context expects, and `{}` there is an empty struct when that is a
 * struct. */
Type *ex_slice_lit(Expr *e, Type *hint)
{
    Type *h = hint && hint->kind == TY_OPTIONAL ? hint->elem : hint;
    if (!e->array.type && e->array.nelems == 0 && h && h->kind == TY_STRUCT) {
        e->kind = EX_STRUCT_LIT;
        e->lit.type = NULL, e->lit.fields = NULL, e->lit.nfields = 0;
        return ex_struct_lit(e, hint);
    }
    Type *t = e->array.type ? ck_type(e->array.type, TU_VALUE, "a slice literal")
                            : ck_elided_type(e, hint, TY_SLICE);
    for (int i = 0; i < e->array.nelems; i++) {
        Expr **slot = &e->array.elems[i];
        if (ck_is_err(t))
            ck_any(slot, false);
        else if (!ck_is_err(ck_value(slot, t->elem)))
            ck_no_closure(*slot, "a slice element");
    }
    return t;
}

Type *ex_array_repeat(Expr *e, Type *hint)
{
    Type *h = ck_elem_hint(hint);
    Type *elem = h ? ck_value(&e->repeat.value, h->elem) : ck_any(&e->repeat.value, false);
    int64_t n = 0;
    if (!e->repeat.count || !const_int64(e->repeat.count, "an array length", &n))
        return ty_err();
    if (n < 0) {
        ck_error(e->repeat.count->loc, "array length %lld is negative", (long long)n);
        return ty_err();
    }
    e->repeat.n = n;
    if (ck_is_err(elem) || !ck_no_closure(e->repeat.value, "an array element") ||
        !ck_array_fits(elem, n, e->repeat.count->loc))
        return ty_err();
    return types_array(elem, n);
}

/* ---- mutability of places ---- */
/* verb is a format with one %s for what is not mutable ("assign to %s"). */
static bool ck_not_mutable(Expr *at, const char *verb, const char *what, const char *name)
{
    const char *desc = name ? mem_printf(g_arena, "%s %s", what, name) : what;
    if (!ck_mut_quiet)
        ck_error(at->loc, "cannot %s", mem_printf(g_arena, verb, desc));
    return false;
}

static bool ck_ident_mutable(Expr *at, Expr *s, const char *verb)
{
    if (s->ident.sym == SYM_LOCAL) {
        Local *l = s->ident.local;
        return l->is_mutable || ck_not_mutable(at, verb, l->is_param ? "parameter" : "let binding", l->name);
    }
    if (s->ident.sym == SYM_GLOBAL)
        return !s->ident.global->is_const || ck_not_mutable(at, verb, "constant", s->ident.name);
    return ck_not_mutable(at, verb, "this expression", NULL);
}

/* True when e is a place that may be written; else reports at e with the
 * verb ("assign to %s", "modify %s"). */
bool ck_place_mutable(Expr *e, const char *verb)
{
    if (ck_is_err(e->type))
        return false;
    Expr *s = ck_strip(e);
    switch (s->kind) {
    case EX_IDENT: return ck_ident_mutable(e, s, verb);
    case EX_FIELD:
        if (s->field.kind == FIELD_STRUCT)
            return ck_lib_fields(e, ck_field_owner(s), mem_printf(g_arena, verb, mem_printf(g_arena, "field %s", s->field.name))) &&
                   ck_place_mutable(s->field.base, verb);
        break;
    case EX_INDEX: {
        Type *bt = s->index.base->type;
        Expr *b = ck_strip(s->index.base);
        if (bt->kind == TY_SLICE && b->kind == EX_FIELD && b->field.kind == FIELD_STRUCT)
            return ck_lib_fields(e, ck_field_owner(b), mem_printf(g_arena, verb, "an element of this slice"));
        if (bt->kind == TY_SLICE)
            return true;
        if (bt->kind == TY_ARRAY || bt->kind == TY_REUSABLE)
            return ck_place_mutable(s->index.base, verb);
        return ck_not_mutable(e, verb, "an element of a string (strings are immutable)", NULL);
    }
    case EX_CALL:
        if (s->is_ref_value)
            return true;
        break;
    default: break;
    }
    return ck_not_mutable(e, verb, "this expression", NULL);
}

/* ck_place_mutable without a report: could a ref receiver take e? */
bool ck_place_writable(Expr *e)
{
    ck_mut_quiet = true;
    bool ok = ck_place_mutable(e, "modify %s");
    ck_mut_quiet = false;
    return ok;
}

/* An argument to a ref parameter or receiver: a mutable place, passed by
 * its address. */
bool ck_ref_arg(Expr *arg, const char *verb)
{
    if (!ck_place_mutable(arg, verb))
        return false;
    arg->pass_by_ref = true;
    return true;
}
