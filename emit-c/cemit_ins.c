/* cemit_ins.c — IR instructions → C statements of one function body.
 *
 * Integer + - * and unary minus go through the unsigned type of the same
 * width (uint32_t for 8/16-bit types: C would promote them to int, where
 * u16 * u16 can overflow), so no emitted code relies on signed overflow.
 * A temp written once is declared where it is written; a temp written more
 * than once (&&, ||) is declared at the top of the function. A temp nobody
 * reads is not declared: a pure instruction producing it is dropped, any
 * other becomes an expression statement.
 * Not for: deciding checks or order (lower/ did), types (cemit_types.c). */
#include "cemit_priv.h"
#include "gs_heap.h" /* gs_heap_class: the runtime's size classes */

#include <math.h>

/* Longest C expression a folded temp may carry into its use. */
enum { CM_FOLD_MAX = 160 };
#include <stdio.h>
#include <string.h>

void cm_line(Cm *cm, const char *fmt, ...)
{
    cm_line_mark(cm);
    sb_printf(cm->out, "%*s", 4 * cm->depth, "");
    va_list ap;
    va_start(ap, fmt);
    sb_vprintf(cm->out, fmt, ap);
    va_end(ap);
    sb_putc(cm->out, '\n');
}

const char *cm_local_name(const Local *l)
{
    return mem_printf(g_arena, "%s_%d", l->name, l->id);
}

/* C string literal body: printable ASCII as is; '?' escaped (trigraphs
 * under -std=c11), everything else as three-digit octal. */
void cm_c_string(StrBuf *b, const char *s, int64_t n)
{
    sb_putc(b, '"');
    for (int64_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == '"' || c == '\\' || c == '?')
            sb_printf(b, "\\%c", c);
        else if (c == '\n')
            sb_puts(b, "\\n");
        else if (c == '\t')
            sb_puts(b, "\\t");
        else if (c >= 32 && c < 127)
            sb_putc(b, (char)c);
        else
            sb_printf(b, "\\%03o", c);
    }
    sb_putc(b, '"');
}

/* ---- operands ---- */

static void cm_int(StrBuf *b, const IrOpd *o)
{
    if (type_is_signed(o->type)) {
        int64_t v = (int64_t)o->i;
        if (v == INT64_MIN)
            sb_puts(b, "INT64_MIN");
        else if (v < 0 && v > INT32_MIN)
            sb_printf(b, "(%lld)", (long long)v);
        else if (v >= 0 && v <= INT32_MAX)
            sb_printf(b, "%lld", (long long)v);
        else
            sb_printf(b, "INT64_C(%lld)", (long long)v);
        return;
    }
    uint64_t v = o->i;
    if (v <= INT32_MAX)
        sb_printf(b, "%llu", (unsigned long long)v);
    else if (v <= UINT32_MAX)
        sb_printf(b, "%lluu", (unsigned long long)v);
    else
        sb_printf(b, "UINT64_C(%llu)", (unsigned long long)v);
}

static void cm_f64(StrBuf *b, double f)
{
    if (isnan(f)) {
        sb_puts(b, "(0.0 / 0.0)");
        return;
    }
    if (isinf(f)) {
        sb_puts(b, f > 0 ? "(1e308 * 10.0)" : "(-1e308 * 10.0)");
        return;
    }
    char buf[64];
    snprintf(buf, sizeof buf, "%.17g", f);
    if (!strpbrk(buf, ".e"))
        strcat(buf, ".0");
    if (buf[0] == '-')
        sb_printf(b, "(%s)", buf);
    else
        sb_puts(b, buf);
}

void cm_zero(Cm *cm, StrBuf *b, Type *t)
{
    if (type_is_int(t))
        sb_puts(b, "0");
    else if (t->kind == TY_BOOL)
        sb_puts(b, "false");
    else if (t->kind == TY_F64)
        sb_puts(b, "0.0");
    else if (t->kind == TY_REF)
        sb_puts(b, "NULL");
    else if (type_is_plain_enum(t))
        sb_puts(b, cm_enumerator(cm, t, 0));
    else
        sb_printf(b, "(%s){0}", cm_ctype(cm, t));
}

/* A local seen from the current function: its own, or through the env. */
static void cm_local(Cm *cm, StrBuf *b, const Local *l, bool addr)
{
    bool own = cm->f->fn && l->owner == cm->f->fn;
    const char *n = cm_local_name(l);
    if (own && !l->is_ref && !cm_byptr_param(cm, l) && !cm_view(cm, l))
        sb_printf(b, addr ? "&%s" : "%s", n);
    else if (own)
        sb_printf(b, addr ? "%s" : "(*%s)", n);
    else
        sb_printf(b, addr ? "env->%s" : "(*env->%s)", cm_env_field(cm, cm->f, l));
}

void cm_opd(Cm *cm, StrBuf *b, const IrOpd *o)
{
    switch (o->kind) {
    case OPD_NONE: break;
    case OPD_TEMP:
        if (cm->inl && cm->inl[o->temp])
            sb_puts(b, cm->inl[o->temp]);
        else
            sb_printf(b, cm_view_temp(cm, o->temp) ? "(*t%d)" : "t%d", o->temp);
        break;
    case OPD_LOCAL: cm_local(cm, b, o->local, false); break;
    case OPD_GLOBAL: sb_puts(b, o->global->cname); break;
    case OPD_INT:
        if (type_is_plain_enum(o->type) && o->i < (uint64_t)o->type->st->nvariants)
            sb_puts(b, cm_enumerator(cm, o->type, (int)o->i));
        else
            cm_int(b, o);
        break;
    case OPD_F64: cm_f64(b, o->f); break;
    case OPD_BOOL: sb_puts(b, o->b ? "true" : "false"); break;
    case OPD_STR:
        sb_puts(b, "GS_STR_LIT(");
        cm_c_string(b, o->s.bytes, o->s.len);
        sb_printf(b, ", %lld)", (long long)o->s.len);
        break;
    case OPD_ZERO: cm_zero(cm, b, o->type); break;
    }
}

static const char *cm_s(Cm *cm, const IrOpd *o);

/* An operand in a position that needs no parentheses (a condition). */
const char *cm_cond(Cm *cm, const IrOpd *o)
{
    if (o->kind == OPD_TEMP && cm->inl_raw && cm->inl_raw[o->temp])
        return cm->inl_raw[o->temp];
    return cm_s(cm, o);
}

static const char *cm_s(Cm *cm, const IrOpd *o)
{
    StrBuf b = { 0 };
    cm_opd(cm, &b, o);
    const char *s = mem_strndup(g_arena, b.data ? b.data : "", b.len);
    sb_free(&b);
    return s;
}

/* ---- places ---- */

static void cm_proj(Cm *cm, StrBuf *b, const char *inner, const IrProj *j, Type *before)
{
    switch (j->kind) {
    case PJ_FIELD:
        sb_printf(b, before->st->is_enum && j->field > 0 ? "%s.u.%s" : "%s.%s", inner,
                  cm_field_name(before->st->fields[j->field].name));
        break;
    case PJ_AINDEX: sb_printf(b, "%s.a[%s]", inner, cm_s(cm, &j->index)); break;
    case PJ_SINDEX:
        if (before->kind == TY_REUSABLE)    /* slot i of a gs_slots */
            sb_printf(b, "((%s *)%s.ptr)[%s]", cm_ctype(cm, before->elem), inner, cm_s(cm, &j->index));
        else
            sb_printf(b, "%s.ptr[%s]", inner, cm_s(cm, &j->index));
        break;
    case PJ_DEREF: sb_printf(b, "(*%s)", inner); break;
    case PJ_LEN:
        if (before->kind == TY_STRING)
            sb_printf(b, strchr(inner, ',') ? "GS_SLEN((%s))" : "GS_SLEN(%s)", inner);
        else if (before->kind == TY_ARRAY)
            sb_printf(b, "%lld", (long long)before->len);
        else
            sb_printf(b, "%s.len", inner);
        break;
    case PJ_CAP: sb_printf(b, strchr(inner, ',') ? "GS_CAP((%s))" : "GS_CAP(%s)", inner); break;
    case PJ_HAS: sb_printf(b, "%s.has", inner); break;
    case PJ_VAL: sb_printf(b, "%s.val", inner); break;
    }
}

