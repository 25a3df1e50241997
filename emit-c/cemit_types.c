/* cemit_types.c — C spellings of Goose types and their definitions.
 *
 * Names: scalars are <stdint.h> types, string is gs_str, []T is
 * gs_slice_<mangle T>, ?T is gs_opt_<mangle T>, [N]T and fn types are
 * gs_<mangle>, structs their StructInst cname. []u8, []string, ?int, ?f64 and
 * ?string are defined by goose_rt.h and never emitted here.
 * Every composite type gets a forward typedef first; definitions follow in
 * an order where whatever a type holds by value comes before it (slices and
 * fn types hold only pointers, so they need just the forward names).
 * Not for: values or statements (cemit_ins.c). */
#include "cemit_priv.h"

#include <string.h>

static const char *const cm_scalar[TY__COUNT] = {
    [TY_VOID] = "void", [TY_BOOL] = "bool",
    [TY_I8] = "int8_t", [TY_I16] = "int16_t", [TY_I32] = "int32_t", [TY_I64] = "int64_t",
    [TY_U8] = "uint8_t", [TY_U16] = "uint16_t", [TY_U32] = "uint32_t", [TY_U64] = "uint64_t",
    [TY_F64] = "double", [TY_STRING] = "gs_str",
};

static const char *const cm_predefined[] = { "gs_slice_u8", "gs_slice_str", "gs_opt_i64", "gs_opt_str", "gs_opt_f64" };

bool cm_is_void(const Type *t) { return !t || t->kind == TY_VOID; }

int cm_width(const Type *t)
{
    switch (t->kind) {
    case TY_I8: case TY_U8: return 8;
    case TY_I16: case TY_U16: return 16;
    case TY_I32: case TY_U32: return 32;
    default: return 64;
    }
}

/* The unsigned type wrapping arithmetic goes through: never narrower than
 * int, so u16 * u16 cannot overflow a promoted signed int. */
const char *cm_uint_of(const Type *t)
{
    return cm_width(t) == 64 ? "uint64_t" : "uint32_t";
}

static const char *cm_make_name(Cm *cm, Type *t)
{
    switch (t->kind) {
    case TY_SLICE: return mem_printf(g_arena, "gs_slice_%s", types_mangle(t->elem));
    case TY_OPTIONAL: return mem_printf(g_arena, "gs_opt_%s", types_mangle(t->elem));
    case TY_ARRAY: case TY_FN: return mem_printf(g_arena, "gs_%s", types_mangle(t));
    case TY_STRUCT: return t->st->cname;
    case TY_REF: return mem_printf(g_arena, "%s *", cm_ctype(cm, t->elem));
    case TY_REUSABLE: cm->uses_pools = true; return "gs_slots";
    case TY_REUSABLE_SLICE: cm->uses_pools = true; return "gs_spans";
    default: break;
    }
    const char *s = t->kind < TY__COUNT ? cm_scalar[t->kind] : NULL;
    if (!s)
        fatal_internal("C emitter: no C type for %s", types_spell(t));
    return s;
}

/* ---- sizes ----
 * The C size and alignment of t as cm_def_type lays it out on the LP64
 * targets goose supports (pointers 8 bytes), or false when the emitter does
 * not know it (pools, anything above 1 MiB). It only folds the size class
 * of a constant-size make (cm_make): gs_alloc_cls checks that class against
 * the C compiler's own sizeof and reports a mismatch, so a slip here is a
 * loud failure, never a short block. */
static const int8_t cm_scalar_size[TY__COUNT] = {
    [TY_BOOL] = 1, [TY_I8] = 1, [TY_U8] = 1, [TY_I16] = 2, [TY_U16] = 2,
    [TY_I32] = 4, [TY_U32] = 4, [TY_I64] = 8, [TY_U64] = 8, [TY_F64] = 8,
    [TY_STRING] = 16, [TY_SLICE] = 24, [TY_FN] = 16, [TY_REF] = 8,
};

static int64_t cm_round_up(int64_t n, int64_t a) { return (n + a - 1) / a * a; }

/* An enum: a C enum (int), or `struct { uint32_t tag; union {...} u; }`. */
static bool cm_enum_size(const StructInst *st, int64_t *size, int64_t *align)
{
    int64_t us = 0, ua = 1;
    for (int i = 1; i < st->nfields; i++) {
        int64_t fs, fa;
        if (!cm_csize(st->fields[i].type, &fs, &fa))
            return false;
        us = fs > us ? fs : us;
        ua = fa > ua ? fa : ua;
    }
    *align = ua > 4 ? ua : 4;
    *size = st->nfields == 0 ? 4 : cm_round_up(cm_round_up(4, ua) + us, *align);
    return true;
}

