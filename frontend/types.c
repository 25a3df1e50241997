/* types.c — interning, spelling and mangling of Goose types (types_*).
 *
 * Every type is made once: two equal types are the same pointer, so the
 * checker compares types with ==. Composite types live in one open
 * addressing table keyed by their structure (kind, element, length,
 * parameters, struct instance, parameter name). Ids are handed out in
 * creation order, so anything sorted by id is deterministic.
 * Spelling: the Goose text a user would write ("[]int", "?Pair[int, string]";
 * i64 and u64 are spelled by their aliases int and uint). Mangling: a
 * C-identifier-safe spelling the emitter builds type names from.
 * Not for: deciding what is assignable to what (that is the checker). */
#include "ast.h"

#include <string.h>

static Type *ty_prims[TY__COUNT];
static int ty_next_id;

static Type **ty_tab;
static size_t ty_cap, ty_len;

Type *types_prim(TypeKind k)
{
    if (!ty_prims[k]) {
        Type *t = NEW(Type);
        t->kind = k;
        t->id = ty_next_id++;
        ty_prims[k] = t;
    }
    return ty_prims[k];
}

static uint64_t ty_hash(const Type *t)
{
    uint64_t h = (uint64_t)t->kind * 0x9E3779B97F4A7C15ull;
    h = (h ^ (uintptr_t)t->elem) * 0x100000001B3ull;
    h = (h ^ (uint64_t)t->len) * 0x100000001B3ull;
    h = (h ^ (uintptr_t)t->ret) * 0x100000001B3ull;
    h = (h ^ (uintptr_t)t->st) * 0x100000001B3ull;
    h = (h ^ (uintptr_t)t->name) * 0x100000001B3ull;
    for (int i = 0; i < t->nparams; i++)
        h = (h ^ (uintptr_t)t->params[i]) * 0x100000001B3ull;
    return h ^ (h >> 29);
}

static bool ty_same(const Type *a, const Type *b)
{
    if (a->kind != b->kind || a->elem != b->elem || a->len != b->len || a->ret != b->ret
        || a->st != b->st || a->name != b->name || a->nparams != b->nparams)
        return false;
    for (int i = 0; i < a->nparams; i++)
        if (a->params[i] != b->params[i])
            return false;
    return true;
}

static void ty_grow(void)
{
    size_t ncap = ty_cap ? ty_cap * 2 : 1024;
    Type **n = NEW_ARRAY(Type *, ncap);
    for (size_t i = 0; i < ty_cap; i++) {
        if (!ty_tab[i])
            continue;
        size_t j = ty_hash(ty_tab[i]) & (ncap - 1);
        while (n[j])
            j = (j + 1) & (ncap - 1);
        n[j] = ty_tab[i];
    }
    ty_tab = n;
    ty_cap = ncap;
}

void types_reset(void)
{
    memset(ty_prims, 0, sizeof ty_prims);
    ty_next_id = 0;
    ty_tab = NULL;
    ty_cap = ty_len = 0;
}

/* Returns the one Type equal to *tmpl, making it on first sight. */
static Type *ty_intern(const Type *tmpl)
{
    if ((ty_len + 1) * 2 > ty_cap)
        ty_grow();
    size_t j = ty_hash(tmpl) & (ty_cap - 1);
    for (; ty_tab[j]; j = (j + 1) & (ty_cap - 1))
        if (ty_same(ty_tab[j], tmpl))
            return ty_tab[j];
    Type *t = NEW(Type);
    *t = *tmpl;
    if (tmpl->nparams)
        t->params = mem_dup(g_arena, tmpl->params, sizeof(Type *) * (size_t)tmpl->nparams);
    t->id = ty_next_id++;
    ty_tab[j] = t;
    ty_len++;
    return t;
}

static Type *ty_wrap(TypeKind k, Type *elem)
{
    Type t = { .kind = k, .elem = elem };
    return ty_intern(&t);
}

Type *types_array(Type *elem, int64_t len)
{
    Type t = { .kind = TY_ARRAY, .elem = elem, .len = len };
    return ty_intern(&t);
}

Type *types_slice(Type *elem) { return ty_wrap(TY_SLICE, elem); }
Type *types_optional(Type *elem) { return ty_wrap(TY_OPTIONAL, elem); }
Type *types_ref(Type *elem) { return ty_wrap(TY_REF, elem); }

Type *types_reusable(Type *elem, bool slice)
{
    return ty_wrap(slice ? TY_REUSABLE_SLICE : TY_REUSABLE, elem);
}

Type *types_fn(Type **params, int nparams, Type *ret)
{
    Type t = { .kind = TY_FN, .params = params, .nparams = nparams, .ret = ret };
    return ty_intern(&t);
}

Type *types_param(const char *name)
{
    Type t = { .kind = TY_PARAM, .name = intern_cstr(name) };
    return ty_intern(&t);
}

/* The checker makes struct types through this (one per StructInst). */
Type *types_struct(StructInst *st)
{
    Type t = { .kind = TY_STRUCT, .st = st };
    return ty_intern(&t);
}

