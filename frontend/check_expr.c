/* check_expr.c — typing of expressions: the dispatch table, literals,
 * unary and binary operators, and conversions to an expected type.
 *
 * Integer literals without a suffix are typed TY_UNTYPED_INT, and so is an
 * operator tree made only of them (`1 + 2`, `-1`, `1 << 3`); the context
 * then fixes the type (ck_convert_quiet), checking that each literal fits,
 * or ck_default_int makes it `int`. Conversions are the only place where
 * EX_COERCE nodes are inserted (T -> ?T, none -> ?T), through the slot
 * that holds the expression.
 * Not for: names, fields, indexing, composite literals (check_access.c),
 * calls (check_call.c) or closures (check_stmt.c). */
#include "check.h"

#include <string.h>

static Type *ty_err(void) { return types_prim(TY_ERROR); }
static Type *ty_untyped(void) { return types_prim(TY_UNTYPED_INT); }

bool ck_is_err(const Type *t) { return !t || t->kind == TY_ERROR; }

static bool ty_loose(const Type *t) { return t->kind == TY_UNTYPED_INT || t->kind == TY_NONE; }

Expr *ck_strip(Expr *e)
{
    while (e && e->kind == EX_PAREN && e->paren.inner)
        e = e->paren.inner;
    return e;
}

/* ---- integer constants: fitting and fixing their type ---- */
static int ty_width(const Type *t)
{
    static const int w[] = { [TY_I8] = 8, [TY_I16] = 16, [TY_I32] = 32, [TY_I64] = 64,
                             [TY_U8] = 8, [TY_U16] = 16, [TY_U32] = 32, [TY_U64] = 64 };
    return type_is_int(t) ? w[t->kind] : 0;
}

static bool ck_fits(uint64_t v, bool neg, const Type *t)
{
    int w = ty_width(t);
    if (!type_is_signed(t))
        return neg ? v == 0 : (w == 64 || v <= (((uint64_t)1 << w) - 1));
    uint64_t lim = (uint64_t)1 << (w - 1);
    return neg ? v <= lim : v < lim;
}

static void ck_fit_check(Expr *e, uint64_t v, bool neg, Type *t)
{
    if (!ck_fits(v, neg, t))
        ck_error(e->loc, "constant %s%llu does not fit in %s", neg ? "-" : "",
                 (unsigned long long)v, types_spell(t));
}

/* -literal becomes one literal holding the two's complement pattern. */
static void ck_fold_neg(Expr *e, Type *t)
{
    uint64_t v = e->unary.operand->i.value;
    ck_fit_check(e, v, true, t);
    e->kind = EX_INT;
    e->i.value = const_normalise(t, (uint64_t)0 - v);
    e->i.suffix = NULL;
    e->type = t;
}

static bool ck_is_neg_literal(const Expr *e)
{
    return e->kind == EX_UNARY && e->unary.op == UN_NEG && e->unary.operand
           && e->unary.operand->kind == EX_INT;
}

static void ck_untyped_set(Expr *e, Type *t)
{
    if (!e || e->type != ty_untyped())
        return;
    switch (e->kind) {
    case EX_INT: ck_fit_check(e, e->i.value, false, t); break;
    case EX_UNARY:
        if (ck_is_neg_literal(e)) {
            ck_fold_neg(e, t);
            return;
        }
        ck_untyped_set(e->unary.operand, t);
        break;
    case EX_BINARY:
        ck_untyped_set(e->binary.lhs, t);
        if (e->binary.op != BIN_SHL && e->binary.op != BIN_SHR)
            ck_untyped_set(e->binary.rhs, t);
        break;
    case EX_PAREN: ck_untyped_set(e->paren.inner, t); break;
    default: break;
    }
    e->type = t;
}

/* A bare (possibly negated, parenthesised) literal in an f64 context. */
static bool ck_untyped_to_f64(Expr *e)
{
    Type *f = types_prim(TY_F64);
    if (e->kind == EX_PAREN) {
        if (!ck_untyped_to_f64(e->paren.inner))
            return false;
        e->type = f;
        return true;
    }
    bool neg = ck_is_neg_literal(e);
    if (e->kind != EX_INT && !neg)
        return false;
    double v = (double)(neg ? e->unary.operand->i.value : e->i.value);
    e->kind = EX_FLOAT;
    e->f.value = neg && v != 0 ? -v : v;   /* as Go's exact constants: -0 is 0 */
    e->type = f;
    return true;
}

void ck_default_int(Expr *e)
{
    if (e && e->type == ty_untyped())
        ck_untyped_set(e, types_prim(TY_I64));
}