static bool cm_struct_size(const StructInst *st, int64_t *size, int64_t *align)
{
    if (st->is_enum)
        return cm_enum_size(st, size, align);
    int64_t off = 0, al = 1;
    for (int i = 0; i < st->nfields; i++) {
        int64_t fs, fa;
        if (!cm_csize(st->fields[i].type, &fs, &fa))
            return false;
        off = cm_round_up(off, fa) + fs;
        al = fa > al ? fa : al;
    }
    *size = st->nfields == 0 ? 1 : cm_round_up(off, al);    /* empty: char unused_ */
    *align = al;
    return true;
}

bool cm_csize(const Type *t, int64_t *size, int64_t *align)
{
    int64_t es, ea;
    bool ok = true;
    switch (t->kind) {
    case TY_OPTIONAL:           /* struct { bool has; T val; } */
        ok = cm_csize(t->elem, &es, &ea);
        *size = ok ? cm_round_up(cm_round_up(1, ea) + es, ea) : 0;
        *align = ok ? ea : 1;
        break;
    case TY_ARRAY:              /* struct { T a[len > 0 ? len : 1]; } */
        ok = cm_csize(t->elem, &es, &ea) && t->len <= (1 << 20);
        *size = ok ? es * (t->len > 0 ? t->len : 1) : 0;
        *align = ok ? ea : 1;
        break;
    case TY_STRUCT:
        ok = t->st->complete && cm_struct_size(t->st, size, align);
        break;
    default:
        *size = t->kind < TY__COUNT ? cm_scalar_size[t->kind] : 0;
        *align = *size > 8 ? 8 : *size;
        ok = *size > 0;
        break;
    }
    return ok && *size <= (1 << 20);
}

const char *cm_ctype(Cm *cm, Type *t)
{
    if (!t)
        return "void";
    if (t->id >= cm->ntname) {
        int n = t->id * 2 + 64;
        const char **nn = NEW_ARRAY(const char *, n);
        if (cm->ntname)
            memcpy(nn, cm->tname, sizeof(char *) * (size_t)cm->ntname);
        cm->tname = nn;
        cm->ntname = n;
    }
    if (!cm->tname[t->id])
        cm->tname[t->id] = cm_make_name(cm, t);
    return cm->tname[t->id];
}

static bool cm_composite(const Type *t)
{
    return t->kind == TY_SLICE || t->kind == TY_OPTIONAL || t->kind == TY_ARRAY ||
           t->kind == TY_FN || t->kind == TY_STRUCT;
}

static bool cm_is_predefined(Cm *cm, Type *t)
{
    const char *n = cm_ctype(cm, t);
    for (size_t i = 0; i < sizeof cm_predefined / sizeof *cm_predefined; i++)
        if (strcmp(n, cm_predefined[i]) == 0)
            return true;
    return false;
}

enum { CM_TYPE_NEW, CM_TYPE_WALKING, CM_TYPE_PLACED };

static uint8_t *cm_type_state(Cm *cm, Type *t)
{
    if (t->id >= cm->cap_state) {
        int n = t->id * 2 + 64;
        uint8_t *nn = NEW_ARRAY(uint8_t, n);
        if (cm->cap_state)
            memcpy(nn, cm->type_state, (size_t)cm->cap_state);
        cm->type_state = nn;
        cm->cap_state = n;
    }
    return &cm->type_state[t->id];
}

/* Appends t to the emission order (after what it holds by value). */
static void cm_add_type(Cm *cm, Type *t)
{
    if (!cm_composite(t) || cm_is_predefined(cm, t))
        return;
    if (cm->ntypes == cm->cap_types) {
        int n = cm->cap_types ? cm->cap_types * 2 : 64;
        Type **nn = NEW_ARRAY(Type *, n);
        if (cm->ntypes)
            memcpy(nn, cm->types, sizeof(Type *) * (size_t)cm->ntypes);
        cm->types = nn;
        cm->cap_types = n;
    }
    cm->types[cm->ntypes++] = t;
}

/* Walks t and everything it names, placing each type after what it holds
 * by value (a slice, ref, pool or fn type holds its element types through
 * a pointer: they need only the forward typedef). False when t holds by
 * value a type still being walked, reached here through a pointer
 * (`struct Node { opt: []?Node }` reaches ?Node while Node is open): t is
 * then placed later, from type_pending, once that type is. */