/* The place through its first n projections. */
static const char *cm_place_n(Cm *cm, const IrPlace *p, int n)
{
    const char *cur = cm_s(cm, &p->root);
    Type *t = p->root.type;
    if (p->root.kind == OPD_LOCAL)
        t = p->root.local->type;
    for (int k = 0; k < n; k++) {
        StrBuf b = { 0 };
        cm_proj(cm, &b, cur, &p->proj[k], t);
        cur = mem_strndup(g_arena, b.data, b.len);
        sb_free(&b);
        t = p->proj[k].type;
    }
    return cur;
}

static const char *cm_place_s(Cm *cm, const IrPlace *p) { return cm_place_n(cm, p, p->nproj); }

static const char *cm_addr_s(Cm *cm, const IrPlace *p)
{
    if (p->nproj == 0 && p->root.kind == OPD_LOCAL) {
        StrBuf b = { 0 };
        cm_local(cm, &b, p->root.local, true);
        const char *s = mem_strndup(g_arena, b.data, b.len);
        sb_free(&b);
        return s;
    }
    if (p->nproj > 0 && p->proj[p->nproj - 1].kind == PJ_DEREF)
        return cm_place_n(cm, p, p->nproj - 1);
    return mem_printf(g_arena, "&%s", cm_place_s(cm, p));
}

/* ---- value expressions ---- */

static const char *cm_args(Cm *cm, const IrIns *in, bool lead_comma)
{
    StrBuf b = { 0 };
    for (int i = 0; i < in->nargs; i++) {
        if (i || lead_comma)
            sb_puts(&b, ", ");
        if (cm_byptr_arg(cm, in, i))
            sb_puts(&b, cm_byptr_spell(cm, &in->args[i]));
        else
            sb_puts(&b, cm_cond(cm, &in->args[i]));  /* an argument needs no parentheses */
    }
    const char *s = mem_strndup(g_arena, b.data ? b.data : "", b.len);
    sb_free(&b);
    return s;
}

/* In a stdlib function a check reports at the user's call (the hidden
 * site_ parameter), unless its message needs the site's static detail. */
bool cm_site_is_param(const Cm *cm, int site)
{
    return site >= 0 && ir_fn_has_site(cm->f->fn);
}

const char *cm_site_ref(Cm *cm, int site)
{
    if (!cm_site_is_param(cm, site))
        return mem_printf(g_arena, "&gs_site%d", cm->site_num[site]);
    const char *what = cm->f->sites[site].what;
    if (!what)
        return "site_";
    StrBuf b = { 0 };
    cm_c_string(&b, what, (int64_t)strlen(what));
    const char *r = mem_printf(g_arena, "gs_site_with(site_, %s)", b.data);
    sb_free(&b);
    return r;
}

static const char *const cm_binop_c[BIN__COUNT] = {
    [BIN_ADD] = "+", [BIN_SUB] = "-", [BIN_MUL] = "*", [BIN_DIV] = "/", [BIN_MOD] = "%",
    [BIN_AND] = "&", [BIN_OR] = "|", [BIN_XOR] = "^", [BIN_SHL] = "<<", [BIN_SHR] = ">>",
    [BIN_EQ] = "==", [BIN_NE] = "!=", [BIN_LT] = "<", [BIN_LE] = "<=", [BIN_GT] = ">",
    [BIN_GE] = ">=", [BIN_LAND] = "&&", [BIN_LOR] = "||",
};

static const char *cm_bin_string(Cm *cm, const IrIns *in, const char *a, const char *b)
{
    switch (in->aux) {
    case BIN_ADD: return mem_printf(g_arena, "gs_str_concat(%s, %s)", a, b);
    case BIN_EQ: return mem_printf(g_arena, "gs_str_eq(%s, %s)", a, b);
    case BIN_NE: return mem_printf(g_arena, "!gs_str_eq(%s, %s)", a, b);
    case BIN_LT: case BIN_LE: case BIN_GT: case BIN_GE:
        return mem_printf(g_arena, "gs_str_cmp(%s, %s) %s 0", a, b, cm_binop_c[in->aux]);
    default: fatal_internal("C emitter: string operator %s", ast_binop_spelling[in->aux]);
    }
}

static bool cm_is_cmp(int op) { return op >= BIN_EQ && op <= BIN_GE; }

static const char *cm_bin_int(Cm *cm, const IrIns *in, const char *a, const char *b)
{
    Type *t = in->a.type;
    const char *T = cm_ctype(cm, t), *U = cm_uint_of(t), *op = cm_binop_c[in->aux];
    switch (in->aux) {
    case BIN_SHL: case BIN_SHR:
        if (in->b.kind == OPD_INT && in->b.i >= (uint64_t)cm_width(t))   /* after a failing check */
            return mem_printf(g_arena, "(%s)0", T);
        if (in->aux == BIN_SHR)
            return mem_printf(g_arena, "(%s)((%s)%s >> (int)%s)", T, T, a, b);
        /* fall through */
    case BIN_ADD: case BIN_SUB: case BIN_MUL:
        return mem_printf(g_arena, "(%s)((%s)%s %s (%s)%s)", T, U, a, op,
                          in->aux == BIN_SHL ? "int" : U, b);
    case BIN_MOD:
        if (type_is_signed(t) && cm_width(t) >= 32 && !(in->b.kind == OPD_INT && (int64_t)in->b.i != -1))
            return mem_printf(g_arena, "(%s == -1 ? 0 : (%s)(%s %% %s))", b, T, a, b);
        return mem_printf(g_arena, "(%s)(%s %% %s)", T, a, b);
    default:
        if (cm_is_cmp(in->aux))
            return mem_printf(g_arena, "%s %s %s", a, op, b);
        return mem_printf(g_arena, "(%s)(%s %s %s)", T, a, op, b);
    }
}

static const char *cm_bin(Cm *cm, const IrIns *in)
{
    const char *a = cm_s(cm, &in->a), *b = cm_s(cm, &in->b);
    if (in->a.type->kind == TY_STRING)
        return cm_bin_string(cm, in, a, b);
    if (type_is_int(in->a.type))
        return cm_bin_int(cm, in, a, b);
    if (in->a.type->kind == TY_BOOL && (in->aux == BIN_AND || in->aux == BIN_OR))  /* a match's alternatives and ranges: pure operands */
        return mem_printf(g_arena, "%s %s %s", a, in->aux == BIN_AND ? "&&" : "||", b);
    return mem_printf(g_arena, "%s %s %s", a, cm_binop_c[in->aux], b);
}

static const char *cm_un(Cm *cm, const IrIns *in)
{
    const char *a = cm_s(cm, &in->a);
    Type *t = in->a.type;
    switch (in->aux) {
    case UN_NOT: return mem_printf(g_arena, "!%s", a);
    case UN_BITNOT: return mem_printf(g_arena, "(%s)~%s", cm_ctype(cm, t), a);
    case UN_NEG:
        if (!type_is_int(t))
            return mem_printf(g_arena, "-%s", a);
        return mem_printf(g_arena, "(%s)((%s)0 - (%s)%s)", cm_ctype(cm, t), cm_uint_of(t),
                          cm_uint_of(t), a);
    default: fatal_internal("C emitter: unary operator %d", in->aux);
    }
}