/* ---- conversions ---- */
static void ck_wrap(Expr **slot, CoerceKind k, Type *to)
{
    Expr *c = NEW(Expr);
    c->kind = EX_COERCE;
    c->loc = (*slot)->loc;
    c->coerce.kind = k;
    c->coerce.operand = *slot;
    c->type = to;
    *slot = c;
}

/* Makes *slot a value of type want when the language allows it silently;
 * false (nothing reported) when it does not. Error types convert. */
bool ck_convert_quiet(Expr **slot, Type *want)
{
    Expr *e = *slot;
    Type *t = e->type;
    if (t == want || ck_is_err(t) || ck_is_err(want))
        return true;
    Type *base = want->kind == TY_OPTIONAL ? want->elem : want;
    if (t == ty_untyped()) {
        if (type_is_int(base))
            ck_untyped_set(e, base);
        else if (base->kind != TY_F64 || !ck_untyped_to_f64(e))
            return false;
        if (base != want)
            ck_wrap(slot, COERCE_TO_OPTIONAL, want);
        return true;
    }
    if (t->kind == TY_NONE && want->kind == TY_OPTIONAL) {
        e->type = want;     /* no TY_NONE survives the check */
        ck_wrap(slot, COERCE_NONE_TO_OPT, want);
        return true;
    }
    if (want->kind == TY_OPTIONAL && t == want->elem) {
        ck_no_closure(e, "an optional");
        ck_wrap(slot, COERCE_TO_OPTIONAL, want);
        return true;
    }
    return false;
}

Type *ck_value(Expr **slot, Type *want)
{
    if (!*slot)
        return ty_err();
    Type *t = ck_expr(*slot, want);
    if (t->kind == TY_VOID && want->kind != TY_VOID) {
        ck_error((*slot)->loc, "expression has no value");
        return ty_err();
    }
    if (!ck_convert_quiet(slot, want)) {
        ck_error((*slot)->loc, "expected %s, found %s", types_spell(want), types_spell(t));
        return ty_err();
    }
    return ck_is_err(t) ? ty_err() : want;
}

/* The rest of ck_any for an expression already checked by ck_expr: a
 * literal becomes int; none and (unless allowed) void are errors. */
Type *ck_settle(Expr **slot, bool allow_void)
{
    Type *t = (*slot)->type;
    if (t == ty_untyped()) {
        ck_default_int(*slot);
        return (*slot)->type;
    }
    if (t->kind == TY_NONE) {
        ck_error((*slot)->loc, "cannot infer the type of none here");
        (*slot)->type = ty_err();
        return ty_err();
    }
    if (t->kind == TY_VOID && !allow_void) {
        ck_error((*slot)->loc, "expression has no value");
        return ty_err();
    }
    return t;
}

Type *ck_any(Expr **slot, bool allow_void)
{
    if (!*slot)
        return ty_err();
    ck_expr(*slot, NULL);
    return ck_settle(slot, allow_void);
}

/* ---- closures may only be bound with let, passed or called ---- */
bool ck_may_be_closure(const Expr *e)
{
    while (e && (e->kind == EX_PAREN || e->kind == EX_COERCE || e->kind == EX_CAST))
        e = e->kind == EX_PAREN ? e->paren.inner
          : e->kind == EX_COERCE ? e->coerce.operand : e->cast.operand;
    if (!e)
        return false;
    if (e->kind == EX_CLOSURE)
        return true;
    return e->kind == EX_IDENT && e->ident.sym == SYM_LOCAL && e->ident.local
           && e->ident.local->type->kind == TY_FN && !e->ident.local->is_mutable;
}

bool ck_no_closure(const Expr *e, const char *where)
{
    if (!ck_may_be_closure(e))
        return true;
    ck_error(e->loc, "a closure cannot be stored in %s", where);
    return false;
}

/* ---- literals ---- */
/* The type a literal's suffix names (the literal has one). */
static Type *ck_suffix_type(Expr *e)
{
    const char *s = e->i.suffix[0] == '_' ? e->i.suffix + 1 : e->i.suffix;
    Type *t = ck_prim_named(s);
    if (!t || !type_is_int(t)) {
        ck_error(e->loc, "unknown integer suffix %s", e->i.suffix);
        return ty_err();
    }
    return t;
}

static Type *ex_int(Expr *e, Type *hint)
{
    if (!e->i.suffix)
        return ty_untyped();
    Type *t = ck_suffix_type(e);
    if (!ck_is_err(t))
        ck_fit_check(e, e->i.value, false, t);
    return t;
}

