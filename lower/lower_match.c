/* lower_match.c — enum values and `match` → IR.
 *
 * A variant of a plain enum is an integer constant of the enum's type; of
 * another enum a STRUCT of the enum: the u32 tag, zero for every payload
 * but its own, and its payload (a STRUCT of the payload's fields).
 *
 * `match` evaluates its subject once: a value (its temp, local or global
 * is the root of the places read), or with `match ref` the place itself.
 * The subject's discriminant (a plain enum's value, the tag, an optional's
 * has, the integer, bool or string) is loaded once; the arms become an
 * if / else if chain whose last arm, which the checker proved catches all
 * that is left, is the final else. Bindings are declared at the start of
 * their arm: copies loaded from the payload, or addresses of its fields.
 * Not for: checking (frontend/check_match.c). */
#include "lower_priv.h"

#include <string.h>

static IrIns *lm_emit(Lx *lx, IrOp op, Loc loc, IrOpd a)
{
    IrIns *in = ir_emit(lx->f, op, loc);
    in->a = a;
    return in;
}

IrOpd lx_variant(Lx *lx, Expr *e)
{
    StructInst *st = e->type->st;
    int v = e->variant.index;
    if (st->enum_plain)
        return ir_int(e->type, (uint64_t)v);
    const VariantInfo *vi = &st->variants[v];
    IrOpd pay = ir_none();
    if (vi->payload) {
        IrOpd *vals = NEW_ARRAY(IrOpd, vi->payload->nfields + 1);
        for (int i = 0; i < e->variant.nargs; i++)
            vals[i] = lx_expr(lx, e->variant.args[i]);
        IrIns *in = ir_emit(lx->f, IR_STRUCT, e->loc);
        in->args = vals;
        in->nargs = vi->payload->nfields;
        pay = lx_result(lx, in, vi->payload->type);
    }
    IrOpd *vals = NEW_ARRAY(IrOpd, st->nfields + 1);
    vals[0] = ir_int(st->fields[0].type, (uint64_t)v);
    for (int i = 1; i < st->nfields; i++)
        vals[i] = i == vi->field ? pay : ir_zero(st->fields[i].type);
    IrIns *in = ir_emit(lx->f, IR_STRUCT, e->loc);
    in->args = vals;
    in->nargs = st->nfields;
    return lx_result(lx, in, e->type);
}

/* ---- match ---- */

typedef struct Lm {
    Stmt *s;
    Type *t;
    IrPlace *place;     /* the subject */
    IrOpd key;          /* what the patterns test: tag, has, or the value */
} Lm;

static IrOpd lm_bin(Lx *lx, Loc loc, BinOp op, IrOpd a, IrOpd b)
{
    IrIns *in = ir_emit(lx->f, IR_BIN, loc);
    in->a = a;
    in->b = b;
    in->aux = op;
    return lx_result(lx, in, lx_ty(TY_BOOL));
}

static bool lm_is_min(Type *t, uint64_t v)
{
    if (!type_is_signed(t))
        return v == 0;
    int64_t x = (int64_t)v;
    switch (t->kind) {
    case TY_I8: return x == INT8_MIN;
    case TY_I16: return x == INT16_MIN;
    case TY_I32: return x == INT32_MIN;
    default: return x == INT64_MIN;
    }
}

static bool lm_is_max(Type *t, uint64_t v)
{
    switch (t->kind) {
    case TY_I8: return (int64_t)v == INT8_MAX;
    case TY_I16: return (int64_t)v == INT16_MAX;
    case TY_I32: return (int64_t)v == INT32_MAX;
    case TY_I64: return (int64_t)v == INT64_MAX;
    case TY_U8: return v == UINT8_MAX;
    case TY_U16: return v == UINT16_MAX;
    case TY_U32: return v == UINT32_MAX;
    default: return v == UINT64_MAX;
    }
}