static bool cm_need_walk(Cm *cm, Type *t)
{
    if (!t)
        return true;
    uint8_t *st = cm_type_state(cm, t);
    if (*st != CM_TYPE_NEW)
        return *st == CM_TYPE_PLACED;
    *st = CM_TYPE_WALKING;
    bool ok = true;
    switch (t->kind) {
    case TY_ARRAY: case TY_OPTIONAL:
        ok = cm_need_walk(cm, t->elem);
        break;
    case TY_SLICE: case TY_REF:
        cm_need_walk(cm, t->elem);
        break;
    case TY_REUSABLE: case TY_REUSABLE_SLICE:   /* gs_pool.h types over elem */
        cm->uses_pools = true;
        cm_need_walk(cm, t->elem);
        if (t->kind == TY_REUSABLE_SLICE)
            cm_need_walk(cm, types_slice(t->elem));
        break;
    case TY_FN:
        for (int i = 0; i < t->nparams; i++)
            cm_need_walk(cm, t->params[i]);
        cm_need_walk(cm, t->ret);
        break;
    case TY_STRUCT:
        for (int i = 0; i < t->st->nfields; i++)
            ok &= cm_need_walk(cm, t->st->fields[i].type);
        break;
    default:
        break;
    }
    st = cm_type_state(cm, t);
    if (!ok) {
        *st = CM_TYPE_NEW;
        vec_push(&cm->type_pending, t);
        return false;
    }
    *st = CM_TYPE_PLACED;
    cm_add_type(cm, t);
    return true;
}

/* Registers t and everything it names, each type after what it holds by
 * value. */
void cm_need_type(Cm *cm, Type *t)
{
    cm_need_walk(cm, t);
    for (int i = 0; i < cm->type_pending.len; i++)
        cm_need_walk(cm, cm->type_pending.items[i]);
    cm->type_pending.len = 0;
}

static void cm_need_func(Cm *cm, const IrFunc *f)
{
    for (int i = 0; i < f->ntemps; i++)
        cm_need_type(cm, f->temps[i]);
    for (int i = 0; i < f->nins; i++) {
        cm_need_type(cm, f->ins[i].type);
        cm->uses_pools |= f->ins[i].op == IR_PRIM && f->ins[i].aux != BI_P_FMT;
    }
    if (!f->fn)
        return;
    cm_need_type(cm, f->fn->ret);
    for (int i = 0; i < f->fn->nparams; i++)
        cm_need_type(cm, f->fn->params[i]->type);
    for (int i = 0; i < f->fn->locals.len; i++)
        cm_need_type(cm, VEC_AT(f->fn->locals, Local *, i)->type);
    for (int i = 0; i < f->ncaptures; i++)
        cm_need_type(cm, f->captures[i]->type);
}

void cm_collect_types(Cm *cm)
{
    const Program *p = cm->ir->prog;
    for (int i = 0; i < p->structs.len; i++)
        cm_need_type(cm, VEC_AT(p->structs, StructInst *, i)->type);
    for (int i = 0; i < p->globals.len; i++)
        cm_need_type(cm, VEC_AT(p->globals, Global *, i)->type);
    cm_need_func(cm, cm->ir->init);
    for (int i = 0; i < cm->ir->nfuncs; i++)
        if (cm->ir->funcs[i]->reachable)
            cm_need_func(cm, cm->ir->funcs[i]);
}

/* Goose field names that C may read as something else get the suffix
 * `_f`: C keywords and names the headers or a compiler define (tcc defines
 * `unix`), names reserved to C (`_Bool`, `__LINE__`, `__inline`) and
 * macro-style names without a lower-case letter (`SIZE_MAX`, `GS_INLINE`).
 * So that the suffix stays unambiguous, a name already ending in it gets
 * it too. */
const char *cm_field_name(const char *name)
{
    static const char *const kw[] = {
        "auto", "break", "case", "char", "const", "continue", "default", "do", "double",
        "else", "enum", "extern", "float", "for", "goto", "if", "inline", "int", "long",
        "register", "restrict", "return", "short", "signed", "sizeof", "static", "struct",
        "switch", "typedef", "union", "unsigned", "void", "volatile", "while", "bool",
        "true", "false", "NULL", "main", "errno", "stdin", "stdout", "stderr", "assert",
        "unix", "linux", "asm", "typeof", "offsetof",
    };
    size_t n = strlen(name);
    bool esc = (name[0] == '_' && (name[1] == '_' || (name[1] >= 'A' && name[1] <= 'Z')))
               || (n >= 2 && strcmp(name + n - 2, "_f") == 0);
    bool lower = false;
    for (const char *p = name; *p; p++)
        lower |= *p >= 'a' && *p <= 'z';
    for (size_t i = 0; !esc && i < sizeof kw / sizeof *kw; i++)
        esc = strcmp(name, kw[i]) == 0;
    if (esc || !lower)
        return mem_printf(g_arena, "%s_f", name);
    return name;
}

