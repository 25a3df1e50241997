/* check_builtin.c — the builtin functions and methods of docs/language.md
 * ("Builtins", slices, strings, optionals, memory, the builtin pools):
 * their argument rules and result types. A checked builtin call is
 * CALL_BUILTIN with call.builtin set; a builtin method has its receiver
 * prepended as args[0]. Receivers that the builtin changes (push, pop,
 * clear, pool alloc/free) must be mutable places and get pass_by_ref.
 * The library primitives (`__fail`, `__grow_stable`, ...: names starting
 * with `__`) are accepted only inside standard library modules.
 * Not for: user functions (check_call.c). */
#include "check.h"

#include <string.h>

static Type *ty_err(void) { return types_prim(TY_ERROR); }
static Type *ty(TypeKind k) { return types_prim(k); }

static const char *const *const bi_names = ast_builtin_name;
static const bool bi_method[BI__COUNT] = {
#define BI_M(id, s, m) [BI_##id] = m,
    GS_BUILTINS(BI_M)
#undef BI_M
};

BuiltinId ck_builtin_lookup(const char *name, bool method)
{
    for (int i = 1; i < BI__COUNT; i++)
        if (bi_method[i] == method && strcmp(bi_names[i], name) == 0)
            return (BuiltinId)i;
    return BI_NONE;
}

/* ---- argument helpers ---- */
static bool bi_arity(Expr *e, int off, int lo, int hi)
{
    int got = e->call.nargs - off;
    if (got >= lo && got <= hi)
        return true;
    if (lo == hi)
        ck_error(e->loc, "wrong number of arguments to %s: expected %d, found %d",
                 bi_names[e->call.builtin], lo, got);
    else
        ck_error(e->loc, "wrong number of arguments to %s: expected %d or %d, found %d",
                 bi_names[e->call.builtin], lo, hi, got);
    ck_args_any(e, off);
    return false;
}

static Expr **arg(Expr *e, int i) { return &e->call.args[i]; }

/* An argument of any integer type (a literal is int). */
static bool bi_int(Expr *e, int i)
{
    Type *t = ck_any(arg(e, i), false);
    if (ck_is_err(t) || type_is_int(t))
        return !ck_is_err(t);
    ck_error((*arg(e, i))->loc, "expected an integer, found %s", types_spell(t));
    return false;
}

static Type *bi_kind_error(Expr *e, int i, const char *want, Type *t)
{
    if (!ck_is_err(t))
        ck_error((*arg(e, i))->loc, "%s needs %s, found %s", bi_names[e->call.builtin], want,
                 types_spell(t));
    return ty_err();
}

/* ---- functions ---- */
static Type *bi_print(Expr *e, Type *hint)
{
    for (int i = 0; i < e->call.nargs; i++)
        ck_fmt_printable(ck_any(arg(e, i), false), (*arg(e, i))->loc);
    return ty(TY_VOID);
}

/* printf(fmt, ...), eprintf(fmt, ...): check_fmt.c. */
static Type *bi_printf(Expr *e, Type *hint)
{
    ck_fmt_call(e, 0, bi_names[e->call.builtin]);
    return ty(TY_VOID);
}

static Type *bi_format(Expr *e, Type *hint)
{
    return ck_fmt_call(e, 0, "format") ? ty(TY_STRING) : ty_err();
}

/* t is the standard library's strings.Builder, whose fields the runtime
 * knows (gs_builder: len, then buf). */
bool ck_is_builder(const Type *t)
{
    if (t->kind != TY_STRUCT || strcmp(t->st->name, "Builder") != 0)
        return false;
    const StructInst *st = t->st;
    return st->module && st->module->is_stdlib && strcmp(st->module->name, "strings") == 0
           && st->nfields == 2 && st->fields[0].type == ty(TY_I64)
           && st->fields[1].type == types_slice(ty(TY_U8));
}

