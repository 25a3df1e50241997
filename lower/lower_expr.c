/* lower_expr.c — expressions and places of the checked tree → IR.
 *
 * Operands are produced strictly left to right. A plain local is used in
 * place (no copy) only when nothing later in the expression can change it:
 * it is owned by this function, not captured by a closure and never passed
 * by reference to a user function. Globals, captured and ref locals are
 * read into a temporary at their point of evaluation.
 * Not for: calls and builtins (lower_call.c), statements (lower_stmt.c). */
#include "lower_priv.h"

/* ---- small helpers ---- */

IrOpd lx_result(Lx *lx, IrIns *in, Type *t)
{
    in->dst = ir_temp(lx->f, t);
    in->type = t;
    return ir_tempopd(lx->f, in->dst);
}

int lx_site(Lx *lx, Loc loc, const char *what, IrOp kind)
{
    return ir_site(lx->f, loc, what, kind);
}

void lx_check(Lx *lx, IrOp op, Loc loc, IrOpd a, IrOpd b, IrOpd c)
{
    int site = lx_site(lx, loc, NULL, op);
    IrIns *in = ir_emit(lx->f, op, loc);
    in->a = a;
    in->b = b;
    in->c = c;
    in->site = site;
}

/* A value later code cannot change (a loop body, the rest of a
 * statement): a constant or a fresh temp. */
IrOpd lx_snapshot(Lx *lx, IrOpd v, Loc loc)
{
    if (v.kind != OPD_LOCAL && v.kind != OPD_GLOBAL)
        return v;
    IrIns *in = ir_emit(lx->f, IR_MOV, loc);
    in->a = v;
    return lx_result(lx, in, v.type);
}

/* Operands a place can be rooted at: temps, locals, globals. */
IrOpd lx_materialize(Lx *lx, IrOpd v, Loc loc)
{
    if (v.kind == OPD_TEMP || v.kind == OPD_LOCAL || v.kind == OPD_GLOBAL)
        return v;
    IrIns *in = ir_emit(lx->f, IR_MOV, loc);
    in->a = v;
    return lx_result(lx, in, v.type);
}

IrOpd lx_load(Lx *lx, IrPlace *p, Loc loc)
{
    IrIns *in = ir_emit(lx->f, IR_LOAD, loc);
    in->place = p;
    return lx_result(lx, in, p->type);
}

static IrOpd lx_emit1(Lx *lx, IrOp op, Loc loc, IrOpd a, Type *t)
{
    IrIns *in = ir_emit(lx->f, op, loc);
    in->a = a;
    return lx_result(lx, in, t);
}

/* Bits of v truncated to t's width, sign-extended for signed t. */
static uint64_t lx_wrap(Type *t, uint64_t v)
{
    static const int width[TY__COUNT] = {
        [TY_I8] = 8, [TY_I16] = 16, [TY_I32] = 32, [TY_I64] = 64,
        [TY_U8] = 8, [TY_U16] = 16, [TY_U32] = 32, [TY_U64] = 64,
    };
    int w = width[t->kind];
    if (w == 0 || w == 64)
        return v;
    uint64_t m = ((uint64_t)1 << w) - 1;
    v &= m;
    if (type_is_signed(t) && (v >> (w - 1)) & 1)
        v |= ~m;
    return v;
}

/* A local usable in place: see the header comment. */
static bool lx_local_stable(Lx *lx, const Local *l)
{
    return lx->fn && l->owner == lx->fn && !l->is_ref && !l->captured &&
           !ir_set_has(&lx->addr_taken, l);
}

/* ---- places ---- */

/* An operand of a place's path: an index, or the reference a call returns.
 * Evaluated as usual, or recorded (as a value the loop cannot change) and
 * replayed for a rechecked for-each (Lx.path_mode). */