static IrOpd lm_range(Lx *lx, Lm *m, const Pattern *p)
{
    Type *t = m->t;
    bool lo = !lm_is_min(t, p->lo_v), hi = !lm_is_max(t, p->hi_v);
    IrOpd a = lo ? lm_bin(lx, p->loc, BIN_GE, m->key, ir_int(t, p->lo_v)) : ir_none();
    IrOpd b = hi ? lm_bin(lx, p->loc, BIN_LE, m->key, ir_int(t, p->hi_v)) : ir_none();
    if (lo && hi)
        return lm_bin(lx, p->loc, BIN_AND, a, b);
    return lo ? a : hi ? b : ir_bool(lx_ty(TY_BOOL), true);
}

/* The test of one alternative. */
static IrOpd lm_test(Lx *lx, Lm *m, const Pattern *p)
{
    switch (p->kind) {
    case PAT_VARIANT:
        return lm_bin(lx, p->loc, BIN_EQ, m->key, ir_int(m->key.type, (uint64_t)p->variant));
    case PAT_SOME: return m->key;
    case PAT_NONE: {
        IrIns *in = ir_emit(lx->f, IR_UN, p->loc);
        in->a = m->key;
        in->aux = UN_NOT;
        return lx_result(lx, in, lx_ty(TY_BOOL));
    }
    case PAT_RANGE: return lm_range(lx, m, p);
    case PAT_VALUE:
        if (type_is_int(m->t))
            return lm_bin(lx, p->loc, BIN_EQ, m->key, ir_int(m->t, p->lo_v));
        return lm_bin(lx, p->loc, BIN_EQ, m->key, lx_expr(lx, p->lo));
    default: return ir_bool(lx_ty(TY_BOOL), true);
    }
}

/* The cases of an arm of an integer or enum match, or 0 when it is not
 * one (a range wider than LM_MAX_CASES values, another kind of subject). */
enum { LM_MAX_CASES = 64 };

static int lm_cases(const Lm *m, const MatchArm *a, IrOpd *out)
{
    bool en = type_is_enum(m->t);
    if (!en && !type_is_int(m->t))
        return 0;
    int n = 0;
    for (int i = 0; i < a->npats; i++) {
        const Pattern *p = a->pats[i];
        if (p->kind == PAT_VARIANT) {
            if (n == LM_MAX_CASES)
                return 0;
            out[n++] = ir_int(m->key.type, (uint64_t)p->variant);
            continue;
        }
        if (p->kind != PAT_VALUE && p->kind != PAT_RANGE)
            return 0;
        uint64_t span = type_is_signed(m->t) ? (uint64_t)((int64_t)p->hi_v - (int64_t)p->lo_v) : p->hi_v - p->lo_v;
        if (span >= (uint64_t)(LM_MAX_CASES - n))
            return 0;
        for (uint64_t k = 0; k <= span; k++)
            out[n++] = ir_int(m->t, p->lo_v + k);
    }
    return n;
}

static IrOpd lm_arm_test(Lx *lx, Lm *m, const MatchArm *a)
{
    IrOpd c = lm_test(lx, m, a->pats[0]);
    for (int i = 1; i < a->npats; i++)
        c = lm_bin(lx, a->pats[i]->loc, BIN_OR, c, lm_test(lx, m, a->pats[i]));
    return c;
}

/* The place of binding i of p: a payload field, or an optional's value. */
static IrPlace *lm_bind_place(Lm *m, const Pattern *p, int i)
{
    if (p->kind == PAT_SOME)
        return ir_place_proj(m->place, PJ_VAL, 0, ir_none(), m->t->elem);
    const VariantInfo *vi = &m->t->st->variants[p->variant];
    IrPlace *pay = ir_place_proj(m->place, PJ_FIELD, vi->field, ir_none(), vi->payload->type);
    return ir_place_proj(pay, PJ_FIELD, i, ir_none(), vi->payload->fields[i].type);
}