/* format_into(buf, fmt, ...): buf a mutable []u8 or strings.Builder,
 * passed by reference. */
static Type *bi_format_into(Expr *e, Type *hint)
{
    if (e->call.nargs < 1) {
        ck_error(e->loc, "format_into needs a buffer and a format string");
        return ty(TY_VOID);
    }
    Type *u8s = types_slice(ty(TY_U8));
    Type *t = ck_any(arg(e, 0), false);
    bool ok = !ck_is_err(t);
    if (ok && t != u8s && !ck_is_builder(t)) {
        ck_error((*arg(e, 0))->loc, "format_into appends to a []u8 or a strings.Builder, found %s",
                 types_spell(t));
        ok = false;
    }
    ok = ok && ck_ref_arg(*arg(e, 0), "modify %s");
    if (!ok) {
        ck_args_any(e, 1);
        return ty(TY_VOID);
    }
    ck_fmt_call(e, 1, "format_into");
    return ty(TY_VOID);
}

static Type *bi_fmt_f64(Expr *e, Type *hint)
{
    if (!bi_arity(e, 0, 2, 2))
        return ty_err();
    ck_value(arg(e, 0), ty(TY_F64));
    bi_int(e, 1);
    return ty(TY_STRING);
}

static Type *bi_to_string(Expr *e, Type *hint)
{
    if (!bi_arity(e, 0, 1, 1))
        return ty_err();
    Type *t = ck_any(arg(e, 0), false);
    return ck_fmt_printable(t, (*arg(e, 0))->loc) && !ck_is_err(t) ? ty(TY_STRING) : ty_err();
}

static Type *bi_string_fn(Expr *e, Type *ret)
{
    if (!bi_arity(e, 0, 1, 1))
        return ty_err();
    ck_value(arg(e, 0), ty(TY_STRING));
    return ret;
}

static Type *bi_parse_int(Expr *e, Type *h) { return bi_string_fn(e, types_optional(ty(TY_I64))); }
static Type *bi_parse_f64(Expr *e, Type *h) { return bi_string_fn(e, types_optional(ty(TY_F64))); }
static Type *bi_read_file(Expr *e, Type *h) { return bi_string_fn(e, types_optional(ty(TY_STRING))); }
static Type *bi_panic(Expr *e, Type *h) { return bi_string_fn(e, ty(TY_VOID)); }

static Type *bi_args(Expr *e, Type *h)
{
    return bi_arity(e, 0, 0, 0) ? types_slice(ty(TY_STRING)) : ty_err();
}

static Type *bi_clock_ns(Expr *e, Type *h) { return bi_arity(e, 0, 0, 0) ? ty(TY_I64) : ty_err(); }

static Type *bi_exit(Expr *e, Type *h)
{
    if (bi_arity(e, 0, 1, 1))
        bi_int(e, 0);
    return ty(TY_VOID);
}

/* A numeric argument; a literal takes the numeric type the context wants. */
static Type *bi_num_arg(Expr *e, int i, Type *hint)
{
    Type *t = ck_expr(*arg(e, i), hint);
    if (t->kind == TY_UNTYPED_INT && hint && type_is_num(hint) && ck_convert_quiet(arg(e, i), hint))
        return hint;
    return ck_settle(arg(e, i), false);
}

static Type *bi_abs(Expr *e, Type *hint)
{
    if (!bi_arity(e, 0, 1, 1))
        return ty_err();
    Type *t = bi_num_arg(e, 0, hint);
    return type_is_num(t) ? t : bi_kind_error(e, 0, "a number", t);
}