static IrOpd lx_path_opd(Lx *lx, Expr *e, bool ref_call)
{
    if (lx->path_mode == LX_PATH_REPLAY)
        return lx->path_opds[lx->path_pos++];
    int mode = lx->path_mode;
    lx->path_mode = LX_PATH_PLAIN;      /* paths inside the operand are its own */
    IrOpd v = ref_call ? lx_call(lx, e) : lx_expr(lx, e);
    lx->path_mode = mode;
    if (mode == LX_PATH_RECORD) {
        if (v.kind == OPD_LOCAL || v.kind == OPD_GLOBAL) {
            IrIns *in = ir_emit(lx->f, IR_MOV, e->loc);
            in->a = v;
            v = lx_result(lx, in, v.type);
        }
        if (lx->npath == lx->path_cap)
            fatal_internal("for-each path: more than %d operands", lx->path_cap);
        lx->path_opds[lx->npath++] = v;
    }
    return v;
}

static IrOpd lx_index_opd(Lx *lx, Expr *ix)
{
    return lx_path_opd(lx, ix, false);
}

IrOpd lx_len_of(Lx *lx, IrOpd seq, Loc loc)
{
    if (seq.type->kind == TY_ARRAY)
        return ir_int(lx_ty(TY_I64), (uint64_t)seq.type->len);
    IrPlace *p = ir_place_root(lx_materialize(lx, seq, loc), seq.type);
    return lx_load(lx, ir_place_proj(p, PJ_LEN, 0, ir_none(), lx_ty(TY_I64)), loc);
}

/* Whether the operands after a slice place used as a base (an index, a
 * slice's bounds) may change its header: the base is then read after them
 * (its path evaluated first, with its checks), never from storage a push
 * in them gave back. */
static bool lx_base_moved(Lx *lx, Expr *base, Expr *a, Expr *b)
{
    return base->type->kind == TY_SLICE &&
           (lx_expr_may_change(lx, base, a) || lx_expr_may_change(lx, base, b));
}

static IrPlace *lx_index_place(Lx *lx, Expr *e)
{
    Expr *base = e->index.base;
    Type *bt = base->type;
    if (bt->kind == TY_ARRAY) {
        LxReplay r;
        bool moved = lx_expr_may_move(lx, base, e->index.index);
        IrPlace *bp = moved ? lx_place_record(lx, base, &r) : lx_place(lx, base);
        IrOpd ix = lx_index_opd(lx, e->index.index);
        if (moved)
            bp = lx_place_replay(lx, base, &r);
        lx_check(lx, IR_CHECK_INDEX, e->loc, ix, ir_int(lx_ty(TY_I64), (uint64_t)bt->len), ir_none());
        return ir_place_proj(bp, PJ_AINDEX, 0, ix, bt->elem);
    }
    if (bt->kind == TY_REUSABLE) {     /* the pool's own place: no copy of it */
        IrPlace *bp = lx_place(lx, base);
        IrOpd ix = lx_index_opd(lx, e->index.index);
        IrOpd len = lx_load(lx, ir_place_proj(bp, PJ_LEN, 0, ir_none(), lx_ty(TY_I64)), e->loc);
        lx_check(lx, IR_CHECK_INDEX, e->loc, ix, len, ir_none());
        return ir_place_proj(bp, PJ_SINDEX, 0, ix, bt->elem);
    }
    LxReplay r;
    bool moved = lx_base_moved(lx, base, e->index.index, NULL);
    IrOpd bv = moved ? ir_none() : lx_materialize(lx, lx_expr(lx, base), base->loc);
    if (moved)
        lx_place_record(lx, base, &r);
    IrOpd ix = lx_index_opd(lx, e->index.index);
    if (moved)
        bv = lx_materialize(lx, lx_load(lx, lx_place_replay(lx, base, &r), base->loc), base->loc);
    IrOpd len = lx_len_of(lx, bv, e->loc);
    lx_check(lx, IR_CHECK_INDEX, e->loc, ix, len, ir_none());
    Type *et = bt->kind == TY_STRING ? lx_ty(TY_U8) : bt->elem;
    return ir_place_proj(ir_place_root(bv, bt), PJ_SINDEX, 0, ix, et);
}