/* ---- spelling ---- */
static const char *const ty_prim_spell[TY__COUNT] = {
    [TY_ERROR] = "<error>", [TY_VOID] = "void", [TY_BOOL] = "bool",
    [TY_I8] = "i8", [TY_I16] = "i16", [TY_I32] = "i32", [TY_I64] = "int",
    [TY_U8] = "u8", [TY_U16] = "u16", [TY_U32] = "u32", [TY_U64] = "uint",
    [TY_F64] = "f64", [TY_STRING] = "string", [TY_NONE] = "none",
    [TY_UNTYPED_INT] = "integer constant",
};

static void ty_spell_into(StrBuf *b, const Type *t);

static void ty_spell_fn(StrBuf *b, const Type *t)
{
    sb_puts(b, "fn(");
    for (int i = 0; i < t->nparams; i++) {
        if (i)
            sb_puts(b, ", ");
        ty_spell_into(b, t->params[i]);
    }
    sb_putc(b, ')');
    if (t->ret && t->ret->kind != TY_VOID) {
        sb_puts(b, " -> ");
        ty_spell_into(b, t->ret);
    }
}

static void ty_spell_into(StrBuf *b, const Type *t)
{
    switch (t->kind) {
    case TY_ARRAY: sb_printf(b, "[%lld]", (long long)t->len); ty_spell_into(b, t->elem); return;
    case TY_SLICE: sb_puts(b, "[]"); ty_spell_into(b, t->elem); return;
    case TY_OPTIONAL: sb_putc(b, '?'); ty_spell_into(b, t->elem); return;
    case TY_REF: sb_puts(b, "ref "); ty_spell_into(b, t->elem); return;
    case TY_REUSABLE: sb_puts(b, "reusable "); ty_spell_into(b, t->elem); return;
    case TY_REUSABLE_SLICE: sb_puts(b, "reusable[] "); ty_spell_into(b, t->elem); return;
    case TY_FN: ty_spell_fn(b, t); return;
    case TY_STRUCT: sb_puts(b, t->st->name); return;
    case TY_PARAM: sb_puts(b, t->name); return;
    default: sb_puts(b, ty_prim_spell[t->kind] ? ty_prim_spell[t->kind] : "?"); return;
    }
}

const char *types_spell(const Type *t)
{
    if (!t)
        return "<none>";
    StrBuf b = { 0 };
    ty_spell_into(&b, t);
    const char *s = intern(b.data, b.len);
    sb_free(&b);
    return s;
}

/* ---- mangling ---- */
static const char *const ty_prim_mangle[TY__COUNT] = {
    [TY_ERROR] = "err", [TY_VOID] = "void", [TY_BOOL] = "bool",
    [TY_I8] = "i8", [TY_I16] = "i16", [TY_I32] = "i32", [TY_I64] = "i64",
    [TY_U8] = "u8", [TY_U16] = "u16", [TY_U32] = "u32", [TY_U64] = "u64",
    [TY_F64] = "f64", [TY_STRING] = "str", [TY_NONE] = "none",
    [TY_UNTYPED_INT] = "lit",
};

static void ty_mangle_into(StrBuf *b, const Type *t);

static void ty_mangle_fn(StrBuf *b, const Type *t)
{
    sb_puts(b, "fn");
    for (int i = 0; i < t->nparams; i++) {
        sb_putc(b, '_');
        ty_mangle_into(b, t->params[i]);
    }
    sb_puts(b, "__");
    ty_mangle_into(b, t->ret ? t->ret : types_prim(TY_VOID));
}

/* A struct's mangle is its C name without the "gs_" prefix. */
static void ty_mangle_struct(StrBuf *b, const Type *t)
{
    const char *c = t->st->cname ? t->st->cname : t->st->name;
    sb_puts(b, strncmp(c, "gs_", 3) == 0 ? c + 3 : c);
}

static void ty_mangle_into(StrBuf *b, const Type *t)
{
    switch (t->kind) {
    case TY_ARRAY: sb_printf(b, "arr%lld_", (long long)t->len); ty_mangle_into(b, t->elem); return;
    case TY_SLICE: sb_puts(b, "sl_"); ty_mangle_into(b, t->elem); return;
    case TY_OPTIONAL: sb_puts(b, "opt_"); ty_mangle_into(b, t->elem); return;
    case TY_REF: sb_puts(b, "ref_"); ty_mangle_into(b, t->elem); return;
    case TY_REUSABLE: sb_puts(b, "reu_"); ty_mangle_into(b, t->elem); return;
    case TY_REUSABLE_SLICE: sb_puts(b, "reus_"); ty_mangle_into(b, t->elem); return;
    case TY_FN: ty_mangle_fn(b, t); return;
    case TY_STRUCT: ty_mangle_struct(b, t); return;
    case TY_PARAM: sb_printf(b, "P%s", t->name); return;
    default: sb_puts(b, ty_prim_mangle[t->kind] ? ty_prim_mangle[t->kind] : "x"); return;
    }
}

const char *types_mangle(const Type *t)
{
    StrBuf b = { 0 };
    ty_mangle_into(&b, t);
    const char *s = intern(b.data, b.len);
    sb_free(&b);
    return s;
}