static Type *bi_minmax(Expr *e, Type *hint)
{
    if (!bi_arity(e, 0, 2, 2))
        return ty_err();
    Type *a = ck_expr(*arg(e, 0), hint), *b = ck_expr(*arg(e, 1), hint);
    if (ck_is_err(a) || ck_is_err(b))
        return ty_err();
    Type *t = a->kind != TY_UNTYPED_INT ? a : b->kind != TY_UNTYPED_INT ? b
            : hint && type_is_num(hint) ? hint : ty(TY_I64);
    if (!ck_convert_quiet(arg(e, 0), t) || !ck_convert_quiet(arg(e, 1), t)) {
        ck_error(e->loc, "mismatched types %s and %s in %s", types_spell(a), types_spell(b),
                 bi_names[e->call.builtin]);
        return ty_err();
    }
    return type_is_num(t) ? t : bi_kind_error(e, 0, "numbers", t);
}

/* hash(x) and the map module's __map_hash(k): a u64 of an integer or a
 * string. */
static Type *bi_hash(Expr *e, Type *h)
{
    if (!bi_arity(e, 0, 1, 1))
        return ty_err();
    Type *t = ck_any(arg(e, 0), false);
    if (e->call.builtin == BI_P_MAP_HASH && !ck_is_err(t) && !type_is_int(t) && t->kind != TY_STRING) {
        ck_error((*arg(e, 0))->loc, "a map key must be an integer or a string, found %s", types_spell(t));
        return ty_err();
    }
    if (!type_is_int(t) && t->kind != TY_STRING)
        return bi_kind_error(e, 0, "an integer or a string", t);
    return ty(TY_U64);
}

static Type *bi_make(Expr *e, Type *h)
{
    if (!e->call.make_type) {
        ck_error(e->loc, "make needs a slice type as its first argument: make([]T, n)");
        ck_args_any(e, 0);
        return ty_err();
    }
    Type *t = ck_type(e->call.make_type, TU_VALUE, "make");
    if (!ck_is_err(t) && t->kind != TY_SLICE) {
        ck_error(e->call.make_type->loc, "make needs a slice type, found %s", types_spell(t));
        t = ty_err();
    }
    if (e->call.nargs < 1 || e->call.nargs > 2) {   /* the count would leave out the type */
        ck_error(e->loc, "make takes a slice type and a length, and maybe a capacity: make([]T, len) or make([]T, len, cap)");
        ck_args_any(e, 0);
        return ty_err();
    }
    bool ok = bi_int(e, 0);
    ok &= e->call.nargs < 2 || bi_int(e, 1);
    e->call.type_arg = t;
    return ok && !ck_is_err(t) ? t : ty_err();
}

static Type *bi_delete(Expr *e, Type *h)
{
    if (!bi_arity(e, 0, 1, 1))
        return ty_err();
    Type *t = ck_any(arg(e, 0), false);
    if (t->kind != TY_SLICE && t->kind != TY_STRING)
        return bi_kind_error(e, 0, "a slice or a string", t);
    return ty(TY_VOID);
}

static bool bi_seq(Type *t) { return t->kind == TY_SLICE || t->kind == TY_ARRAY; }

static Type *bi_copy(Expr *e, Type *h)
{
    if (!bi_arity(e, 0, 2, 2))
        return ty_err();
    Type *d = ck_any(arg(e, 0), false), *s = ck_any(arg(e, 1), false);
    if (ck_is_err(d) || ck_is_err(s))
        return ty_err();
    if (!bi_seq(d) || !bi_seq(s) || d->elem != s->elem) {
        ck_error(e->loc, "%s needs slices or fixed arrays of the same element type, found %s and %s",
                 bi_names[e->call.builtin], types_spell(d), types_spell(s));
        return ty_err();
    }
    if (d->kind == TY_ARRAY)
        ck_ref_arg(*arg(e, 0), "modify %s");
    return ty(TY_VOID);
}

static Type *bi_defaults(Expr *e, Type *h)
{
    if (!bi_arity(e, 0, 1, 1))
        return ty_err();
    Type *t = ck_any(arg(e, 0), false);
    if (!bi_seq(t))
        return bi_kind_error(e, 0, "a slice or a fixed array", t);
    if (t->kind == TY_ARRAY)
        ck_ref_arg(*arg(e, 0), "modify %s");
    return ty(TY_VOID);
}