static void cm_def_fn(Cm *cm, Type *t, const char *n)
{
    StrBuf *o = cm->out;
    sb_printf(o, "struct %s {\n    %s (*fn)(void *env", n, cm_ctype(cm, t->ret));
    for (int i = 0; i < t->nparams; i++)
        sb_printf(o, ", %s", cm_ctype(cm, t->params[i]));
    sb_puts(o, ");\n    void *env;\n};\n");
}

/* The C name of variant v of a plain enum. */
const char *cm_enumerator(Cm *cm, Type *t, int v)
{
    return mem_printf(g_arena, "%s__%s", cm_ctype(cm, t), t->st->variants[v].name);
}

static void cm_def_plain_enum(Cm *cm, Type *t, const char *n)
{
    sb_printf(cm->out, "typedef enum %s {", n);
    for (int i = 0; i < t->st->nvariants; i++)
        sb_printf(cm->out, "%s %s", i ? "," : "", cm_enumerator(cm, t, i));
    sb_printf(cm->out, " } %s;\n", n);
}

/* The tag, then the payloads overlaid: as large as the tag and the
 * largest payload (padding aside). */
static void cm_def_enum(Cm *cm, Type *t, const char *n)
{
    StrBuf *o = cm->out;
    StructInst *st = t->st;
    sb_printf(o, "struct %s {\n    uint32_t tag;\n", n);
    if (st->nfields > 1) {
        sb_puts(o, "    union {\n");
        for (int i = 1; i < st->nfields; i++)
            sb_printf(o, "        %s %s;\n", cm_ctype(cm, st->fields[i].type), cm_field_name(st->fields[i].name));
        sb_puts(o, "    } u;\n");
    }
    sb_puts(o, "};\n");
}

static void cm_def_struct(Cm *cm, Type *t, const char *n)
{
    StrBuf *o = cm->out;
    StructInst *st = t->st;
    if (st->is_enum) {
        if (!st->enum_plain)
            cm_def_enum(cm, t, n);
        return;
    }
    sb_printf(o, "struct %s {\n", n);
    for (int i = 0; i < st->nfields; i++)
        sb_printf(o, "    %s %s;\n", cm_ctype(cm, st->fields[i].type), cm_field_name(st->fields[i].name));
    if (st->nfields == 0)
        sb_puts(o, "    char unused_;\n");
    sb_puts(o, "};\n");
}

static void cm_def_type(Cm *cm, Type *t)
{
    StrBuf *o = cm->out;
    const char *n = cm_ctype(cm, t);
    switch (t->kind) {
    case TY_SLICE:
        sb_printf(o, "struct %s {\n    %s *ptr;\n    int64_t len;\n    int64_t cap;\n};\n",
                  n, cm_ctype(cm, t->elem));
        break;
    case TY_OPTIONAL:
        sb_printf(o, "struct %s {\n    bool has;\n    %s val;\n};\n", n, cm_ctype(cm, t->elem));
        break;
    case TY_ARRAY:
        sb_printf(o, "struct %s {\n    %s a[%lld];\n};\n", n, cm_ctype(cm, t->elem),
                  (long long)(t->len > 0 ? t->len : 1));
        break;
    case TY_FN: cm_def_fn(cm, t, n); break;
    case TY_STRUCT: cm_def_struct(cm, t, n); break;
    default: break;
    }
}

void cm_emit_types(Cm *cm)
{
    if (cm->ntypes == 0)
        return;
    sb_puts(cm->out, "/* ---- forward types ---- */\n");
    for (int i = 0; i < cm->ntypes; i++) {
        const char *n = cm_ctype(cm, cm->types[i]);
        if (type_is_plain_enum(cm->types[i]))
            cm_def_plain_enum(cm, cm->types[i], n);
        else
            sb_printf(cm->out, "typedef struct %s %s;\n", n, n);
    }
    sb_puts(cm->out, "\n/* ---- types ---- */\n");
    for (int i = 0; i < cm->ntypes; i++)
        cm_def_type(cm, cm->types[i]);
    sb_puts(cm->out, "\n");
}