static void lm_binds(Lx *lx, Lm *m, const MatchArm *a)
{
    const Pattern *p = a->pats[0];
    if (a->npats != 1 || !p->locals)
        return;
    for (int i = 0; i < p->nbinds; i++) {
        Local *l = p->locals[i];
        if (!l)
            continue;
        IrPlace *pl = lm_bind_place(m, p, i);
        IrOpd v = m->s->match.is_ref ? lx_addr_of(lx, pl, p->loc) : lx_load(lx, pl, p->loc);
        lm_emit(lx, IR_DECL, p->loc, v)->local = l;
    }
}

static void lm_body(Lx *lx, Lm *m, const MatchArm *a)
{
    lm_binds(lx, m, a);
    if (a->body) {
        Block b = { .loc = a->loc, .stmts = &((MatchArm *)a)->body, .nstmts = 1 };
        lx_block(lx, &b);
    }
}

/* The subject's place and the value the patterns test. */
static void lm_subject(Lx *lx, Lm *m)
{
    Expr *subj = m->s->match.subject;
    Loc loc = m->s->loc;
    if (m->s->match.is_ref) {
        m->place = lx_place(lx, subj);
    } else {
        IrOpd v = lx_materialize(lx, lx_expr(lx, subj), loc);
        m->place = ir_place_root(v, m->t);
    }
    if (type_is_enum(m->t) && !m->t->st->enum_plain)
        m->key = lx_load(lx, ir_place_proj(m->place, PJ_FIELD, 0, ir_none(), m->t->st->fields[0].type), loc);
    else if (m->t->kind == TY_OPTIONAL)
        m->key = lx_load(lx, ir_place_proj(m->place, PJ_HAS, 0, ir_none(), lx_ty(TY_BOOL)), loc);
    else
        m->key = lx_load(lx, m->place, loc);
}

/* ---- strings: first on the length, then the bytes ----
 * With many string arms, the subject's length picks the few literals of
 * that length (a switch on the length), which are compared; the arm found
 * is kept in a local that a second chain (a switch on it) dispatches on.
 * The last arm is the `_` the checker requires. */
enum { LM_STRING_SPLIT = 4 };

static IrIns *lm_switch_if(Lx *lx, Loc loc, IrOpd key, uint64_t v)
{
    IrIns *in = lm_emit(lx, IR_IF, loc, lm_bin(lx, loc, BIN_EQ, key, ir_int(key.type, v)));
    in->aux = IR_IF_SWITCH;
    in->b = key;
    in->args = NEW_ARRAY(IrOpd, 1);
    in->args[0] = ir_int(key.type, v);
    in->nargs = 1;
    return in;
}

static int lm_string_lits(const Stmt *s)
{
    int n = 0;
    for (int i = 0; i < s->match.narms; i++)
        for (int j = 0; j < s->match.arms[i].npats; j++)
            n += s->match.arms[i].pats[j]->kind == PAT_VALUE;
    return n;
}

static Local *lm_arm_local(Lx *lx, Stmt *s)
{
    Local *l = NEW(Local);
    l->name = intern_cstr("arm");
    l->loc = s->loc;
    l->type = lx_ty(TY_I64);
    l->is_mutable = true;
    l->owner = lx->fn;
    l->id = lx->fn->locals.len;
    vec_push(&lx->fn->locals, l);
    return l;
}

/* Stores into l the arm whose literal of length len equals the subject. */
static void lm_string_group(Lx *lx, Lm *m, Local *l, int64_t len)
{
    Stmt *s = m->s;
    int open = 0;
    for (int i = 0; i < s->match.narms; i++)
        for (int j = 0; j < s->match.arms[i].npats; j++) {
            Pattern *p = s->match.arms[i].pats[j];
            Expr *lit = p->kind == PAT_VALUE ? lx_unparen(p->lo) : NULL;
            if (!lit || lit->kind != EX_STRING || lit->str.len != len)
                continue;
            if (open)
                lm_emit(lx, IR_ELSE, p->loc, ir_none());
            lm_emit(lx, IR_IF, p->loc, lm_bin(lx, p->loc, BIN_EQ, m->key, lx_expr(lx, p->lo)));
            open++;
            IrIns *st = lm_emit(lx, IR_STORE, p->loc, ir_int(l->type, (uint64_t)i));
            st->place = ir_place_root((IrOpd){ .kind = OPD_LOCAL, .type = l->type, .local = l }, l->type);
        }
    for (int i = 0; i < open; i++)
        lm_emit(lx, IR_ENDIF, s->loc, ir_none());
}