static IrPlace *lx_ident_place(Lx *lx, Expr *e)
{
    if (e->ident.sym == SYM_LOCAL) {
        IrOpd r = { .kind = OPD_LOCAL, .type = e->ident.local->type, .local = e->ident.local };
        return ir_place_root(r, r.type);
    }
    if (e->ident.sym == SYM_GLOBAL) {
        IrOpd r = { .kind = OPD_GLOBAL, .type = e->ident.global->type, .global = e->ident.global };
        return ir_place_root(r, r.type);
    }
    return ir_place_root(lx_materialize(lx, lx_expr(lx, e), e->loc), e->type);
}

IrPlace *lx_place(Lx *lx, Expr *e)
{
    switch (e->kind) {
    case EX_PAREN:
        return lx_place(lx, e->paren.inner);
    case EX_IDENT:
        return lx_ident_place(lx, e);
    case EX_INDEX:
        return lx_index_place(lx, e);
    case EX_FIELD:
        if (e->field.kind == FIELD_STRUCT) {
            IrPlace *bp = lx_place(lx, e->field.base);
            return ir_place_proj(bp, PJ_FIELD, e->field.index, ir_none(), e->type);
        }
        break;
    case EX_CALL:
        if (e->is_ref_value) {
            IrOpd ptr = lx_path_opd(lx, e, true);
            return ir_place_proj(ir_place_root(ptr, ptr.type), PJ_DEREF, 0, ir_none(), e->type);
        }
        break;
    default:
        break;
    }
    return ir_place_root(lx_materialize(lx, lx_expr(lx, e), e->loc), e->type);
}

/* A place evaluated now (with its checks) and rebuilt later from the same
 * path operands (its slice headers reloaded, its checks run again), after
 * code that may have moved it (lx_expr_may_move). Inside a path being
 * recorded or replayed (Lx.path_mode), the operands are that path's own:
 * the rebuild replays them from where the place's began. */
static void lx_path_save(Lx *lx, LxReplay *s)
{
    *s = (LxReplay){ lx->path_opds, lx->npath, lx->path_pos, lx->path_cap, (int)lx->path_mode };
}

static void lx_path_restore(Lx *lx, const LxReplay *s)
{
    lx->path_opds = s->opds;
    lx->npath = s->n;
    lx->path_pos = s->pos;
    lx->path_cap = s->cap;
    lx->path_mode = s->mode;
}

IrPlace *lx_place_record(Lx *lx, Expr *e, LxReplay *r)
{
    if (lx->path_mode != LX_PATH_PLAIN) {
        *r = (LxReplay){ NULL, 0, lx->path_mode == LX_PATH_RECORD ? lx->npath : lx->path_pos, 0, 0 };
        return lx_place(lx, e);
    }
    LxReplay saved;
    lx_path_save(lx, &saved);
    lx->path_cap = lx_path_depth(e) + 1;   /* an index per step, a ref call at the root */
    lx->path_opds = NEW_ARRAY(IrOpd, lx->path_cap);
    lx->npath = 0;
    lx->path_mode = LX_PATH_RECORD;
    IrPlace *p = lx_place(lx, e);
    *r = (LxReplay){ lx->path_opds, lx->npath, 0, lx->path_cap, LX_PATH_REPLAY };
    lx_path_restore(lx, &saved);
    return p;
}

IrPlace *lx_place_replay(Lx *lx, Expr *e, const LxReplay *r)
{
    LxReplay saved;
    lx_path_save(lx, &saved);
    if (r->opds)
        lx->path_opds = r->opds;
    lx->path_pos = r->pos;
    lx->path_mode = LX_PATH_REPLAY;
    IrPlace *p = lx_place(lx, e);
    lx_path_restore(lx, &saved);
    return p;
}

/* The address of a place (for ref parameters, ref lets, ref returns). */
IrOpd lx_addr(Lx *lx, Expr *e)
{
    e = lx_unparen(e);
    if (e->kind == EX_CALL && e->is_ref_value)
        return lx_call(lx, e);
    return lx_addr_of(lx, lx_place(lx, e), e->loc);
}