/* With a zero element, designated initializers leave it out: gcc warns
 * about braces when a `(T){0}` is nested inside another initializer. */
/* An enum value: its tag and, when it has one, its payload. */
static const char *cm_enum_value(Cm *cm, const IrIns *in)
{
    const StructInst *st = in->type->st;
    StrBuf b = { 0 };
    sb_printf(&b, "(%s){.tag = %s", cm_ctype(cm, in->type), cm_s(cm, &in->args[0]));
    for (int i = 1; i < in->nargs; i++)
        if (in->args[i].kind != OPD_ZERO)
            sb_printf(&b, ", .u.%s = %s", cm_field_name(st->fields[i].name), cm_s(cm, &in->args[i]));
    sb_puts(&b, "}");
    const char *r = mem_strndup(g_arena, b.data, b.len);
    sb_free(&b);
    return r;
}

static const char *cm_aggregate(Cm *cm, const IrIns *in, bool array)
{
    if (!array && in->type->st->is_enum)
        return cm_enum_value(cm, in);
    bool any_zero = false;
    for (int i = 0; i < in->nargs; i++)
        any_zero |= in->args[i].kind == OPD_ZERO;
    const char *T = cm_ctype(cm, in->type);
    if (!any_zero)
        return mem_printf(g_arena, array ? "(%s){{%s}}" : "(%s){%s}", T, cm_args(cm, in, false));
    StrBuf b = { 0 };
    int n = 0;
    sb_printf(&b, array ? "(%s){.a = {" : "(%s){", T);
    for (int i = 0; i < in->nargs; i++) {
        if (in->args[i].kind == OPD_ZERO)
            continue;
        if (array)
            sb_printf(&b, "%s[%d] = %s", n++ ? ", " : "", i, cm_s(cm, &in->args[i]));
        else
            sb_printf(&b, "%s.%s = %s", n++ ? ", " : "",
                      cm_field_name(in->type->st->fields[i].name), cm_s(cm, &in->args[i]));
    }
    if (n == 0)
        sb_puts(&b, "0");
    sb_puts(&b, array ? "}}" : "}");
    const char *r = mem_strndup(g_arena, b.data, b.len);
    sb_free(&b);
    return r;
}

/* The start of a view xs[lo:hi]. An empty slice or string may have no
 * storage (ptr NULL), and NULL + 0 is undefined in C (UBSan reports it),
 * so a start that may be 0 is added only when it is not: clang -O2 folds
 * the test away, gcc keeps a cmov. A constant start needs no test (0: no
 * addition; else the slice check proved len > 0). The operands are pure,
 * as for the lengths, which repeat lo too. */
static const char *cm_view_ptr(const char *a, const IrOpd *b, const char *lo)
{
    if (b->kind == OPD_INT)
        return b->i == 0 ? mem_printf(g_arena, "%s.ptr", a) : mem_printf(g_arena, "%s.ptr + %s", a, lo);
    return mem_printf(g_arena, "(%s != 0 ? %s.ptr + %s : %s.ptr)", lo, a, lo, a);
}

static const char *cm_slice(Cm *cm, const IrIns *in)
{
    const char *a = cm_s(cm, &in->a), *lo = cm_s(cm, &in->b), *hi = cm_s(cm, &in->c);
    const char *p = cm_view_ptr(a, &in->b, lo);
    /* a view keeps the tag of its storage (goose_rt.h: GS_TAG_MASK), not the own bit */
    if (in->type->kind == TY_STRING)
        return mem_printf(g_arena, "(gs_str){%s, (%s - %s) | (%s.len & GS_TAG_MASK)}", p, hi, lo, a);
    return mem_printf(g_arena, "(%s){%s, %s - %s, (%s - %s) | (%s.cap & GS_TAG_MASK)}", cm_ctype(cm, in->type), p, hi,
                      lo, hi, lo, a);
}

static const char *cm_fnval(Cm *cm, const IrIns *in)
{
    const char *fn = in->fn->is_closure ? in->fn->cname : mem_printf(g_arena, "%s__thunk", in->fn->cname);
    return mem_printf(g_arena, "(%s){%s, NULL}", cm_ctype(cm, in->type), fn);
}

static const char *cm_callv(Cm *cm, const IrIns *in)
{
    const char *f = cm_s(cm, &in->a);
    if (in->site < 0)
        return mem_printf(g_arena, "%s.fn(%s.env%s)", f, f, cm_args(cm, in, true));
    /* the zero value of a fn type (all bits zero) stops with a runtime error */
    return mem_printf(g_arena, "(GS_UNLIKELY(!%s.fn) ? gs_fail_msg(%s, \"call of a zero function value\") : (void)0, %s.fn(%s.env%s))",
                      f, cm_site_ref(cm, in->site), f, f, cm_args(cm, in, true));
}

/* The size class of make's storage when the size is a compile-time constant
 * (-O1 and up; constant len <= cap, cap * sizeof(T) <= GS_HEAP_SMALL_MAX),
 * from the runtime's own table (gs_heap.h); else -1. */
static int cm_make_class(Cm *cm, const IrIns *in)
{
    int64_t es, ea, len = (int64_t)in->a.i, cap = (int64_t)in->b.i;
    if (cm->o->opt_level < 1 || in->a.kind != OPD_INT || in->b.kind != OPD_INT)
        return -1;
    if (len < 0 || len > cap || cap > (int64_t)GS_HEAP_SMALL_MAX || !cm_csize(in->type->elem, &es, &ea) ||
        cap * es > (int64_t)GS_HEAP_SMALL_MAX)
        return -1;
    return (int)gs_heap_class((size_t)(cap * es));
}

/* make's storage: one call giving the pointer and the cap word (own bit
 * and the storage's tag, goose_rt.h), as a statement at the make's place,
 * in gs_mk<dst>; the header is then a pure value (cm_make), which may be
 * folded into a later use. */
static void cm_make_call(Cm *cm, const IrIns *in)
{
    const char *len = cm_s(cm, &in->a), *cap = cm_s(cm, &in->b);
    const char *e = cm_ctype(cm, in->type->elem);
    int cls = cm_make_class(cm, in);
    if (cls >= 0)   /* the heap's fast path inline, the class folded (goose_rt.h) */
        cm_line(cm, "%s gs_mk%d = gs_make_cls(%s, %d, %lld * sizeof(%s), %s);", cm_hide(cm, "gs_grow"), in->dst,
                cm_site_ref(cm, in->site), cls, (long long)in->b.i, e, cap);
    else
        cm_line(cm, "%s gs_mk%d = gs_slice_make(%s, %s, %s, sizeof(%s));", cm_hide(cm, "gs_grow"), in->dst, cm_site_ref(cm, in->site),
                len, cap, e);
}

static const char *cm_make(Cm *cm, const IrIns *in)
{
    return mem_printf(g_arena, "(%s){(%s *)gs_mk%d.ptr, %s, gs_mk%d.cap}", cm_ctype(cm, in->type),
                      cm_ctype(cm, in->type->elem), in->dst, cm_s(cm, &in->a), in->dst);
}

/* ---- builtin pools and library primitives (gs_pool.h) ----
 * One C template per operation: %0 %1 %2 are the arguments (parenthesised
 * unless plain names), %E the element type, %S the result type, %s the
 * site, %m the primitive's gs_grow (gs_mk<dst>). Pool operations have a
 * template per pool kind. A primitive with a `pre` statement runs it at
 * its place (it declares %m, the call giving a span's pointer and cap
 * word at once, as make does); its value is then a pure header. */
typedef struct CmPrim {
    BuiltinId id;
    TypeKind pool;          /* the receiver's kind, or TY_ERROR: any */
    const char *tmpl;
    const char *pre;
} CmPrim;

