/* cemit_fmt.c — formatted output in C: the pieces of printf, format,
 * format_into and the print of composite values (IR_PRIM __fmt: sink,
 * value, packed spec), and one debug printer per composite type printed,
 *   static void gsd_<mangle>(gs_sink k, T v)
 * writing the debug form of docs/language.md ("Formatted output"): a
 * struct as `Point{x: 1, y: 2}`, a fixed array or slice as `[1, 2]`, an
 * optional as `some(5)` / `none`, a stdlib map.Map as `{k: v, ...}` sorted
 * by key (gs_pf_map_order), an enum as `Red` or `Circle(r: 1.5)`; scalars inside go to the runtime's gs_pf_*
 * with the debug spec (strings quoted). A new kind of type gets its
 * printer by adding a cm_fmt_def_* and a row in cm_fmt_def.
 * Not for: the format strings themselves (frontend/check_fmt.c) or the
 * bytes written (runtime/goose_rt.c). */
#include "cemit_priv.h"

#include <string.h>

static bool cm_fmt_is(const IrIns *in) { return in->op == IR_PRIM && in->aux == BI_P_FMT; }

static bool cm_fmt_composite(const Type *t)
{
    return t->kind == TY_STRUCT || t->kind == TY_ARRAY || t->kind == TY_SLICE ||
           t->kind == TY_OPTIONAL;
}

/* A struct's Goose name without module prefix or type arguments. */
static const char *cm_fmt_struct_name(const StructInst *st)
{
    const char *n = st->name, *end = strchr(n, '[');
    size_t len = end ? (size_t)(end - n) : strlen(n);
    for (size_t i = len; i > 0; i--)
        if (n[i - 1] == '.') {
            n += i;
            len -= i;
            break;
        }
    return mem_strndup(g_arena, n, len);
}

static int cm_fmt_field(const StructInst *st, const char *name)
{
    for (int i = 0; i < st->nfields; i++)
        if (strcmp(st->fields[i].name, name) == 0)
            return i;
    return -1;
}

/* map.Map[K, V] of the standard library: its slots' type, or NULL. */
static Type *cm_fmt_map_slots(const Type *t)
{
    const StructInst *st = t->kind == TY_STRUCT ? t->st : NULL;
    if (!st || !st->module || !st->module->is_stdlib || strcmp(st->module->name, "map") != 0 ||
        strcmp(cm_fmt_struct_name(st), "Map") != 0)
        return NULL;
    int s = cm_fmt_field(st, "slots");
    Type *sl = s >= 0 ? st->fields[s].type : NULL;
    if (!sl || sl->kind != TY_SLICE || sl->elem->kind != TY_STRUCT)
        return NULL;
    const StructInst *slot = sl->elem->st;
    int k = cm_fmt_field(slot, "key");
    bool key_ok = k >= 0 && (type_is_int(slot->fields[k].type) || slot->fields[k].type->kind == TY_STRING);
    return key_ok && cm_fmt_field(slot, "val") >= 0 && cm_fmt_field(slot, "dist") >= 0 ? sl->elem : NULL;
}

/* ---- which printers: every composite type reached from a printed value ---- */

static bool cm_fmt_known(Cm *cm, const Type *t)
{
    for (int i = 0; i < cm->fmt_types.len; i++)
        if (cm->fmt_types.items[i] == t)
            return true;
    return false;
}

static void cm_fmt_need(Cm *cm, Type *t)
{
    if (!cm_fmt_composite(t) || cm_fmt_known(cm, t))
        return;
    vec_push(&cm->fmt_types, t);
    Type *slot = cm_fmt_map_slots(t);
    if (slot) {
        cm_fmt_need(cm, slot->st->fields[cm_fmt_field(slot->st, "key")].type);
        cm_fmt_need(cm, slot->st->fields[cm_fmt_field(slot->st, "val")].type);
    } else if (type_is_enum(t)) {
        for (int v = 0; v < t->st->nvariants; v++)
            for (int i = 0; t->st->variants[v].payload && i < t->st->variants[v].payload->nfields; i++)
                cm_fmt_need(cm, t->st->variants[v].payload->fields[i].type);
    } else if (t->kind == TY_STRUCT) {
        for (int i = 0; i < t->st->nfields; i++)
            cm_fmt_need(cm, t->st->fields[i].type);
    } else {
        cm_fmt_need(cm, t->elem);
    }
}

static void cm_fmt_scan(Cm *cm, const IrFunc *f)
{
    for (int i = 0; i < f->nins; i++)
        if (cm_fmt_is(&f->ins[i]))
            cm_fmt_need(cm, f->ins[i].args[1].type);
}