/* The address of a place already built (type ref T). */
IrOpd lx_addr_of(Lx *lx, IrPlace *p, Loc loc)
{
    IrIns *in = ir_emit(lx->f, IR_ADDR, loc);
    in->place = p;
    return lx_result(lx, in, types_ref(p->type));
}

/* ---- leaves ---- */

static IrOpd lx_ident(Lx *lx, Expr *e)
{
    switch (e->ident.sym) {
    case SYM_LOCAL:
        if (lx_local_stable(lx, e->ident.local))
            return (IrOpd){ .kind = OPD_LOCAL, .type = e->ident.local->type, .local = e->ident.local };
        break;
    case SYM_GLOBAL: {
        Global *g = e->ident.global;
        if (g->is_const && g->has_value && type_is_int(g->type))
            return ir_int(g->type, lx_wrap(g->type, (uint64_t)g->ivalue));
        if (g->is_const && g->has_value && g->type->kind == TY_F64)
            return (IrOpd){ .kind = OPD_F64, .type = g->type, .f = g->fvalue };
        if (g->is_const && g->has_value && g->type->kind == TY_BOOL)
            return ir_bool(g->type, g->ivalue != 0);
        break;
    }
    case SYM_FN: {
        IrIns *in = ir_emit(lx->f, IR_FNVAL, e->loc);
        in->fn = e->ident.fn;
        return lx_result(lx, in, e->type);
    }
    default:
        break;
    }
    return lx_load(lx, lx_ident_place(lx, e), e->loc);
}

static IrOpd lx_literal(Lx *lx, Expr *e)
{
    switch (e->kind) {
    case EX_INT:
    case EX_CHAR:
        if (e->type->kind == TY_F64)    /* an integer literal in an f64 context */
            return (IrOpd){ .kind = OPD_F64, .type = e->type, .f = (double)(int64_t)e->i.value };
        return ir_int(e->type, lx_wrap(e->type, e->i.value));
    case EX_FLOAT:
        return (IrOpd){ .kind = OPD_F64, .type = e->type, .f = e->f.value };
    case EX_BOOL:
        return ir_bool(e->type, e->b.value);
    case EX_STRING:
        return (IrOpd){ .kind = OPD_STR, .type = e->type, .s = { e->str.bytes, e->str.len } };
    default:
        return ir_zero(e->type);   /* EX_NONE */
    }
}

/* ---- operators ---- */

static IrOpd lx_unary(Lx *lx, Expr *e)
{
    IrOpd a = lx_expr(lx, e->unary.operand);
    if (a.kind == OPD_INT && e->unary.op == UN_NEG)
        return ir_int(a.type, lx_wrap(a.type, 0 - a.i));
    if (a.kind == OPD_F64 && e->unary.op == UN_NEG)
        return (IrOpd){ .kind = OPD_F64, .type = a.type, .f = -a.f };
    IrIns *in = ir_emit(lx->f, IR_UN, e->loc);
    in->a = a;
    in->aux = e->unary.op;
    return lx_result(lx, in, e->type);
}

/* a op b with its checks; a and b already evaluated. */
IrOpd lx_binop(Lx *lx, Expr *e, BinOp op, IrOpd a, IrOpd b, Type *t)
{
    Type *at = a.type;
    if (type_is_int(at) && (op == BIN_DIV || op == BIN_MOD)) {
        lx_check(lx, IR_CHECK_DIV, e->loc, b, ir_none(), ir_none());
        if (op == BIN_DIV && type_is_signed(at))
            lx_check(lx, IR_CHECK_DIVOVF, e->loc, a, b, ir_none());
    }
    if (type_is_int(at) && (op == BIN_SHL || op == BIN_SHR)) {
        lx_check(lx, IR_CHECK_SHIFT, e->loc, b, ir_none(), ir_none());
        lx->f->ins[lx->f->nins - 1].aux = at->kind == TY_I8 || at->kind == TY_U8 ? 8
            : at->kind == TY_I16 || at->kind == TY_U16 ? 16
            : at->kind == TY_I32 || at->kind == TY_U32 ? 32 : 64;
    }
    IrIns *in = ir_emit(lx->f, IR_BIN, e->loc);
    in->a = a;
    in->b = b;
    in->aux = op;
    return lx_result(lx, in, t);
}