static const CmPrim cm_prims[] = {
    { BI_R_ALLOC, TY_REUSABLE, "gs_slots_alloc(%0, sizeof(%E))", NULL },
    { BI_R_ALLOC, TY_REUSABLE_SLICE, "(%S){(%E *)%m.ptr, %1, %m.cap}",
      "gs_grow %m = gs_spans_alloc(%s, %0, %1, sizeof(%E));" },
    { BI_R_FREE, TY_REUSABLE, "gs_slots_free(%s, %0, %1)", NULL },
    { BI_R_FREE, TY_REUSABLE_SLICE, "gs_spans_free(%s, %0, %1.ptr, %1.len, %1.cap, sizeof(%E))", NULL },
    { BI_P_FAIL, TY_ERROR, "gs_fail_str(%s, %0)", NULL },
    { BI_P_GROW_STABLE, TY_ERROR, "gs_stable_grow_at((void *)&%0->ptr, %0->len, &%0->cap, sizeof(%E))", NULL },
    { BI_P_REF_INDEX, TY_ERROR, "gs_ref_index(%0.ptr, %0.len, %1, sizeof(%E))", NULL },
    { BI_P_SPAN_FIND, TY_ERROR, "gs_spans_find(%0, %1.ptr, %1.len, %1.cap, sizeof(%E))", NULL },
    { BI_P_SPAN_RESIZE, TY_ERROR, "gs_spans_resize_in_place(%0, %1, %2, sizeof(%E))", NULL },
    { BI_P_SPAN_AT, TY_ERROR, "(%S){(%E *)%m.ptr, %2, %m.cap}", "gs_grow %m = gs_spans_at(%0, %1, %2);" },
    { BI_P_FMT_BUILDER, TY_ERROR, "gs_pf_take_into_builder((void *)%0)", NULL },
    { BI_P_PARALLEL, TY_ERROR, "gs_thread_parallel(%s, %0, %1.fn, %1.env)", NULL },
    { BI_P_ATOMIC_LOAD, TY_ERROR, "gs_atomic_load(%0)", NULL },
    { BI_P_ATOMIC_STORE, TY_ERROR, "gs_atomic_store(%0, %1)", NULL },
    { BI_P_ATOMIC_ADD, TY_ERROR, "gs_atomic_add(%0, %1)", NULL },
    { BI_P_ATOMIC_CAS, TY_ERROR, "gs_atomic_cas(%0, %1, %2)", NULL },
    { BI_P_MUTEX_LOCK, TY_ERROR, "gs_mutex_lock(%0)", NULL },
    { BI_P_MUTEX_UNLOCK, TY_ERROR, "gs_mutex_unlock(%s, %0)", NULL },
};

static const CmPrim *cm_prim_entry(const IrIns *in)
{
    const Type *base = ir_prim_base(in);
    TypeKind k = base ? base->kind : TY_ERROR;
    for (size_t i = 0; i < sizeof cm_prims / sizeof *cm_prims; i++)
        if ((int)cm_prims[i].id == in->aux && (cm_prims[i].pool == TY_ERROR || cm_prims[i].pool == k))
            return &cm_prims[i];
    return NULL;
}

static const char *cm_prim_tmpl(const IrIns *in)
{
    if (ast_rt_prim_c[in->aux])
        return ast_rt_prim_c[in->aux];
    const CmPrim *p = cm_prim_entry(in);
    return p ? p->tmpl : NULL;
}

/* The statement a primitive runs at its place before its value, or NULL. */
static const char *cm_prim_pre(const IrIns *in)
{
    const CmPrim *p = in->op == IR_PRIM && !ast_rt_prim_c[in->aux] ? cm_prim_entry(in) : NULL;
    return p ? p->pre : NULL;
}

bool cm_prim_uses_site(const IrIns *in)
{
    const char *t = cm_prim_tmpl(in), *pre = cm_prim_pre(in);
    return (t && strstr(t, "%s")) || (pre && strstr(pre, "%s"));
}