void cm_fmt_plan(Cm *cm)
{
    cm_fmt_scan(cm, cm->ir->init);
    for (int i = 0; i < cm->ir->nfuncs; i++)
        if (cm->ir->funcs[i]->reachable)
            cm_fmt_scan(cm, cm->ir->funcs[i]);
}

/* ---- spelling ---- */

/* The call that writes value x of type t into sink k with spec. */
static const char *cm_fmt_put(Cm *cm, Type *t, const char *k, const char *x, uint64_t spec)
{
    if (cm_fmt_composite(t))
        return mem_printf(g_arena, "gsd_%s(%s, %s)", types_mangle(t), k, x);
    const char *f = t->kind == TY_F64 ? "f64" : t->kind == TY_BOOL ? "bool"
                  : t->kind == TY_STRING ? "str" : type_is_signed(t) ? "i64" : "u64";
    return mem_printf(g_arena, "gs_pf_%s(%s, %s, 0x%llxu)", f, k, x, (unsigned long long)spec);
}

static const uint64_t cm_fmt_debug = (uint64_t)9 << 35;   /* GS_PF_DEBUG */

static const char *cm_fmt_elem(Cm *cm, Type *t, const char *x)
{
    return cm_fmt_put(cm, t, "k", x, cm_fmt_debug);
}

static void cm_fmt_lit(Cm *cm, const char *s)
{
    StrBuf b = { 0 };
    cm_c_string(&b, s, (int64_t)strlen(s));
    sb_printf(cm->out, "    gs_pf_lit(k, %.*s, %d);\n", (int)b.len, b.data, (int)strlen(s));
    sb_free(&b);
}

static void cm_fmt_def_struct(Cm *cm, Type *t)
{
    const StructInst *st = t->st;
    const char *before = mem_printf(g_arena, "%s{", cm_fmt_struct_name(st));
    for (int i = 0; i < st->nfields; i++) {
        const char *x = mem_printf(g_arena, "v.%s", cm_field_name(st->fields[i].name));
        cm_fmt_lit(cm, mem_printf(g_arena, "%s%s: ", before, st->fields[i].name));
        sb_printf(cm->out, "    %s;\n", cm_fmt_elem(cm, st->fields[i].type, x));
        before = ", ";
    }
    cm_fmt_lit(cm, mem_printf(g_arena, "%s}", st->nfields ? "" : before));
}

/* An enum as its variant's name, then its payload as `(f: v, ...)`:
 * `Red`, `Circle(r: 1.5)`. A plain enum's value and another's tag are
 * the variant's position. */
static void cm_fmt_def_enum(Cm *cm, Type *t)
{
    const StructInst *st = t->st;
    sb_printf(cm->out, "    switch (%s) {\n", st->enum_plain ? "v" : "v.tag");
    for (int v = 0; v < st->nvariants; v++) {
        const VariantInfo *vi = &st->variants[v];
        sb_printf(cm->out, "    case %d:\n", v);
        const char *before = mem_printf(g_arena, "%s(", vi->name);
        for (int i = 0; vi->payload && i < vi->payload->nfields; i++) {
            const FieldInfo *f = &vi->payload->fields[i];
            const char *x = mem_printf(g_arena, "v.u.%s.%s", cm_field_name(st->fields[vi->field].name),
                                       cm_field_name(f->name));
            cm_fmt_lit(cm, mem_printf(g_arena, "%s%s: ", before, f->name));
            sb_printf(cm->out, "    %s;\n", cm_fmt_elem(cm, f->type, x));
            before = ", ";
        }
        bool args = vi->payload && vi->payload->nfields > 0;
        cm_fmt_lit(cm, args ? ")" : vi->name);
        sb_puts(cm->out, "        break;\n");
    }
    sb_puts(cm->out, "    }\n");
}

static void cm_fmt_def_seq(Cm *cm, Type *t)
{
    bool arr = t->kind == TY_ARRAY;
    const char *n = arr ? mem_printf(g_arena, "%lld", (long long)t->len) : "v.len";
    cm_fmt_lit(cm, "[");
    sb_printf(cm->out, "    for (int64_t i = 0; i < %s; i++) {\n", n);
    sb_puts(cm->out, "        if (i > 0) gs_pf_lit(k, \", \", 2);\n");
    sb_printf(cm->out, "        %s;\n    }\n", cm_fmt_elem(cm, t->elem, arr ? "v.a[i]" : "v.ptr[i]"));
    cm_fmt_lit(cm, "]");
}