Expr *lx_unparen(const Expr *e)
{
    while (e->kind == EX_PAREN)
        e = e->paren.inner;
    return (Expr *)e;
}

/* A path of locals and struct fields: reading it cannot fail or change
 * anything, so it may be read before the test that guarded it. */
static bool lx_pure_path(const Expr *e)
{
    while (e->kind == EX_FIELD && e->field.kind == FIELD_STRUCT)
        e = e->field.base;
    return e->kind == EX_IDENT && e->ident.sym == SYM_LOCAL;
}

static bool lx_is_local(const Expr *e, const Local *l)
{
    return e->kind == EX_IDENT && e->ident.sym == SYM_LOCAL && (!l || e->ident.local == l);
}

/* `i < 0 || i >= p.len` (i a signed 64-bit local, p a path of locals and
 * fields): since a length is never negative, that is one unsigned compare,
 * (u64)i >= (u64)p.len. -O1 and up. */
static Expr *lx_range_test_len(Lx *lx, Expr *e, Expr **idx)
{
    if (lx->ir->opt_level < 1 || e->binary.op != BIN_LOR)
        return NULL;
    Expr *l = lx_unparen(e->binary.lhs), *r = lx_unparen(e->binary.rhs);
    if (l->kind != EX_BINARY || l->binary.op != BIN_LT || r->kind != EX_BINARY || r->binary.op != BIN_GE)
        return NULL;
    Expr *i = lx_unparen(l->binary.lhs), *z = lx_unparen(l->binary.rhs), *n = lx_unparen(r->binary.rhs);
    if (!lx_is_local(i, NULL) || i->type->kind != TY_I64 || z->kind != EX_INT || z->i.value != 0 ||
        !lx_is_local(lx_unparen(r->binary.lhs), i->ident.local) || n->kind != EX_FIELD ||
        n->field.kind != FIELD_LEN || !lx_pure_path(n->field.base) || n->type->kind != TY_I64)
        return NULL;
    *idx = i;
    return n;
}

static IrOpd lx_as_u64(Lx *lx, IrOpd v, Loc loc)
{
    IrIns *in = ir_emit(lx->f, IR_CAST, loc);
    in->a = v;
    return lx_result(lx, in, lx_ty(TY_U64));
}

/* && and ||: the right operand runs only when needed. */
static IrOpd lx_logical(Lx *lx, Expr *e)
{
    Expr *idx, *len = lx_range_test_len(lx, e, &idx);
    if (len) {
        IrOpd i = lx_as_u64(lx, lx_expr(lx, idx), e->loc);
        IrOpd n = lx_as_u64(lx, lx_expr(lx, len), e->loc);
        return lx_binop(lx, e, BIN_GE, i, n, e->type);
    }
    IrOpd a = lx_expr(lx, e->binary.lhs);
    int t = ir_temp(lx->f, e->type);
    IrIns *mv = ir_emit(lx->f, IR_MOV, e->loc);
    mv->dst = t;
    mv->type = e->type;
    mv->a = a;
    IrIns *br = ir_emit(lx->f, IR_IF, e->loc);
    br->a = ir_tempopd(lx->f, t);
    br->aux = e->binary.op == BIN_LOR ? IR_IF_NOT : 0;    /* || continues when false */
    IrOpd b = lx_expr(lx, e->binary.rhs);
    mv = ir_emit(lx->f, IR_MOV, e->loc);
    mv->dst = t;
    mv->type = e->type;
    mv->a = b;
    ir_emit(lx->f, IR_ENDIF, e->loc);
    return ir_tempopd(lx->f, t);
}