static bool cm_plain_name(const char *s)
{
    for (; *s; s++)
        if (!(*s == '_' || (*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || (*s >= '0' && *s <= '9')))
            return false;
    return true;
}

static void cm_prim_arg(Cm *cm, StrBuf *b, const IrIns *in, int k)
{
    const char *a = k < in->nargs ? cm_cond(cm, &in->args[k]) : "0";
    sb_printf(b, cm_plain_name(a) ? "%s" : "(%s)", a);
}

/* A template spelled for in. */
static const char *cm_prim_spell(Cm *cm, const IrIns *in, const char *t)
{
    StrBuf b = { 0 };
    for (; *t; t++) {
        if (*t != '%') {
            sb_putc(&b, *t);
            continue;
        }
        t++;
        if (*t >= '0' && *t <= '9')
            cm_prim_arg(cm, &b, in, *t - '0');
        else if (*t == 'E')
            sb_puts(&b, cm_ctype(cm, ir_prim_base(in)->elem));
        else if (*t == 'S')
            sb_puts(&b, cm_ctype(cm, in->type));
        else if (*t == 's')
            sb_puts(&b, cm_site_ref(cm, in->site));
        else if (*t == 'm' && in->dst >= 0)
            sb_printf(&b, "gs_mk%d", in->dst);
        else if (*t == 'm')
            sb_puts(&b, "gs_mkv");
    }
    const char *r = mem_strndup(g_arena, b.data, b.len);
    sb_free(&b);
    return r;
}

static const char *cm_prim(Cm *cm, const IrIns *in)
{
    if (in->aux == BI_P_FMT)
        return cm_fmt_spell(cm, in);
    const char *t = cm_prim_tmpl(in);
    return t ? cm_prim_spell(cm, in, t) : "0 /* unknown primitive */";
}

/* A primitive's statement before its value (cm_prim_pre); false when it
 * has none. A result nobody names is then dropped at once. */
static bool cm_prim_pre_stmt(Cm *cm, const IrIns *in)
{
    const char *pre = cm_prim_pre(in);
    if (!pre)
        return false;
    if (in->dst >= 0)
        cm_line(cm, "%s", cm_prim_spell(cm, in, pre));
    else
        cm_line(cm, "{ %s (void)gs_mkv; }", cm_prim_spell(cm, in, pre));
    return true;
}

/* A primitive without a result, as a statement. */
static void cm_prim_stmt(Cm *cm, const IrIns *in)
{
    const char *v = cm_prim(cm, in);
    cm_line(cm, "%s%s", v, v[strlen(v) - 1] == '}' ? "" : ";");
}

/* `(T)a`. TinyCC 0.9.27 leaves the high bits of an i8 place converted to
 * u16 sign-extended (`(uint16_t)x` with int8_t x = -101 reads as
 * 4294967195 once widened), so i8 -> u16 goes through int16_t. */
static const char *cm_cast(Cm *cm, const IrIns *in)
{
    const char *via = "";
    if (in->type->kind == TY_U16 && in->a.type && in->a.type->kind == TY_I8)
        via = "(int16_t)";
    return mem_printf(g_arena, "(%s)%s%s", cm_ctype(cm, in->type), via, cm_s(cm, &in->a));
}

/* A load kept in a temp. A slice read from memory (a global, a field, an
 * element, through a pointer) is copied field by field: clang turns a
 * whole-struct copy into a memcpy whose pieces lose their type-based alias
 * facts, so a loop that stores through the slice would reload its header on
 * every iteration (bench/apps/c_ratio.py: sieve's inner loop, 9
 * instructions against C's 4). A load folded into its use reads the fields
 * directly already. */
static const char *cm_load(Cm *cm, const IrIns *in)
{
    const char *p = cm_place_s(cm, in->place);
    if (in->type && in->type->kind == TY_SLICE &&
        (in->place->nproj > 0 || in->place->root.kind == OPD_GLOBAL))
        return mem_printf(g_arena, "(%s){%s.ptr, %s.len, %s.cap}", cm_ctype(cm, in->type), p, p, p);
    return p;
}

/* The C expression of a value instruction. */
/* IR_BORROW, by its aux (IrBorrowOp): the runtime's live-ref stack
 * (goose_rt.h: gs_borrow); %s is operand a. */
static const char *const cm_borrow_tmpl[] = {
    [IR_BORROW_NOTE] = "gs_borrow((const void *)%s)",
    [IR_BORROW_FORGET] = "gs_unborrow(%s)",
    [IR_BORROW_DEPTH] = "gs_borrow_depth()",
    [IR_BORROW_RESET] = "gs_borrow_reset(%s)",
};

static const char *cm_borrow(Cm *cm, const IrIns *in)
{
    const char *t = cm_borrow_tmpl[in->aux];
    return strstr(t, "%s") ? mem_printf(g_arena, t, cm_s(cm, &in->a)) : t;
}

/* A lifetime check's header (pass_live.c): its pointer, length and the
 * word holding its tag (a slice's cap, a string's len; goose_rt.h). */
static const char *cm_live_args(Cm *cm, const IrIns *in, bool whole)
{
    const char *h = in->place ? cm_place_s(cm, in->place) : cm_s(cm, &in->a);
    Type *t = in->place ? in->place->type : in->a.type;
    bool str = t->kind == TY_STRING;
    if (whole)      /* delete: an owned header's pointer is its block's start */
        return mem_printf(g_arena, "%s.ptr, 1, %s.%s", h, h, str ? "len" : "cap");
    if (str)
        return mem_printf(g_arena, "%s.ptr, GS_SLEN(%s), %s.len", h, h, h);
    return mem_printf(g_arena, "%s.ptr, %s.len, %s.cap", h, h, h);
}

static void cm_check_live(Cm *cm, const IrIns *in)
{
    const char *site = cm_site_ref(cm, in->site);
    switch ((IrLiveOp)in->aux) {
    case IR_LIVE_USE: cm_line(cm, "gs_check_live(%s, %s);", site, cm_live_args(cm, in, false)); break;
    case IR_LIVE_DELETE:
        cm_line(cm, "if (GS_UNLIKELY(!gs_is_live(%s))) gs_fail_msg(%s, \"delete of storage already deleted\");",
                cm_live_args(cm, in, true), site);
        break;
    case IR_LIVE_FLAG: cm_line(cm, "if (GS_UNLIKELY(!%s)) gs_fail_freed(%s);", cm_s(cm, &in->a), site); break;
    }
}

static const char *cm_value(Cm *cm, const IrIns *in)
{
    switch (in->op) {
    case IR_MOV: return cm_s(cm, &in->a);
    case IR_LOAD: return cm_place_s(cm, in->place);
    case IR_ADDR: return cm_addr_s(cm, in->place);
    case IR_BIN: return cm_bin(cm, in);
    case IR_UN: return cm_un(cm, in);
    case IR_CAST: return cm_cast(cm, in);
    case IR_SELECT:
        return mem_printf(g_arena, "%s ? %s : %s", cm_s(cm, &in->a), cm_s(cm, &in->b), cm_s(cm, &in->c));
    case IR_STRUCT: return cm_aggregate(cm, in, false);
    case IR_ARRAY: return cm_aggregate(cm, in, true);
    case IR_SOME:
        if (in->a.kind == OPD_ZERO)
            return mem_printf(g_arena, "(%s){.has = true}", cm_ctype(cm, in->type));
        return mem_printf(g_arena, "(%s){true, %s}", cm_ctype(cm, in->type), cm_s(cm, &in->a));
    case IR_SLICE: return cm_slice(cm, in);
    case IR_FNVAL: return cm_fnval(cm, in);
    case IR_CLOSURE:
        return mem_printf(g_arena, "(%s){%s, &env%d}", cm_ctype(cm, in->type), in->fn->cname, in->dst);
    case IR_CALL:
        if (ir_fn_has_site(in->fn))
            return mem_printf(g_arena, "%s(%s%s)", in->fn->cname, cm_site_ref(cm, in->site),
                              cm_args(cm, in, true));
        return mem_printf(g_arena, "%s(%s)", in->fn->cname, cm_args(cm, in, false));
    case IR_CALLV: return cm_callv(cm, in);
    case IR_PRIM: return cm_prim(cm, in);
    case IR_BORROW: return cm_borrow(cm, in);
    case IR_LIVE_TEST: return mem_printf(g_arena, "gs_is_live(%s)", cm_live_args(cm, in, false));
    case IR_RT: return mem_printf(g_arena, "%s(%s)", in->rt, cm_args(cm, in, false));
    case IR_MAKE: return cm_make(cm, in);
    case IR_POP: {
        const char *p = cm_place_s(cm, in->place);
        return mem_printf(g_arena, "%s.ptr[--%s.len]", p, p);
    }
    default: fatal_internal("C emitter: %s is not a value instruction", ir_op_info[in->op].name);
    }
}

/* ---- checks ---- */

static const char *cm_f2i_cond(const Type *t, const char *v)
{
    switch (t->kind) {
    case TY_I64: return mem_printf(g_arena, "!(%s >= -9223372036854775808.0 && %s < 9223372036854775808.0)", v, v);
    case TY_I8: return mem_printf(g_arena, "!(%s > -129.0 && %s < 128.0)", v, v);
    case TY_I16: return mem_printf(g_arena, "!(%s > -32769.0 && %s < 32768.0)", v, v);
    case TY_I32: return mem_printf(g_arena, "!(%s > -2147483649.0 && %s < 2147483648.0)", v, v);
    case TY_U8: return mem_printf(g_arena, "!(%s > -1.0 && %s < 256.0)", v, v);
    case TY_U16: return mem_printf(g_arena, "!(%s > -1.0 && %s < 65536.0)", v, v);
    case TY_U32: return mem_printf(g_arena, "!(%s > -1.0 && %s < 4294967296.0)", v, v);
    case TY_U64: return mem_printf(g_arena, "!(%s > -1.0 && %s < 18446744073709551616.0)", v, v);
    default: fatal_internal("C emitter: f64 converted to %s", types_spell(t));
    }
}

static const char *cm_int_min(const Type *t)
{
    switch (t->kind) {
    case TY_I8: return "INT8_MIN";
    case TY_I16: return "INT16_MIN";
    case TY_I32: return "INT32_MIN";
    case TY_I64: return "INT64_MIN";
    default: fatal_internal("C emitter: no minimum of %s", types_spell(t));
    }
}

static bool cm_same_opd(const IrOpd *a, const IrOpd *b)
{
    if (a->kind != b->kind)
        return false;
    switch (a->kind) {
    case OPD_TEMP: return a->temp == b->temp;
    case OPD_LOCAL: return a->local == b->local;
    case OPD_INT: return a->i == b->i;
    default: return false;
    }
}

/* (uint64_t)a > (uint64_t)b cannot hold: a is the constant 0 or b itself
 * (writing the comparison would only draw a compiler warning). */
static bool cm_never_above(const IrOpd *a, const IrOpd *b)
{
    return (a->kind == OPD_INT && a->i == 0) || cm_same_opd(a, b);
}

void cm_slice_parts(const IrIns *in, bool *end, bool *start)
{
    *end = !cm_never_above(&in->b, &in->c);
    *start = !cm_never_above(&in->a, &in->b);
}

static void cm_check_slice(Cm *cm, const IrIns *in, const char *s)
{
    const char *lo = cm_s(cm, &in->a), *hi = cm_s(cm, &in->b), *len = cm_s(cm, &in->c);
    CmFailKind k[2];
    int j = 0;
    cm_fail_kinds(in, k);   /* end, then start: as written here */
    if (!cm_never_above(&in->b, &in->c))
        cm_fail(cm, mem_printf(g_arena, "(uint64_t)%s > (uint64_t)%s", hi, len), k[j++], s, hi, len);
    if (!cm_never_above(&in->a, &in->b))
        cm_fail(cm, mem_printf(g_arena, "(uint64_t)%s > (uint64_t)%s", lo, hi), k[j], s, lo, hi);
}

/* The failing condition of a check other than a slice's. */
static const char *cm_check_cond(Cm *cm, const IrIns *in, const char *a, const char *b)
{
    switch (in->op) {
    case IR_CHECK_INDEX: return mem_printf(g_arena, "(uint64_t)%s >= (uint64_t)%s", a, b);
    case IR_CHECK_DIV: return mem_printf(g_arena, "%s == 0", a);
    case IR_CHECK_DIVOVF: return mem_printf(g_arena, "%s == %s && %s == -1", a, cm_int_min(in->a.type), b);
    case IR_CHECK_SHIFT: return mem_printf(g_arena, "(uint64_t)%s >= %d", a, in->aux);
    case IR_CHECK_F2I: return cm_f2i_cond(in->type, a);
    case IR_CHECK_POP: return mem_printf(g_arena, "%s <= 0", a);
    case IR_CHECK_LEN: return mem_printf(g_arena, "%s != %s", a, b);
    case IR_CHECK_UNWRAP: case IR_CHECK_ASSERT: return mem_printf(g_arena, "!%s", a);
    default: fatal_internal("C emitter: %s is not a check", ir_op_info[in->op].name);
    }
}

/* The check's site; for one pass_hoist.c moved out of an if's arms, the
 * arm's that would have run, picked by the if's test. */
static const char *cm_check_site(Cm *cm, const IrIns *in)
{
    const char *s = cm_site_ref(cm, in->site);
    if (in->site_unless == 0)
        return s;
    const char *u = cm_site_ref(cm, in->site_unless - 1);
    return strcmp(s, u) ? mem_printf(g_arena, "(%s ? %s : %s)", cm_s(cm, &in->c), s, u) : s;
}

/* An index check followed (NOPs aside) by a check reading a loop's
 * lifetime test (pass_live.c: CHECK_LIVE flag) fails through one test:
 *     if (GS_UNLIKELY((uint64_t)i >= (uint64_t)(n & -(int64_t)flag))) {
 *         if ((uint64_t)i < (uint64_t)n) gs_fail_freed(site2);
 *         <the index check's failure> }
 * the same outcome as the two checks in order (an index out of range
 * first, then a false test), and in a loop where n and the test are
 * invariant the C compiler computes the mask once. Returns the
 * instructions consumed, 0 when in is not such a pair. */
static int cm_index_live(Cm *cm, const IrIns *in)
{
    const IrIns *end = cm->f->ins + cm->f->nins, *j = in + 1;
    CmFailKind k[2];
    while (j < end && j->op == IR_NOP)
        j++;
    if (j >= end || j->op != IR_CHECK_LIVE || j->aux != IR_LIVE_FLAG || cm_fail_kinds(in, k) != 1)
        return 0;
    const char *s = cm_check_site(cm, in), *a = cm_s(cm, &in->a), *b = cm_s(cm, &in->b);
    cm_line(cm, "if (GS_UNLIKELY((uint64_t)%s >= (uint64_t)(%s & -(int64_t)%s))) {", a, b, cm_s(cm, &j->a));
    cm_line(cm, "    if ((uint64_t)%s < (uint64_t)%s) gs_fail_freed(%s);", a, b, cm_site_ref(cm, j->site));
    cm_line(cm, "    %s", cm_fail_stmt(cm, k[0], s, a, b));
    cm_line(cm, "}");
    return (int)(j - in) + 1;
}

static void cm_check(Cm *cm, const IrIns *in)
{
    const char *s = cm_check_site(cm, in), *a = cm_s(cm, &in->a), *b = cm_s(cm, &in->b);
    CmFailKind k[2];
    if (in->op == IR_CHECK_SLICE) {
        cm_check_slice(cm, in, s);
        return;
    }
    if (cm_fail_kinds(in, k) == 0)
        return;
    if (in->op == IR_CHECK_SHIFT)   /* the second value is the width */
        b = mem_printf(g_arena, "%d", in->aux);
    cm_fail(cm, cm_check_cond(cm, in, a, b), k[0], s, a, b);
}

/* ---- small struct copies ----
 * TinyCC 0.9.27 copies a struct on every assignment (`a = b;`, `T a = b;`,
 * a store into a field, an element, through a pointer) by calling memmove,
 * whatever its size. A struct-shaped value (struct, ?T, [N]T) of exactly
 * 1, 2, 4 or 8 C bytes copied from an lvalue is written GS_COPY(U, dst,
 * src) or GS_LET(U, T, name, src) instead: under TinyCC one U load and store,
 * elsewhere the plain assignment token for token (goose_rt.h). The emitted
 * C stays the same for every back end. The macro takes the source's
 * address: it must be an lvalue, or a call's result (TinyCC holds that in
 * a stack slot whose address it lets & take; clang never sees the &). A
 * select and the like keep the plain assignment. Passing, returning and
 * reading a field of such a struct TinyCC does without memmove already
 * (checked with objdump on TinyCC 0.9.27, x86-64). */
static const char *const cm_copy_unit[9] = {
    [1] = "uint8_t", [2] = "uint16_t", [4] = "uint32_t", [8] = "uint64_t",
};

/* The integer type a copy of t goes through, or NULL: not small. */
static const char *cm_small_unit(const Type *t)
{
    int64_t size, align;
    if (!t || (t->kind != TY_STRUCT && t->kind != TY_OPTIONAL && t->kind != TY_ARRAY) || type_is_plain_enum(t))
        return NULL;
    if (!cm_csize(t, &size, &align) || size > 8)
        return NULL;
    return cm_copy_unit[size];
}

static bool cm_lvalue_opd(const Cm *cm, const IrOpd *o)
{
    switch (o->kind) {
    case OPD_LOCAL: case OPD_GLOBAL: case OPD_ZERO: return true;   /* zero: (T){0} */
    case OPD_TEMP: return !(cm->inl && cm->inl[o->temp]) || cm->inl_lval[o->temp];
    default: return false;
    }
}

/* A place is an lvalue from its root on, or from a dereference on. */
static bool cm_lvalue_place(const Cm *cm, const IrPlace *p)
{
    bool lv = cm_lvalue_opd(cm, &p->root);
    for (int k = 0; k < p->nproj; k++)
        lv |= p->proj[k].kind == PJ_DEREF || p->proj[k].kind == PJ_SINDEX;
    return lv;
}

/* The C expression of in's value (cm_value) is an lvalue (a place, a
 * compound literal, an element popped) or a call's result. */
static bool cm_lvalue_ins(const Cm *cm, const IrIns *in)
{
    switch (in->op) {
    case IR_MOV: return cm_lvalue_opd(cm, &in->a);
    case IR_LOAD: return cm_lvalue_place(cm, in->place);
    case IR_STRUCT: case IR_ARRAY: case IR_SOME: case IR_POP: case IR_CALL: case IR_CALLV: return true;
    default: return false;
    }
}

/* `dst = src;` or, with decl_type, `decl_type dst = src;` for a value of
 * type t; src_lval: src is an lvalue or a call's result. */
static void cm_copy_small(Cm *cm, const char *decl_type, const char *dst, const char *src, Type *t,
                          bool src_lval)
{
    const char *u = src_lval ? cm_small_unit(t) : NULL;
    if (!u && decl_type)
        cm_line(cm, "%s %s = %s;", decl_type, dst, src);
    else if (!u)
        cm_line(cm, "%s = %s;", dst, src);
    else if (decl_type)
        cm_line(cm, "GS_LET(%s, %s, %s, %s);", u, decl_type, dst, src);
    else
        cm_line(cm, "GS_COPY(%s, %s, %s);", u, dst, src);
}

/* ---- statements ---- */

/* Element storage of a slice value, or of a fixed array through its address. */
static const char *cm_data(Cm *cm, const IrOpd *o)
{
    const char *s = cm_s(cm, o);
    if (o->type->kind == TY_REF && s[0] == '&')    /* a folded &place */
        return mem_printf(g_arena, "%s.a", s + 1);
    return mem_printf(g_arena, o->type->kind == TY_REF ? "%s->a" : "%s.ptr", s);
}

static Type *cm_elem(const IrOpd *o)
{
    return o->type->kind == TY_REF ? o->type->elem->elem : o->type->elem;
}

/* A local holding a global over a loop (lower/pass_promote.c) grows by
 * value: its address never escapes, so clang keeps it in registers. */
static bool cm_held(const Cm *cm, const IrPlace *p)
{
    return p->nproj == 0 && p->root.kind == OPD_LOCAL && ir_set_has(&cm->f->held, p->root.local);
}

static void cm_push(Cm *cm, const IrIns *in)
{
    const char *p = cm_place_s(cm, in->place);
    const char *e = cm_ctype(cm, in->place->type->elem);
    const char *s = in->site >= 0 ? cm_site_ref(cm, in->site) : "NULL";
    if (cm_held(cm, in->place))
        cm_line(cm, "if (GS_UNLIKELY(%s.len == GS_CAP(%s))) { gs_grow gs_g_ = gs_slice_grow(%s, %s.ptr, %s.len, %s.cap, "
                    "sizeof(%s)); %s.ptr = (%s *)gs_g_.ptr; %s.cap = gs_g_.cap; }",
                p, p, s, p, p, p, e, p, e, p);
    else
        cm_line(cm, "if (GS_UNLIKELY(%s.len == GS_CAP(%s))) gs_slice_grow_at(%s, (void *)&%s.ptr, %s.len, &%s.cap, "
                    "sizeof(%s));",
                p, p, s, p, p, p, e);
    cm_copy_small(cm, NULL, mem_printf(g_arena, "%s.ptr[%s.len++]", p, p), cm_s(cm, &in->a), in->place->type->elem,
                  cm_lvalue_opd(cm, &in->a));
}

static void cm_copy(Cm *cm, const IrIns *in)
{
    const char *n = cm_s(cm, &in->c);
    cm_line(cm, "if (%s > 0) memmove(%s, %s, (size_t)%s * sizeof(%s));", n, cm_data(cm, &in->a),
            cm_data(cm, &in->b), n, cm_ctype(cm, cm_elem(&in->a)));
}

static void cm_zerofill(Cm *cm, const IrIns *in)
{
    if (in->a.type->kind == TY_REF) {
        const char *a = cm_s(cm, &in->a);
        cm_line(cm, "memset(%s, 0, sizeof(*%s));", a, a);
        return;
    }
    const char *a = cm_s(cm, &in->a);
    cm_line(cm, "if (%s.len > 0) memset(%s.ptr, 0, (size_t)%s.len * sizeof(%s));", a, a, a,
            cm_ctype(cm, in->a.type->elem));
}

static void cm_delete(Cm *cm, const IrIns *in)
{
    const char *a = cm_s(cm, &in->a), *s = cm_site_ref(cm, in->site);
    if (in->a.type->kind == TY_STRING)
        cm_line(cm, "gs_str_delete(%s, %s);", s, a);
    else
        cm_line(cm, "gs_slice_delete(%s, %s.ptr, %s.cap);", s, a, a);
}

/* `(void)l;` for a local or parameter nothing reads (no C warning). */
void cm_void_unread(Cm *cm, const Local *l)
{
    if (l->id < 0 || l->id >= cm->nlocal_ids || cm->local_reads[l->id] == 0)
        cm_line(cm, "(void)%s;", cm_local_name(l));
}

/* `const T *n = &element;` for a local bound to the element it reads
 * (pass_view.c: the value is a folded element load or another such local,
 * an lvalue either way). */
static void cm_decl_view(Cm *cm, const IrIns *in)
{
    const Local *l = in->local;
    cm_line(cm, "const %s *%s = &%s;", cm_ctype(cm, l->type), cm_local_name(l), cm_cond(cm, &in->a));
    cm_void_unread(cm, l);
}

static void cm_decl(Cm *cm, const IrIns *in)
{
    Local *l = in->local;
    if (cm_view(cm, l)) {
        cm_decl_view(cm, in);
        return;
    }
    const char *n = cm_local_name(l);
    const char *t = l->is_ref ? mem_printf(g_arena, "%s *", cm_ctype(cm, l->type)) : cm_ctype(cm, l->type);
    const char *v = in->a.kind == OPD_NONE ? NULL : cm_cond(cm, &in->a);
    if (!v) {
        StrBuf b = { 0 };
        cm_zero(cm, &b, l->type);
        v = mem_strndup(g_arena, b.data, b.len);
        sb_free(&b);
    }
    if (l->is_ref)
        cm_line(cm, "%s%s = %s;", t, n, v);
    else
        cm_copy_small(cm, t, n, v, l->type, in->a.kind == OPD_NONE || cm_lvalue_opd(cm, &in->a));
    cm_void_unread(cm, l);
}

static void cm_closure_env(Cm *cm, const IrIns *in)
{
    IrFunc *cf = ir_find_func(cm->ir, in->fn);
    for (int i = 0; cf && i < cf->ncaptures; i++) {
        StrBuf b = { 0 };
        cm_local(cm, &b, cf->captures[i], true);
        cm_line(cm, "env%d.%s = %s;", in->dst, cm_env_field(cm, cf, cf->captures[i]), b.data);
        sb_free(&b);
    }
}

static void cm_repeat(Cm *cm, const IrIns *in)
{
    cm_line(cm, "%s t%d;", cm_hide(cm, cm_ctype(cm, in->type)), in->dst);
    cm_line(cm, "for (%s k_ = 0; k_ < %lld; k_++)", cm_hide(cm, "int64_t"), (long long)in->type->len);
    cm->depth++;
    cm_copy_small(cm, NULL, mem_printf(g_arena, "t%d.a[k_]", in->dst), cm_s(cm, &in->a), in->type->elem,
                  cm_lvalue_opd(cm, &in->a));
    cm->depth--;
}

/* The C expression of an instruction of op does more than give a value:
 * it writes, calls or may fail (a closure's env is written before it). */
static bool cm_has_effect(IrOp op)
{
    const IrOpInfo *o = &ir_op_info[op];
    return o->writes != IR_WR_NONE || o->calls != IR_CALLS_NONE || o->may_trap;
}

/* A value instruction: declare-and-set, set, or an expression statement. */
static void cm_value_ins(Cm *cm, const IrIns *in)
{
    if (in->op == IR_CLOSURE)
        cm_closure_env(cm, in);
    if (in->op == IR_MAKE)
        cm_make_call(cm, in);
    if (in->op == IR_PRIM)
        cm_prim_pre_stmt(cm, in);
    if (in->op == IR_REPEAT) {
        if (cm->temp_uses[in->dst] > 0)
            cm_repeat(cm, in);
        return;
    }
    if (in->dst >= 0 && cm->inline_temp && cm->inline_temp[in->dst]) {
        const char *v = cm_value(cm, in);
        if (strlen(v) > CM_FOLD_MAX) {  /* a long chain would grow quadratically: cut it */
            cm_line(cm, "%s t%d = %s;", cm_hide(cm, cm_ctype(cm, cm->f->temps[in->dst])), in->dst, v);
            return;
        }
        bool wrap = in->op == IR_BIN || in->op == IR_UN || in->op == IR_CAST || in->op == IR_SELECT;
        cm->inl[in->dst] = wrap ? mem_printf(g_arena, "(%s)", v) : v;
        cm->inl_raw[in->dst] = v;
        cm->inl_lval[in->dst] = cm_lvalue_ins(cm, in);
        return;
    }
    bool used = in->dst >= 0 && cm->temp_uses[in->dst] > 0;
    if (!used) {
        if (in->op == IR_POP)
            cm_line(cm, "%s.len--;", cm_place_s(cm, in->place));
        else if (cm_has_effect(in->op))
            cm_line(cm, "%s%s;", in->dst >= 0 ? "(void)" : "", cm_value(cm, in));
        return;
    }
    const char *v = in->op == IR_MOV ? cm_cond(cm, &in->a)
                    : in->op == IR_LOAD ? cm_load(cm, in) : cm_value(cm, in);
    Type *t = cm->f->temps[in->dst];
    if (in->op == IR_LOAD && cm_view_temp(cm, in->dst)) {     /* an element: an lvalue */
        cm_line(cm, "const %s *t%d = &%s;", cm_ctype(cm, t), in->dst, v);
        return;
    }
    cm_copy_small(cm, cm->temp_defs[in->dst] == 1 ? cm_hide(cm, cm_ctype(cm, t)) : NULL, mem_printf(g_arena, "t%d", in->dst),
                  v, t, cm_lvalue_ins(cm, in));
}

static void cm_for(Cm *cm, const IrIns *in)
{
    const char *c = in->local ? cm_local_name(in->local) : mem_printf(g_arena, "t%d", in->dst);
    const char *t = in->local ? cm_ctype(cm, in->type) : cm_hide(cm, cm_ctype(cm, in->type));
    cm_line(cm, "for (%s %s = %s; %s < %s; %s++) {", t, c, cm_s(cm, &in->a), c,
            cm_s(cm, &in->b), c);
    cm->depth++;
}

static void cm_ret(Cm *cm, const IrIns *in)
{
    if (in->a.kind == OPD_NONE)
        cm_line(cm, "return;");
    else
        cm_line(cm, "return %s;", cm_cond(cm, &in->a));
}

static int cm_ins(Cm *cm, const IrIns *in);

static bool cm_folded(const Cm *cm, const IrIns *in)
{
    return in->op == IR_NOP || (in->dst >= 0 && cm->inline_temp && cm->inline_temp[in->dst] &&
                                in->op != IR_FOR);
}

/* LOOP, then only folded instructions, then BRK_UNLESS:
 * `for (;;) { if (!c) break;`. Not `while (c)`: C11 (6.8.5p6) lets a
 * compiler assume that a loop whose controlling expression is not a
 * constant, and that does no I/O, ends, and clang -O2 deletes such a loop
 * that never ends (`while i != 0 { i += 2 }` with an odd u8 i); a Goose
 * loop that never ends must not end. Returns the instructions consumed,
 * or 0. */
static int cm_while_cond(Cm *cm, const IrIns *in)
{
    const IrIns *end = cm->f->ins + cm->f->nins, *j = in + 1;
    while (j < end && cm_folded(cm, j))
        j++;
    if (j >= end || j->op != IR_BRK_UNLESS)
        return 0;
    StrBuf inside = { 0 }, *out = cm->out;  /* a cut fold still writes lines */
    cm->out = &inside;
    cm->depth++;
    for (const IrIns *k = in + 1; k < j; k++)
        cm_ins(cm, k);
    cm->out = out;
    sb_printf(out, "%*sfor (;;) {\n", 4 * (cm->depth - 1), "");
    if (inside.len)
        sb_putn(out, inside.data, inside.len);
    cm_line(cm, "if (!%s) break;", cm_s(cm, &j->a));
    sb_free(&inside);
    return (int)(j - in) + 1;
}

/* Returns how many instructions it consumed (LOOP + BRK_UNLESS fold to while). */
static int cm_control(Cm *cm, const IrIns *in)
{
    if (cm_switch_control(cm, in))
        return 1;
    switch (in->op) {
    case IR_IF:
        if (in->aux & IR_IF_NOT)
            cm_line(cm, "if (!%s) {", cm_s(cm, &in->a));
        else if (in->aux & IR_IF_LIKELY)
            cm_line(cm, "if (GS_LIKELY(%s)) {", cm_cond(cm, &in->a));
        else
            cm_line(cm, "if (%s) {", cm_cond(cm, &in->a));
        cm->depth++;
        break;
    case IR_ELSE: cm->depth--; cm_line(cm, "} else {"); cm->depth++; break;
    case IR_ENDIF: case IR_ENDLOOP: case IR_ENDFOR: cm->depth--; cm_line(cm, "}"); break;
    case IR_LOOP: {
        int n = cm_while_cond(cm, in);
        if (n > 0)
            return n;
        cm_line(cm, "for (;;) {");
        cm->depth++;
        break;
    }
    case IR_FOR: cm_for(cm, in); break;
    case IR_BRK_UNLESS: cm_line(cm, "if (!%s) break;", cm_s(cm, &in->a)); break;
    case IR_BREAK: cm_line(cm, "break;"); break;
    case IR_CONTINUE: cm_line(cm, "continue;"); break;
    case IR_RET: cm_ret(cm, in); break;
    default: fatal_internal("C emitter: %s is not control flow", ir_op_info[in->op].name);
    }
    return 1;
}

static int cm_ins(Cm *cm, const IrIns *in)
{
    if (ir_op_info[in->op].is_check) {
        int n = in->op == IR_CHECK_INDEX ? cm_index_live(cm, in) : 0;
        if (n > 0)
            return n;
        cm_check(cm, in);
        return 1;
    }
    switch (in->op) {
    case IR_NOP: return 1;
    case IR_STORE:
        if (cm_view(cm, ir_whole_local_write(in)))
            cm_line(cm, "%s = &%s;", cm_local_name(in->place->root.local), cm_cond(cm, &in->a));
        else
            cm_copy_small(cm, NULL, cm_place_s(cm, in->place), cm_cond(cm, &in->a), in->place->type,
                          cm_lvalue_opd(cm, &in->a));
        return 1;
    case IR_DECL: cm_decl(cm, in); return 1;
    case IR_PUSH: cm_push(cm, in); return 1;
    case IR_CLEAR: cm_line(cm, "%s.len = 0;", cm_place_s(cm, in->place)); return 1;
    case IR_COPY: cm_copy(cm, in); return 1;
    case IR_ZEROFILL: cm_zerofill(cm, in); return 1;
    case IR_DELETE: cm_delete(cm, in); return 1;
    case IR_PRIM:
        if (in->dst >= 0)
            break;
        if (!cm_prim_pre_stmt(cm, in))
            cm_prim_stmt(cm, in);
        return 1;
    case IR_CHECK_LIVE: cm_check_live(cm, in); return 1;
    case IR_BORROW:
        if (in->dst >= 0)
            break;
        cm_line(cm, "%s;", cm_borrow(cm, in));
        return 1;
    case IR_PANIC: cm_line(cm, "gs_fail_panic(%s, %s);", cm_site_ref(cm, in->site), cm_s(cm, &in->a)); return 1;
    case IR_FAIL_ASSERT:
        cm_line(cm, "gs_fail_assert_msg(%s, %s);", cm_site_ref(cm, in->site), cm_s(cm, &in->a));
        return 1;
    default: break;
    }
    if (ir_op_info[in->op].control != IR_CTL_NONE)
        return cm_control(cm, in);
    cm_value_ins(cm, in);
    return 1;
}

void cm_emit_body(Cm *cm)
{
    const IrFunc *f = cm->f;
    for (int i = 0; i < f->nins;) {
        cm_line_at(cm, f->ins[i].loc);
        i += cm_ins(cm, &f->ins[i]);
    }
}