static Type *bi_from_bytes(Expr *e, Type *h)
{
    if (!bi_arity(e, 0, 1, 1))
        return ty_err();
    ck_value(arg(e, 0), types_slice(ty(TY_U8)));
    return ty(TY_STRING);
}

/* ---- library primitives (stdlib modules only; see docs/internals.md) ---- */

/* Argument i: a mutable place of a kind (TY_SLICE, TY_REUSABLE_SLICE),
 * passed by reference; its type, or NULL after an error. */
static Type *bi_prim_place(Expr *e, int i, TypeKind kind, const char *want)
{
    Type *t = ck_any(arg(e, i), false);
    if (ck_is_err(t))
        return NULL;
    if (t->kind != kind) {
        bi_kind_error(e, i, want, t);
        return NULL;
    }
    return ck_ref_arg(*arg(e, i), "modify %s") ? t : NULL;
}

static Type *bi_p_fail(Expr *e, Type *h) { return bi_string_fn(e, ty(TY_VOID)); }

static Type *bi_p_grow_stable(Expr *e, Type *h)
{
    if (bi_arity(e, 0, 1, 1))
        bi_prim_place(e, 0, TY_SLICE, "a slice");
    return ty(TY_VOID);
}

/* __ref_index(xs, r): r is passed by reference. */
static Type *bi_p_ref_index(Expr *e, Type *h)
{
    if (!bi_arity(e, 0, 2, 2))
        return ty_err();
    Type *t = ck_any(arg(e, 0), false);
    if (!ck_is_err(t) && t->kind != TY_SLICE)
        return bi_kind_error(e, 0, "a slice", t);
    if (ck_is_err(t) || ck_is_err(ck_value(arg(e, 1), t->elem)))
        return ty_err();
    return ck_ref_arg(*arg(e, 1), "refer to %s") ? ty(TY_I64) : ty_err();
}

/* __span_*(pool, ...): a `reusable[] T` place, then the rest. */
static Type *bi_p_span(Expr *e, Type *h)
{
    int want = e->call.builtin == BI_P_SPAN_FIND ? 2 : 3;
    if (!bi_arity(e, 0, want, want))
        return ty_err();
    Type *t = bi_prim_place(e, 0, TY_REUSABLE_SLICE, "a slice pool");
    if (!t) {
        ck_args_any(e, 1);
        return ty_err();
    }
    if (e->call.builtin == BI_P_SPAN_FIND) {
        ck_value(arg(e, 1), types_slice(t->elem));
        return ty(TY_I64);
    }
    ck_value(arg(e, 1), ty(TY_I64));
    ck_value(arg(e, 2), ty(TY_I64));
    return e->call.builtin == BI_P_SPAN_AT ? types_slice(t->elem) : ty(TY_BOOL);
}

/* __own(x): x's type; __drop(x): void. Strings are copied/deleted, any
 * other value is passed through (generic code such as map keys). */
static Type *bi_p_own(Expr *e, Type *h)
{
    if (!bi_arity(e, 0, 1, 1))
        return ty_err();
    Type *t = ck_any(arg(e, 0), false);
    if (ck_is_err(t))
        return ty_err();
    return e->call.builtin == BI_P_OWN ? t : ty(TY_VOID);
}

/* __parallel(n, body): an int and a fn(int). */
static Type *bi_p_parallel(Expr *e, Type *h)
{
    static Type *param[1];
    if (!bi_arity(e, 0, 2, 2))
        return ty_err();
    param[0] = ty(TY_I64);
    bool ok = !ck_is_err(ck_value(arg(e, 0), ty(TY_I64)));
    ok = !ck_is_err(ck_value(arg(e, 1), types_fn(param, 1, ty(TY_VOID)))) && ok;
    return ok ? ty(TY_VOID) : ty_err();
}