static void cm_fmt_def_opt(Cm *cm, Type *t)
{
    sb_puts(cm->out, "    if (!v.has) {\n        gs_pf_lit(k, \"none\", 4);\n        return;\n    }\n");
    cm_fmt_lit(cm, "some(");
    sb_printf(cm->out, "    %s;\n", cm_fmt_elem(cm, t->elem, "v.val"));
    cm_fmt_lit(cm, ")");
}

static void cm_fmt_def_map(Cm *cm, Type *t, Type *slot)
{
    const StructInst *st = slot->st;
    Type *kt = st->fields[cm_fmt_field(st, "key")].type;
    Type *vt = st->fields[cm_fmt_field(st, "val")].type;
    const char *sc = cm_ctype(cm, slot);
    const char *slots = cm_field_name("slots");
    int kind = kt->kind == TY_STRING ? 't' : type_is_signed(kt) ? 's' : 'u';
    sb_printf(cm->out, "    int64_t n = 0;\n    int64_t *ix = gs_pf_map_order(v.%s.ptr, v.%s.len, "
              "sizeof(%s), offsetof(%s, %s), offsetof(%s, %s), '%c', sizeof(%s), &n);\n",
              slots, slots, sc, sc, cm_field_name("key"), sc, cm_field_name("dist"), kind,
              cm_ctype(cm, kt));
    cm_fmt_lit(cm, "{");
    sb_puts(cm->out, "    for (int64_t i = 0; i < n; i++) {\n");
    sb_puts(cm->out, "        if (i > 0) gs_pf_lit(k, \", \", 2);\n");
    const char *at = mem_printf(g_arena, "v.%s.ptr[ix[i]]", slots);
    sb_printf(cm->out, "        %s;\n", cm_fmt_elem(cm, kt, mem_printf(g_arena, "%s.%s", at, cm_field_name("key"))));
    sb_puts(cm->out, "        gs_pf_lit(k, \": \", 2);\n");
    sb_printf(cm->out, "        %s;\n    }\n", cm_fmt_elem(cm, vt, mem_printf(g_arena, "%s.%s", at, cm_field_name("val"))));
    cm_fmt_lit(cm, "}");
    sb_puts(cm->out, "    gs_pf_map_done(ix);\n");
}

static const char *cm_fmt_sig(Cm *cm, Type *t)
{
    return mem_printf(g_arena, "static void gsd_%s(gs_sink k, %s v)", types_mangle(t), cm_ctype(cm, t));
}

static void cm_fmt_def(Cm *cm, Type *t)
{
    Type *slot = cm_fmt_map_slots(t);
    sb_printf(cm->out, "%s {\n", cm_fmt_sig(cm, t));
    if (slot)
        cm_fmt_def_map(cm, t, slot);
    else if (type_is_enum(t))
        cm_fmt_def_enum(cm, t);
    else if (t->kind == TY_STRUCT)
        cm_fmt_def_struct(cm, t);
    else if (t->kind == TY_OPTIONAL)
        cm_fmt_def_opt(cm, t);
    else
        cm_fmt_def_seq(cm, t);
    sb_puts(cm->out, "}\n");
}

void cm_fmt_emit(Cm *cm)
{
    if (cm->fmt_types.len == 0)
        return;
    sb_puts(cm->out, "/* ---- debug printers ---- */\n");
    for (int i = 0; i < cm->fmt_types.len; i++)
        sb_printf(cm->out, "%s;\n", cm_fmt_sig(cm, cm->fmt_types.items[i]));
    for (int i = 0; i < cm->fmt_types.len; i++)
        cm_fmt_def(cm, cm->fmt_types.items[i]);
    sb_puts(cm->out, "\n");
}

/* An __fmt piece as a C statement. A composite with a width goes through
 * the runtime's scratch sink (gs_pf_open / gs_pf_close) to be padded. */
const char *cm_fmt_spell(Cm *cm, const IrIns *in)
{
    const char *k = mem_printf(g_arena, "%d", (int)in->args[0].i);
    uint64_t spec = in->args[2].i;
    Type *t = in->args[1].type;
    const char *x = cm_cond(cm, &in->args[1]);
    if (!cm_fmt_composite(t) || ((spec >> 44) & 1023) == 0)
        return cm_fmt_put(cm, t, k, x, spec);
    return mem_printf(g_arena, "{ gsd_%s(gs_pf_open(%s, 0x%llxu), %s); gs_pf_close(%s, 0x%llxu); }",
                      types_mangle(t), k, (unsigned long long)spec, x, k, (unsigned long long)spec);
}
