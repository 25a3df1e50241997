/* const_eval.c — folding of checked constant expressions: `const`
 * initializers and array lengths.
 *
 * Integers are folded as 64-bit patterns normalised to their type (wrapped
 * to its width, sign-extended when signed), so constant arithmetic wraps
 * exactly like the program would at run time. What would be a runtime
 * error (division by zero, MIN / -1, a shift count out of range, an f64
 * out of range for `as`) is a compile error here.
 * Not for: typing (the expression must already be checked). */
#include "check.h"

#include <math.h>
#include <string.h>

static int ce_width(const Type *t)
{
    switch (t->kind) {
    case TY_I8: case TY_U8: return 8;
    case TY_I16: case TY_U16: return 16;
    case TY_I32: case TY_U32: return 32;
    default: return 64;
    }
}

uint64_t const_normalise(Type *t, uint64_t v)
{
    if (t->kind == TY_BOOL)
        return v != 0;
    int w = ce_width(t);
    if (!type_is_int(t) || w == 64)
        return v;
    uint64_t mask = ((uint64_t)1 << w) - 1;
    v &= mask;
    if (type_is_signed(t) && (v >> (w - 1)) & 1)
        v |= ~mask;
    return v;
}

static bool ce_fail(Expr *e, const char *msg)
{
    ck_error(e->loc, "%s", msg);
    return false;
}

static bool ce_ident(Expr *e, ConstVal *out)
{
    Global *g = e->ident.sym == SYM_GLOBAL ? e->ident.global : NULL;
    if (!g || !g->is_const) {
        ck_error(e->loc, "%s is not a constant", e->ident.name);
        return false;
    }
    if (!g->has_value || !g->init)
        return false;   /* its own error was reported */
    return const_eval(g->init, out);
}

static bool ce_unary(Expr *e, ConstVal *out)
{
    if (!const_eval(e->unary.operand, out))
        return false;
    Type *t = out->type;
    switch (e->unary.op) {
    case UN_NEG:
        if (t->kind == TY_F64)
            out->f = -out->f;
        else
            out->i = const_normalise(t, (uint64_t)0 - out->i);
        return true;
    case UN_NOT: out->i = !out->i; return true;
    default: out->i = const_normalise(t, ~out->i); return true;
    }
}

static bool ce_div(Expr *e, Type *t, uint64_t a, uint64_t b, bool mod, uint64_t *r)
{
    if (b == 0)
        return ce_fail(e, "integer division by zero in a constant expression");
    if (!type_is_signed(t)) {
        *r = mod ? a % b : a / b;
        return true;
    }
    int64_t sa = (int64_t)a, sb = (int64_t)b;
    uint64_t min = const_normalise(t, (uint64_t)1 << (ce_width(t) - 1));
    if (a == min && sb == -1) {
        if (!mod)
            return ce_fail(e, "integer overflow in division in a constant expression");
        *r = 0;
        return true;
    }
    *r = (uint64_t)(mod ? sa % sb : sa / sb);
    return true;
}

static bool ce_shift(Expr *e, Type *t, uint64_t a, const ConstVal *c, uint64_t *r)
{
    int64_t n = (int64_t)c->i;
    bool neg = type_is_signed(c->type) && n < 0;
    if (neg || (uint64_t)c->i >= (uint64_t)ce_width(t)) {
        ck_error(e->loc, "shift count %lld out of range for %d-bit integer in a constant expression",
                 (long long)n, ce_width(t));
        return false;
    }
    if (e->binary.op == BIN_SHL)
        *r = a << n;
    else
        *r = type_is_signed(t) ? (uint64_t)((int64_t)a >> n) : a >> n;
    return true;
}

static int ce_cmp_int(Type *t, uint64_t a, uint64_t b)
{
    if (type_is_signed(t))
        return (int64_t)a < (int64_t)b ? -1 : (int64_t)a > (int64_t)b;
    return a < b ? -1 : a > b;
}

static bool ce_compare(BinOp op, int c)
{
    switch (op) {
    case BIN_EQ: return c == 0;
    case BIN_NE: return c != 0;
    case BIN_LT: return c < 0;
    case BIN_LE: return c <= 0;
    case BIN_GT: return c > 0;
    default: return c >= 0;
    }
}

static bool ce_int_binary(Expr *e, ConstVal *a, const ConstVal *b)
{
    Type *t = a->type;
    uint64_t x = a->i, y = b->i, r = 0;
    BinOp op = e->binary.op;
    switch (op) {
    case BIN_ADD: r = x + y; break;
    case BIN_SUB: r = x - y; break;
    case BIN_MUL: r = x * y; break;
    case BIN_DIV: case BIN_MOD: if (!ce_div(e, t, x, y, op == BIN_MOD, &r)) return false; break;
    case BIN_AND: r = x & y; break;
    case BIN_OR: r = x | y; break;
    case BIN_XOR: r = x ^ y; break;
    case BIN_SHL: case BIN_SHR: if (!ce_shift(e, t, x, b, &r)) return false; break;
    default:
        a->i = ce_compare(op, ce_cmp_int(t, x, y));
        a->type = types_prim(TY_BOOL);
        return true;
    }
    a->i = const_normalise(t, r);
    return true;
}