bool lx_is_none_expr(const Expr *e)
{
    e = lx_unparen(e);
    return e->kind == EX_NONE ||
           (e->kind == EX_COERCE && e->coerce.kind == COERCE_NONE_TO_OPT);
}

/* o == none, o != none. */
static IrOpd lx_opt_compare(Lx *lx, Expr *e)
{
    Expr *l = e->binary.lhs, *r = e->binary.rhs;
    IrOpd o;
    if (lx_is_none_expr(l) && lx_is_none_expr(r)) {
        o = ir_zero(l->type->kind == TY_OPTIONAL ? l->type : r->type);
    } else if (lx_is_none_expr(r)) {
        o = lx_expr(lx, l);
    } else if (lx_is_none_expr(l)) {
        o = lx_expr(lx, r);
    } else {
        fatal_internal("lowering: two optionals compared at %d:%d (the checker allows only none)",
                       e->loc.line, e->loc.col);
    }
    IrPlace *p = ir_place_root(lx_materialize(lx, o, e->loc), o.type);
    IrOpd has = lx_load(lx, ir_place_proj(p, PJ_HAS, 0, ir_none(), lx_ty(TY_BOOL)), e->loc);
    if (e->binary.op == BIN_NE)
        return has;
    IrIns *in = ir_emit(lx->f, IR_UN, e->loc);
    in->a = has;
    in->aux = UN_NOT;
    return lx_result(lx, in, e->type);
}

static IrOpd lx_binary(Lx *lx, Expr *e)
{
    BinOp op = e->binary.op;
    if (op == BIN_LAND || op == BIN_LOR)
        return lx_logical(lx, e);
    if ((op == BIN_EQ || op == BIN_NE) &&
        (e->binary.lhs->type->kind == TY_OPTIONAL || e->binary.rhs->type->kind == TY_OPTIONAL))
        return lx_opt_compare(lx, e);
    IrOpd a = lx_expr(lx, e->binary.lhs);
    IrOpd b = lx_expr(lx, e->binary.rhs);
    return lx_binop(lx, e, op, a, b, e->type);
}

static IrOpd lx_cast(Lx *lx, Expr *e)
{
    IrOpd a = lx_expr(lx, e->cast.operand);
    Type *from = a.type, *to = e->type;
    if (from == to)
        return a;
    if (a.kind == OPD_INT && type_is_int(to))
        return ir_int(to, lx_wrap(to, a.i));
    if (from->kind == TY_F64 && type_is_int(to)) {
        int site = lx_site(lx, e->loc, types_spell(to), IR_CHECK_F2I);
        IrIns *ck = ir_emit(lx->f, IR_CHECK_F2I, e->loc);
        ck->a = a;
        ck->type = to;
        ck->site = site;
    }
    return lx_emit1(lx, IR_CAST, e->loc, a, to);
}

/* ---- composite values ---- */

static IrOpd lx_struct_lit(Lx *lx, Expr *e)
{
    StructInst *st = e->type->st;
    IrOpd *vals = NEW_ARRAY(IrOpd, st->nfields + 1);
    for (int i = 0; i < st->nfields; i++)
        vals[i] = ir_zero(st->fields[i].type);
    for (int i = 0; i < e->lit.nfields; i++)   /* source order */
        vals[e->lit.fields[i].index] = lx_expr(lx, e->lit.fields[i].value);
    if (st->nfields == 0)
        return ir_zero(e->type);
    IrIns *in = ir_emit(lx->f, IR_STRUCT, e->loc);
    in->args = vals;
    in->nargs = st->nfields;
    return lx_result(lx, in, e->type);
}

/* The values of a literal's elements (array, slice, results list), left
 * to right. */
static IrOpd *lx_elems(Lx *lx, Expr *e)
{
    IrOpd *vals = NEW_ARRAY(IrOpd, e->array.nelems + 1);
    for (int i = 0; i < e->array.nelems; i++)
        vals[i] = lx_expr(lx, e->array.elems[i]);
    return vals;
}