static Type *ex_float(Expr *e, Type *hint) { return types_prim(TY_F64); }
static Type *ex_char(Expr *e, Type *hint) { return types_prim(TY_U8); }
static Type *ex_string(Expr *e, Type *hint) { return types_prim(TY_STRING); }
static Type *ex_bool(Expr *e, Type *hint) { return types_prim(TY_BOOL); }
static Type *ex_none(Expr *e, Type *hint) { return types_prim(TY_NONE); }
static Type *ex_coerce(Expr *e, Type *hint) { return e->type ? e->type : ty_err(); }

static Type *ex_paren(Expr *e, Type *hint)
{
    Type *t = ck_expr(e->paren.inner, hint);
    if (e->paren.inner) {
        e->is_place = e->paren.inner->is_place;
        e->is_ref_value = e->paren.inner->is_ref_value;
    }
    return t;
}

/* ---- unary operators ---- */
static Type *ex_unary(Expr *e, Type *hint)
{
    Expr *o = e->unary.operand;
    if (e->unary.op == UN_NEG && o && o->kind == EX_INT && o->i.suffix) {
        /* -128_i8 is one literal: fit the negated value, not 128. */
        Type *t = o->type = ck_suffix_type(o);
        if (!ck_is_err(t))
            ck_fold_neg(e, t);
        return t;
    }
    Type *t = ck_expr(o, e->unary.op == UN_NOT ? NULL : hint);
    if (ck_is_err(t))
        return t;
    bool ok;
    switch (e->unary.op) {
    case UN_NEG: ok = t == ty_untyped() || type_is_num(t); break;
    case UN_NOT: ck_default_int(o); t = o->type; ok = t->kind == TY_BOOL; break;
    default: ok = t == ty_untyped() || type_is_int(t); break;
    }
    if (ok)
        return t;
    static const char *const spell[] = { "-", "!", "~" };
    ck_error(e->loc, "operator %s is not defined on %s", spell[e->unary.op], types_spell(t));
    return ty_err();
}

/* ---- binary operators ---- */
static const char *ck_opname(BinOp op)
{
    static const char *const s[] = {
#define OP_S(id, sp) sp,
        GS_BINOPS(OP_S)
#undef OP_S
    };
    return s[op];
}

bool ck_binop_allows(BinOp op, Type *t)
{
    bool u = t->kind == TY_UNTYPED_INT;
    switch (op) {
    case BIN_ADD: return u || type_is_num(t) || t->kind == TY_STRING;
    case BIN_SUB: case BIN_MUL: case BIN_DIV: return u || type_is_num(t);
    case BIN_MOD: case BIN_AND: case BIN_OR: case BIN_XOR: return u || type_is_int(t);
    case BIN_EQ: case BIN_NE:
        return type_is_num(t) || t->kind == TY_BOOL || t->kind == TY_STRING || t->kind == TY_OPTIONAL ||
               type_is_plain_enum(t);
    case BIN_LT: case BIN_LE: case BIN_GT: case BIN_GE:
        return type_is_num(t) || t->kind == TY_STRING;
    default: return t->kind == TY_BOOL;
    }
}

static Type *bin_logic(Expr *e)
{
    Type *b = types_prim(TY_BOOL);
    Type *lt = ck_any(&e->binary.lhs, false);
    Type *rt = ck_any(&e->binary.rhs, false);
    Type *bad = !ck_is_err(lt) && lt != b ? lt : !ck_is_err(rt) && rt != b ? rt : NULL;
    if (bad)
        ck_error(e->loc, "operator %s needs bool operands, found %s", ck_opname(e->binary.op),
                 types_spell(bad));
    return bad || ck_is_err(lt) || ck_is_err(rt) ? ty_err() : b;
}

static Type *bin_shift(Expr *e, Type *hint)
{
    Type *lt = ck_expr(e->binary.lhs, hint);
    Type *rt = ck_any(&e->binary.rhs, false);
    if (ck_is_err(lt) || ck_is_err(rt))
        return ty_err();
    if (!type_is_int(rt)) {
        ck_error(e->binary.rhs->loc, "shift count must be an integer, found %s", types_spell(rt));
        return ty_err();
    }
    if (lt == ty_untyped() || type_is_int(lt))
        return lt;
    ck_error(e->loc, "operator %s is not defined on %s", ck_opname(e->binary.op), types_spell(lt));
    return ty_err();
}

static bool ck_is_none_coerce(const Expr *e)
{
    return e->kind == EX_COERCE && e->coerce.kind == COERCE_NONE_TO_OPT;
}