/* __atomic_*(place, ...): an int place, passed by reference, then ints;
 * __mutex_*(place): an i32 place. */
typedef struct BiAtomic {
    BuiltinId id;
    TypeKind place;
    int nargs;
    TypeKind ret;
} BiAtomic;

static const BiAtomic bi_atomics[] = {
    { BI_P_ATOMIC_LOAD, TY_I64, 1, TY_I64 }, { BI_P_ATOMIC_STORE, TY_I64, 2, TY_VOID },
    { BI_P_ATOMIC_ADD, TY_I64, 2, TY_I64 },  { BI_P_ATOMIC_CAS, TY_I64, 3, TY_BOOL },
    { BI_P_MUTEX_LOCK, TY_I32, 1, TY_VOID }, { BI_P_MUTEX_UNLOCK, TY_I32, 1, TY_VOID },
};

static Type *bi_p_atomic(Expr *e, Type *h)
{
    const BiAtomic *a = bi_atomics;
    while (a->id != e->call.builtin)
        a++;
    if (!bi_arity(e, 0, a->nargs, a->nargs))
        return ty_err();
    bool ok = bi_prim_place(e, 0, a->place, a->place == TY_I64 ? "an int" : "an i32") != NULL;
    for (int i = 1; i < a->nargs; i++)
        ok = !ck_is_err(ck_value(arg(e, i), ty(TY_I64))) && ok;
    return ok ? ty(a->ret) : ty_err();
}

/* The type a GS_RT_PRIMS signature code stands for. */
static Type *bi_rt_type(char c)
{
    switch (c) {
    case 'f': return ty(TY_F64);
    case 'i': return ty(TY_I64);
    case 'w': return ty(TY_U64);
    case 'c': return ty(TY_U8);
    case 'b': return ty(TY_BOOL);
    case 's': case 'R': return ty(TY_STRING);
    case 'S': return types_optional(ty(TY_STRING));
    case 'y': case 'Y': return types_slice(ty(TY_U8));
    case 'H': return types_array(ty(TY_U32), 8);
    case 'B': return types_array(ty(TY_U8), 64);
    default: return ty(TY_VOID);
    }
}

/* A GS_RT_PRIMS primitive: arguments and result as its signature says. */
static Type *bi_rt_prim(Expr *e, Type *h)
{
    const char *sig = ast_rt_prim_sig[e->call.builtin];
    int n = (int)strlen(sig) - 1;
    if (!bi_arity(e, 0, n, n))
        return ty_err();
    bool ok = true;
    for (int i = 0; i < n; i++) {
        char c = sig[i + 1];
        bool out = strchr("RYHB", c) != NULL;
        if (c == 'A') {     /* a slice of any element type */
            Type *t = ck_any(arg(e, i), false);
            if (!ck_is_err(t) && t->kind != TY_SLICE)
                ck_error((*arg(e, i))->loc, "%s needs a slice", ast_builtin_name[e->call.builtin]);
            ok = !ck_is_err(t) && t->kind == TY_SLICE && ok;
            continue;
        }
        ok = !ck_is_err(ck_value(arg(e, i), bi_rt_type(c))) && ok;
        ok = ok && (!out || ck_ref_arg(*arg(e, i), "write %s"));
    }
    return ok ? bi_rt_type(sig[0]) : ty_err();
}

typedef Type *(*BiCheck)(Expr *e, Type *hint);