/* return (a, b): the result list struct, its values left to right. */
static IrOpd lx_tuple(Lx *lx, Expr *e)
{
    IrOpd *vals = lx_elems(lx, e);
    IrIns *in = ir_emit(lx->f, IR_STRUCT, e->loc);
    in->args = vals;
    in->nargs = e->array.nelems;
    return lx_result(lx, in, e->type);
}

static IrOpd lx_array_lit(Lx *lx, Expr *e)
{
    int n = e->array.nelems;
    IrOpd *vals = lx_elems(lx, e);
    if (n == 0)
        return ir_zero(e->type);
    IrIns *in = ir_emit(lx->f, IR_ARRAY, e->loc);
    in->args = vals;
    in->nargs = n;
    return lx_result(lx, in, e->type);
}

/* []T{a, b, c}: the elements left to right (lx_expr reads a local in
 * place only when nothing later can change it), then one allocation of
 * length and capacity n and a store of each; []T{} is the zero slice. */
static IrOpd lx_slice_lit(Lx *lx, Expr *e)
{
    int n = e->array.nelems;
    IrOpd *vals = lx_elems(lx, e);
    if (n == 0)
        return ir_zero(e->type);
    IrOpd len = ir_int(lx_ty(TY_I64), (uint64_t)n);
    int site = lx_site(lx, e->loc, NULL, IR_MAKE);
    IrIns *mk = ir_emit(lx->f, IR_MAKE, e->loc);
    mk->a = len;
    mk->b = len;
    mk->site = site;
    IrOpd s = lx_result(lx, mk, e->type);
    IrPlace *root = ir_place_root(s, e->type);
    for (int i = 0; i < n; i++) {
        IrIns *st = ir_emit(lx->f, IR_STORE, e->array.elems[i]->loc);
        st->place = ir_place_proj(root, PJ_SINDEX, 0, ir_int(lx_ty(TY_I64), (uint64_t)i), e->type->elem);
        st->a = vals[i];
    }
    return s;
}

static bool lx_is_zero_const(const IrOpd *v)
{
    return v->kind == OPD_ZERO || (v->kind == OPD_INT && v->i == 0) ||
           (v->kind == OPD_BOOL && !v->b);
}

static IrOpd lx_repeat(Lx *lx, Expr *e)
{
    IrOpd v = lx_expr(lx, e->repeat.value);
    if (lx_is_zero_const(&v) || e->type->len == 0)
        return ir_zero(e->type);
    return lx_emit1(lx, IR_REPEAT, e->loc, v, e->type);
}

static IrOpd lx_closure(Lx *lx, Expr *e)
{
    FnInst *fn = e->closure.fn;
    IrFunc *cf = ir_find_func(lx->ir, fn);
    bool env = cf && cf->ncaptures > 0;
    IrIns *in = ir_emit(lx->f, env ? IR_CLOSURE : IR_FNVAL, e->loc);
    in->fn = fn;
    return lx_result(lx, in, e->type);
}

static IrOpd lx_coerce(Lx *lx, Expr *e)
{
    switch (e->coerce.kind) {
    case COERCE_TO_OPTIONAL: {
        IrOpd v = lx_expr(lx, e->coerce.operand);
        return lx_emit1(lx, IR_SOME, e->loc, v, e->type);
    }
    case COERCE_NONE_TO_OPT:
        return ir_zero(e->type);
    case COERCE_FN_TO_VALUE:
    default:
        return lx_expr(lx, e->coerce.operand);
    }
}

static IrOpd lx_slice(Lx *lx, Expr *e)
{
    Expr *b = e->slice.base;
    LxReplay r;
    bool moved = lx_base_moved(lx, b, e->slice.lo, e->slice.hi);
    IrOpd base = moved ? ir_none() : lx_materialize(lx, lx_expr(lx, b), e->loc);
    if (moved)
        lx_place_record(lx, b, &r);
    Type *i64 = lx_ty(TY_I64);
    IrOpd lo = e->slice.lo ? lx_expr(lx, e->slice.lo) : ir_int(i64, 0);
    IrOpd hi = e->slice.hi ? lx_expr(lx, e->slice.hi) : ir_none();
    if (moved)
        base = lx_materialize(lx, lx_load(lx, lx_place_replay(lx, b, &r), b->loc), e->loc);
    return lx_slice_of(lx, e, base, lo, hi);
}