/* The common type of both operands, converting a loose one to the other. */
static Type *bin_unify(Expr *e, Type *lt, Type *rt, bool cmp)
{
    if (lt == rt) {
        if (lt->kind == TY_NONE) {
            ck_error(e->loc, "cannot compare none with none");
            return NULL;
        }
        if (lt == ty_untyped() && cmp) {
            ck_default_int(e->binary.lhs);
            ck_default_int(e->binary.rhs);
            return types_prim(TY_I64);
        }
        return lt;
    }
    if (ty_loose(lt) ? ck_convert_quiet(&e->binary.lhs, rt) : ck_convert_quiet(&e->binary.rhs, lt))
        return ty_loose(lt) ? rt : lt;
    ck_error(e->loc, "mismatched types %s and %s in %s", types_spell(lt), types_spell(rt),
             ck_opname(e->binary.op));
    return NULL;
}

static Type *ex_binary(Expr *e, Type *hint)
{
    BinOp op = e->binary.op;
    if (op == BIN_LAND || op == BIN_LOR)
        return bin_logic(e);
    if (op == BIN_SHL || op == BIN_SHR)
        return bin_shift(e, hint);
    bool cmp = op >= BIN_EQ;
    Type *lt = ck_expr(e->binary.lhs, cmp ? NULL : hint);
    Type *rt = ck_expr(e->binary.rhs, ty_loose(lt) ? (cmp ? NULL : hint) : lt);
    if (ck_is_err(lt) || ck_is_err(rt))
        return ty_err();
    Type *t = bin_unify(e, lt, rt, cmp);
    if (!t)
        return ty_err();
    if (!ck_binop_allows(op, t)) {
        ck_error(e->loc, "operator %s is not defined on %s", ck_opname(op), types_spell(t));
        return ty_err();
    }
    if (t->kind == TY_OPTIONAL && !ck_is_none_coerce(e->binary.lhs) && !ck_is_none_coerce(e->binary.rhs)) {
        ck_error(e->loc, "an optional can only be compared with none");
        return ty_err();
    }
    return cmp ? types_prim(TY_BOOL) : t;
}

/* ---- dispatch ---- */
Type *ex_ident(Expr *e, Type *hint);
Type *ex_field(Expr *e, Type *hint);
Type *ex_index(Expr *e, Type *hint);
Type *ex_slice(Expr *e, Type *hint);
Type *ex_cast(Expr *e, Type *hint);
Type *ex_struct_lit(Expr *e, Type *hint);
Type *ex_array_lit(Expr *e, Type *hint);
Type *ex_slice_lit(Expr *e, Type *hint);
Type *ex_array_repeat(Expr *e, Type *hint);

static Type *ex_call(Expr *e, Type *hint) { return ck_call(e, hint); }
static Type *ex_closure(Expr *e, Type *hint) { return ck_closure(e, hint); }

typedef Type *(*ExCheck)(Expr *e, Type *hint);

static const ExCheck ex_check[EX__COUNT] = {
    [EX_INT] = ex_int, [EX_FLOAT] = ex_float, [EX_CHAR] = ex_char, [EX_STRING] = ex_string,
    [EX_BOOL] = ex_bool, [EX_NONE] = ex_none, [EX_IDENT] = ex_ident, [EX_UNARY] = ex_unary,
    [EX_BINARY] = ex_binary, [EX_CALL] = ex_call, [EX_INDEX] = ex_index, [EX_SLICE] = ex_slice,
    [EX_FIELD] = ex_field, [EX_CAST] = ex_cast, [EX_STRUCT_LIT] = ex_struct_lit,
    [EX_ARRAY_LIT] = ex_array_lit, [EX_TUPLE] = ck_tuple, [EX_ARRAY_REPEAT] = ex_array_repeat,
    [EX_CLOSURE] = ex_closure, [EX_PAREN] = ex_paren, [EX_COERCE] = ex_coerce,
    [EX_SLICE_LIT] = ex_slice_lit,
};

Type *ck_expr(Expr *e, Type *hint)
{
    if (!e)
        return ty_err();
    if (hint && ck_is_err(hint))
        hint = NULL;
    bool results_ok = ck.results_ok;    /* for this expression only, or its parentheses' */
    ck.results_ok = results_ok && e->kind == EX_PAREN;
    ExCheck f = (unsigned)e->kind < EX__COUNT ? ex_check[e->kind] : NULL;
    Type *t = f ? f(e, hint) : ty_err();
    ck.results_ok = false;
    if (ck_is_results(t) && !results_ok)
        t = ck_results_misplaced(e, t);
    e->type = t ? t : ty_err();
    return e->type;
}