static const BiCheck bi_fn[BI__COUNT] = {
    [BI_PRINT] = bi_print, [BI_PRINTLN] = bi_print, [BI_EPRINTLN] = bi_print,
    [BI_FMT_F64] = bi_fmt_f64, [BI_TO_STRING] = bi_to_string, [BI_PARSE_INT] = bi_parse_int,
    [BI_PRINTF] = bi_printf, [BI_EPRINTF] = bi_printf, [BI_FORMAT] = bi_format,
    [BI_FORMAT_INTO] = bi_format_into, [BI_PARSE_F64] = bi_parse_f64,
    [BI_ARGS] = bi_args, [BI_CLOCK_NS] = bi_clock_ns, [BI_EXIT] = bi_exit, [BI_PANIC] = bi_panic,
    [BI_ABS] = bi_abs, [BI_MIN] = bi_minmax, [BI_MAX] = bi_minmax, [BI_READ_FILE] = bi_read_file,
    [BI_HASH] = bi_hash, [BI_P_MAP_HASH] = bi_hash, [BI_MAKE] = bi_make, [BI_DELETE] = bi_delete, [BI_COPY_INTO] = bi_copy,
    [BI_MOVE_FROM] = bi_copy, [BI_DEFAULTS] = bi_defaults, [BI_FROM_BYTES] = bi_from_bytes,
    [BI_P_FAIL] = bi_p_fail, [BI_P_GROW_STABLE] = bi_p_grow_stable, [BI_P_REF_INDEX] = bi_p_ref_index,
    [BI_P_SPAN_FIND] = bi_p_span, [BI_P_SPAN_RESIZE] = bi_p_span, [BI_P_SPAN_AT] = bi_p_span,
    [BI_P_OWN] = bi_p_own, [BI_P_DROP] = bi_p_own,
    [BI_P_PARALLEL] = bi_p_parallel,
    [BI_P_ATOMIC_LOAD] = bi_p_atomic, [BI_P_ATOMIC_STORE] = bi_p_atomic, [BI_P_ATOMIC_ADD] = bi_p_atomic,
    [BI_P_ATOMIC_CAS] = bi_p_atomic, [BI_P_MUTEX_LOCK] = bi_p_atomic, [BI_P_MUTEX_UNLOCK] = bi_p_atomic,
#define RTP_CHECK(id, s, sig, c) [BI_##id] = bi_rt_prim,
    GS_RT_PRIMS(RTP_CHECK)
#undef RTP_CHECK
};

static bool bi_is_primitive(BuiltinId id) { return bi_names[id][0] == '_'; }

Type *ck_builtin_call(Expr *e, BuiltinId id, Type *hint)
{
    e->call.kind = CALL_BUILTIN;
    e->call.builtin = id;
    if (bi_is_primitive(id) && !(ck.cur.module && ck.cur.module->is_stdlib)) {
        ck_error(e->call.callee->loc, "%s is reserved for the standard library", bi_names[id]);
        ck_args_any(e, 0);
        return ty_err();
    }
    return bi_fn[id] ? bi_fn[id](e, hint) : ty_err();
}

/* ---- methods (receiver in args[0]) ---- */
static Type *bm_push(Expr *e, Type *rt)
{
    if (!bi_arity(e, 1, 1, 1))
        return ty_err();
    ck_ref_arg(*arg(e, 0), "modify %s");
    if (!ck_is_err(ck_value(arg(e, 1), rt->elem)))
        ck_no_closure(*arg(e, 1), "a slice");
    return ty(TY_VOID);
}

static Type *bm_pop(Expr *e, Type *rt)
{
    if (!bi_arity(e, 1, 0, 0))
        return ty_err();
    ck_ref_arg(*arg(e, 0), "modify %s");
    return e->call.builtin == BI_POP ? rt->elem : ty(TY_VOID);
}

static Type *bm_bytes(Expr *e, Type *rt)
{
    return bi_arity(e, 1, 0, 0) ? types_slice(ty(TY_U8)) : ty_err();
}

static Type *bm_is_some(Expr *e, Type *rt)
{
    return bi_arity(e, 1, 0, 0) ? ty(TY_BOOL) : ty_err();
}

static Type *bm_unwrap(Expr *e, Type *rt) { return bi_arity(e, 1, 0, 0) ? rt->elem : ty_err(); }