/* base[lo:hi] of e's type, its bounds evaluated (hi none: the length). */
IrOpd lx_slice_of(Lx *lx, Expr *e, IrOpd base, IrOpd lo, IrOpd hi)
{
    IrOpd len = lx_len_of(lx, base, e->loc);
    bool whole = hi.kind == OPD_NONE && lo.kind == OPD_INT && lo.i == 0;
    if (hi.kind == OPD_NONE)
        hi = len;
    if (!whole)     /* xs[:] and xs[0:] cannot fail */
        lx_check(lx, IR_CHECK_SLICE, e->loc, lo, hi, len);
    IrIns *in = ir_emit(lx->f, IR_SLICE, e->loc);
    in->a = base;
    in->b = lo;
    in->c = hi;
    return lx_result(lx, in, e->type);
}

static bool lx_is_pool(const Type *t)
{
    return t && (t->kind == TY_REUSABLE || t->kind == TY_REUSABLE_SLICE);
}

static IrOpd lx_field(Lx *lx, Expr *e)
{
    Expr *base = e->field.base;
    if (e->field.kind == FIELD_STRUCT)
        return lx_load(lx, lx_place(lx, e), e->loc);
    if (base->type->kind == TY_ARRAY) {
        if (!base->is_place)
            (void)lx_expr(lx, base);          /* evaluated for its effects */
        return ir_int(e->type, (uint64_t)base->type->len);
    }
    if (lx_is_pool(base->type))     /* r.len: read in place */
        return lx_load(lx, ir_place_proj(lx_place(lx, base), PJ_LEN, 0, ir_none(), e->type), e->loc);
    IrOpd b = lx_materialize(lx, lx_expr(lx, base), e->loc);
    IrProjKind k = e->field.kind == FIELD_CAP ? PJ_CAP : PJ_LEN;
    IrPlace *p = ir_place_proj(ir_place_root(b, b.type), k, 0, ir_none(), e->type);
    return lx_load(lx, p, e->loc);
}

IrOpd lx_expr(Lx *lx, Expr *e)
{
    switch (e->kind) {
    case EX_INT: case EX_CHAR: case EX_FLOAT: case EX_BOOL: case EX_STRING: case EX_NONE:
        return lx_literal(lx, e);
    case EX_IDENT: return lx_ident(lx, e);
    case EX_UNARY: return lx_unary(lx, e);
    case EX_BINARY: return lx_binary(lx, e);
    case EX_CALL:
        if (e->is_ref_value)
            return lx_load(lx, lx_place(lx, e), e->loc);
        return lx_call(lx, e);
    case EX_INDEX: return lx_load(lx, lx_place(lx, e), e->loc);
    case EX_SLICE: return lx_slice(lx, e);
    case EX_FIELD: return lx_field(lx, e);
    case EX_CAST: return lx_cast(lx, e);
    case EX_STRUCT_LIT: return lx_struct_lit(lx, e);
    case EX_ARRAY_LIT: return lx_array_lit(lx, e);
    case EX_SLICE_LIT: return lx_slice_lit(lx, e);
    case EX_TUPLE: return lx_tuple(lx, e);
    case EX_ARRAY_REPEAT: return lx_repeat(lx, e);
    case EX_CLOSURE: return lx_closure(lx, e);
    case EX_PAREN: return lx_expr(lx, e->paren.inner);
    case EX_COERCE: return lx_coerce(lx, e);
    case EX_VARIANT: return lx_variant(lx, e);
    default:
        fatal_internal("lowering: expression kind %d at %d:%d", (int)e->kind, e->loc.line, e->loc.col);
    }
}