static bool ce_float_binary(Expr *e, ConstVal *a, const ConstVal *b)
{
    double x = a->f, y = b->f;
    switch (e->binary.op) {
    case BIN_ADD: a->f = x + y; return true;
    case BIN_SUB: a->f = x - y; return true;
    case BIN_MUL: a->f = x * y; return true;
    case BIN_DIV: a->f = x / y; return true;
    default: break;
    }
    int c = x < y ? -1 : x > y ? 1 : x == y ? 0 : 2;
    a->i = c == 2 ? e->binary.op == BIN_NE : ce_compare(e->binary.op, c);
    a->type = types_prim(TY_BOOL);
    return true;
}

static bool ce_string_binary(Expr *e, ConstVal *a, const ConstVal *b)
{
    if (e->binary.op == BIN_ADD) {
        char *s = mem_alloc(g_arena, (size_t)(a->slen + b->slen + 1));
        memcpy(s, a->s, (size_t)a->slen);
        memcpy(s + a->slen, b->s, (size_t)b->slen);
        a->s = s;
        a->slen += b->slen;
        return true;
    }
    int64_t n = a->slen < b->slen ? a->slen : b->slen;
    int c = memcmp(a->s, b->s, (size_t)n);
    if (c == 0)
        c = a->slen < b->slen ? -1 : a->slen > b->slen;
    a->i = ce_compare(e->binary.op, c < 0 ? -1 : c > 0);
    a->type = types_prim(TY_BOOL);
    return true;
}

static bool ce_binary(Expr *e, ConstVal *out)
{
    ConstVal b;
    if (!const_eval(e->binary.lhs, out) || !const_eval(e->binary.rhs, &b))
        return false;
    Type *t = out->type;
    if (t->kind == TY_BOOL) {
        BinOp op = e->binary.op;
        out->i = op == BIN_LAND ? out->i && b.i : op == BIN_LOR ? out->i || b.i
               : op == BIN_EQ ? out->i == b.i : out->i != b.i;
        return true;
    }
    if (t->kind == TY_F64)
        return ce_float_binary(e, out, &b);
    if (t->kind == TY_STRING)
        return ce_string_binary(e, out, &b);
    return ce_int_binary(e, out, &b);
}

static bool ce_f64_to_int(Expr *e, ConstVal *v, Type *to)
{
    double f = trunc(v->f);
    int w = ce_width(to);
    double lo = type_is_signed(to) ? -ldexp(1.0, w - 1) : 0.0;
    double hi = type_is_signed(to) ? ldexp(1.0, w - 1) : ldexp(1.0, w);
    if (!(f >= lo && f < hi)) {
        ck_error(e->loc, "f64 value %g out of range for %s", v->f, types_spell(to));
        return false;
    }
    v->i = const_normalise(to, type_is_signed(to) ? (uint64_t)(int64_t)f : (uint64_t)f);
    return true;
}

static bool ce_cast(Expr *e, ConstVal *out)
{
    if (!const_eval(e->cast.operand, out))
        return false;
    Type *from = out->type, *to = e->type;
    bool ok = true;
    if (to->kind == TY_F64 && type_is_int(from))
        out->f = type_is_signed(from) ? (double)(int64_t)out->i : (double)out->i;
    else if (type_is_int(to) && from->kind == TY_F64)
        ok = ce_f64_to_int(e, out, to);
    else if (type_is_int(to))
        out->i = const_normalise(to, out->i);
    out->type = to;
    return ok;
}

bool const_eval(Expr *e, ConstVal *out)
{
    memset(out, 0, sizeof *out);
    if (!e || ck_is_err(e->type))
        return false;
    out->type = e->type;
    switch (e->kind) {
    case EX_INT: case EX_CHAR: out->i = const_normalise(e->type, e->i.value); return true;
    case EX_FLOAT: out->f = e->f.value; return true;
    case EX_BOOL: out->i = e->b.value; return true;
    case EX_STRING: out->s = e->str.bytes; out->slen = e->str.len; return true;
    case EX_IDENT: return ce_ident(e, out);
    case EX_PAREN: return const_eval(e->paren.inner, out);
    case EX_UNARY: return ce_unary(e, out);
    case EX_BINARY: return ce_binary(e, out);
    case EX_CAST: return ce_cast(e, out);
    default: return ce_fail(e, "not a constant expression");
    }
}

Expr *const_literal(const ConstVal *v, Loc loc)
{
    Expr *e = NEW(Expr);
    e->loc = loc;
    e->type = v->type;
    if (type_is_int(v->type)) {
        e->kind = EX_INT;
        e->i.value = v->i;
    } else if (v->type->kind == TY_F64) {
        e->kind = EX_FLOAT;
        e->f.value = v->f;
    } else if (v->type->kind == TY_BOOL) {
        e->kind = EX_BOOL;
        e->b.value = v->i != 0;
    } else {
        e->kind = EX_STRING;
        e->str.bytes = v->s;
        e->str.len = v->slen;
    }
    return e;
}

/* A checked-here integer constant expression (an array length). */
bool const_int64(Expr *e, const char *what, int64_t *out)
{
    Type *t = ck_expr(e, NULL);
    ck_default_int(e);
    t = e->type;
    if (ck_is_err(t))
        return false;
    if (!type_is_int(t)) {
        ck_error(e->loc, "%s must be an integer constant, found %s", what, types_spell(t));
        return false;
    }
    ConstVal v;
    if (!const_eval(e, &v))
        return false;
    if (!type_is_signed(t) && v.i > (uint64_t)INT64_MAX) {
        ck_error(e->loc, "%s is too large", what);
        return false;
    }
    *out = (int64_t)v.i;
    return true;
}