static Type *bm_or(Expr *e, Type *rt)
{
    if (!bi_arity(e, 1, 1, 1))
        return ty_err();
    ck_value(arg(e, 1), rt->elem);
    return rt->elem;
}

static Type *bm_pool_alloc(Expr *e, Type *rt)
{
    if (!bi_arity(e, 1, 1, 1))
        return ty_err();
    ck_ref_arg(*arg(e, 0), "modify %s");
    if (rt->kind == TY_REUSABLE) {
        if (!ck_is_err(ck_value(arg(e, 1), rt->elem)))
            ck_no_closure(*arg(e, 1), "a pool");
        return ty(TY_I64);
    }
    bi_int(e, 1);
    return types_slice(rt->elem);
}

static Type *bm_pool_free(Expr *e, Type *rt)
{
    if (!bi_arity(e, 1, 1, 1))
        return ty_err();
    ck_ref_arg(*arg(e, 0), "modify %s");
    if (rt->kind == TY_REUSABLE)
        bi_int(e, 1);
    else
        ck_value(arg(e, 1), types_slice(rt->elem));
    return ty(TY_VOID);
}

typedef Type *(*BmCheck)(Expr *e, Type *rt);

static const struct { TypeKind on; BuiltinId id; BmCheck check; } bm_table[] = {
    { TY_SLICE, BI_PUSH, bm_push }, { TY_SLICE, BI_POP, bm_pop }, { TY_SLICE, BI_CLEAR, bm_pop },
    { TY_STRING, BI_BYTES, bm_bytes }, { TY_OPTIONAL, BI_IS_SOME, bm_is_some },
    { TY_OPTIONAL, BI_UNWRAP, bm_unwrap }, { TY_OPTIONAL, BI_OR, bm_or },
    { TY_REUSABLE, BI_R_ALLOC, bm_pool_alloc }, { TY_REUSABLE, BI_R_FREE, bm_pool_free },
    { TY_REUSABLE_SLICE, BI_R_ALLOC, bm_pool_alloc }, { TY_REUSABLE_SLICE, BI_R_FREE, bm_pool_free },
};

/* The builtin methods of values of kind on (the language server's
 * completion): up to max of them in out; their number. */
int ck_builtin_methods_of(TypeKind on, BuiltinId *out, int max)
{
    int n = 0;
    for (size_t i = 0; i < sizeof bm_table / sizeof bm_table[0] && n < max; i++)
        if (bm_table[i].on == on)
            out[n++] = bm_table[i].id;
    return n;
}

/* The i-th builtin method and the type kind it is on; NULL past the last. */
const char *ck_builtin_method_name(int i)
{
    return i >= 0 && (size_t)i < sizeof bm_table / sizeof bm_table[0] ? ast_builtin_name[bm_table[i].id] : NULL;
}

TypeKind ck_builtin_method_on(int i) { return bm_table[i].on; }

/* e is `recv.name(args)` with recv checked, of type bt. */
Type *ck_builtin_method(Expr *e, Type *bt, const char *name, bool *found)
{
    BuiltinId id = ck_builtin_lookup(name, true);
    for (size_t i = 0; id && i < sizeof bm_table / sizeof bm_table[0]; i++) {
        if (bm_table[i].on != bt->kind || bm_table[i].id != id)
            continue;
        *found = true;
        Expr *c = e->call.callee;
        Expr **args = NEW_ARRAY(Expr *, e->call.nargs + 1);
        args[0] = c->field.base;
        if (e->call.nargs)
            memcpy(args + 1, e->call.args, sizeof(Expr *) * (size_t)e->call.nargs);
        e->call.args = args;
        e->call.nargs++;
        e->call.kind = CALL_BUILTIN;
        e->call.builtin = id;
        c->type = ty(TY_VOID);
        return bm_table[i].check(e, bt);
    }
    return ty_err();
}