static bool lm_seen_len(const Stmt *s, int upto_arm, int upto_pat, int64_t len)
{
    for (int i = 0; i <= upto_arm; i++)
        for (int j = 0; j < s->match.arms[i].npats && (i < upto_arm || j < upto_pat); j++) {
            Pattern *p = s->match.arms[i].pats[j];
            Expr *lit = p->kind == PAT_VALUE ? lx_unparen(p->lo) : NULL;
            if (lit && lit->kind == EX_STRING && lit->str.len == len)
                return true;
        }
    return false;
}

static void lm_string_match(Lx *lx, Lm *m)
{
    Stmt *s = m->s;
    Loc loc = s->loc;
    int n = s->match.narms;
    Local *l = lm_arm_local(lx, s);
    lm_emit(lx, IR_DECL, loc, ir_int(l->type, (uint64_t)(n - 1)))->local = l;
    IrOpd len = lx_load(lx, ir_place_proj(m->place, PJ_LEN, 0, ir_none(), lx_ty(TY_I64)), loc);
    int open = 0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < s->match.arms[i].npats; j++) {
            Pattern *p = s->match.arms[i].pats[j];
            Expr *lit = p->kind == PAT_VALUE ? lx_unparen(p->lo) : NULL;
            if (!lit || lit->kind != EX_STRING || lm_seen_len(s, i, j, lit->str.len))
                continue;
            if (open)
                lm_emit(lx, IR_ELSE, p->loc, ir_none());
            lm_switch_if(lx, p->loc, len, (uint64_t)lit->str.len);
            open++;
            lm_string_group(lx, m, l, lit->str.len);
        }
    for (int i = 0; i < open; i++)
        lm_emit(lx, IR_ENDIF, loc, ir_none());
    IrOpd arm = lx_load(lx, ir_place_root((IrOpd){ .kind = OPD_LOCAL, .type = l->type, .local = l }, l->type), loc);
    for (int i = 0; i < n; i++) {
        const MatchArm *a = &s->match.arms[i];
        if (i < n - 1)
            lm_switch_if(lx, a->loc, arm, (uint64_t)i);
        lm_body(lx, m, a);
        if (i < n - 1)
            lm_emit(lx, IR_ELSE, a->loc, ir_none());
    }
    for (int i = 0; i < n - 1; i++)
        lm_emit(lx, IR_ENDIF, loc, ir_none());
}

void lx_match(Lx *lx, Stmt *s)
{
    Lm m = { .s = s, .t = s->match.subject->type };
    lm_subject(lx, &m);
    if (m.t->kind == TY_STRING && s->match.last_is_else && lx->fn && lm_string_lits(s) >= LM_STRING_SPLIT) {
        lm_string_match(lx, &m);
        return;
    }
    int n = s->match.narms, open = 0;
    for (int i = 0; i < n; i++) {
        const MatchArm *a = &s->match.arms[i];
        bool last = i == n - 1 && s->match.last_is_else;
        if (!last) {
            IrIns *in = lm_emit(lx, IR_IF, a->loc, lm_arm_test(lx, &m, a));
            IrOpd cases[LM_MAX_CASES];
            int nc = lm_cases(&m, a, cases);
            if (nc > 0) {
                in->aux = IR_IF_SWITCH;
                in->b = m.key;
                in->args = mem_dup(g_arena, cases, sizeof(IrOpd) * (size_t)nc);
                in->nargs = nc;
            }
            open++;
        }
        lm_body(lx, &m, a);
        if (!last && i < n - 1)
            lm_emit(lx, IR_ELSE, a->loc, ir_none());
    }
    for (int i = 0; i < open; i++)
        lm_emit(lx, IR_ENDIF, s->loc, ir_none());
}
