/* lower_stmt.c — statements of the checked tree → structured IR.
 * `place op= value` evaluates the place (with its checks), then the value,
 * then reads the place and stores. Loops keep their shape: `while` is a
 * LOOP with a BRK_UNLESS, `for` over a range or a sequence is a FOR whose
 * bound is evaluated once (a fixed array is copied once at loop start).
 * Not for: expressions (lower_expr.c). */
#include "lower_priv.h"

#include <string.h>

static void lx_stmt(Lx *lx, Stmt *s);

static IrIns *lx_emit(Lx *lx, IrOp op, Loc loc, IrOpd a)
{
    IrIns *in = ir_emit(lx->f, op, loc);
    in->a = a;
    return in;
}

static void lx_let(Lx *lx, Stmt *s)
{
    Local *l = s->let.local;
    IrOpd v;
    if (l->is_ref)
        v = lx_addr(lx, s->let.init);
    else if (s->let.init)
        v = lx_expr(lx, s->let.init);
    else
        v = ir_zero(l->type);
    IrIns *in = lx_emit(lx, IR_DECL, s->loc, v);
    in->local = l;
}

/* The place's checks run first; when the value may move the place (a
 * push that grows a slice on its path), the place is rebuilt and checked
 * again after the value, so the store goes to the current storage. */
static void lx_assign(Lx *lx, Stmt *s)
{
    Expr *t = s->assign.target;
    LxReplay r;
    bool moves = lx_expr_may_move(lx, t, s->assign.value);
    IrPlace *p = moves ? lx_place_record(lx, t, &r) : lx_place(lx, t);
    IrOpd v = lx_expr(lx, s->assign.value);
    if (moves)
        p = lx_place_replay(lx, t, &r);
    if (s->assign.op != ASSIGN_SET) {
        IrOpd cur = lx_load(lx, p, s->loc);
        Expr e = { .kind = EX_BINARY, .loc = s->loc };
        v = lx_binop(lx, &e, (BinOp)s->assign.op, cur, v, p->type);
    }
    IrIns *in = lx_emit(lx, IR_STORE, s->loc, v);
    in->place = p;
}

/* Result i of the result list v. */
static IrOpd lx_result_at(Lx *lx, IrOpd v, int i, Loc loc)
{
    StructInst *st = v.type->st;
    IrPlace *p = ir_place_proj(ir_place_root(v, v.type), PJ_FIELD, i, ir_none(), st->fields[i].type);
    return lx_load(lx, p, loc);
}

/* let (a, _) = f(): the call, then each named result into its binding. */
static void lx_let_multi(Lx *lx, Stmt *s)
{
    IrOpd v = lx_materialize(lx, lx_expr(lx, s->multi.value), s->loc);
    for (int i = 0; i < s->multi.n; i++)
        if (s->multi.locals[i])
            lx_emit(lx, IR_DECL, s->loc, lx_result_at(lx, v, i, s->loc))->local = s->multi.locals[i];
}

/* p, _ = f(): the places left to right (with their checks), then the
 * call, then the stores left to right. A place the call may move is
 * rebuilt after it, as in lx_assign. */
static void lx_assign_multi(Lx *lx, Stmt *s)
{
    int n = s->multi.n;
    IrPlace **ps = NEW_ARRAY(IrPlace *, n + 1);
    LxReplay *rs = NEW_ARRAY(LxReplay, n + 1);
    bool *moves = NEW_ARRAY(bool, n + 1);
    for (int i = 0; i < n; i++) {
        Expr *t = s->multi.targets[i];
        if (s->multi.blank[i])
            continue;
        moves[i] = lx_expr_may_move(lx, t, s->multi.value);
        ps[i] = moves[i] ? lx_place_record(lx, t, &rs[i]) : lx_place(lx, t);
    }
    IrOpd v = lx_materialize(lx, lx_expr(lx, s->multi.value), s->loc);
    for (int i = 0; i < n; i++)
        if (moves[i])
            ps[i] = lx_place_replay(lx, s->multi.targets[i], &rs[i]);
    for (int i = 0; i < n; i++) {
        if (s->multi.blank[i])
            continue;
        IrIns *in = lx_emit(lx, IR_STORE, s->loc, lx_result_at(lx, v, i, s->loc));
        in->place = ps[i];
    }
}

static void lx_if(Lx *lx, Stmt *s)
{
    IrOpd c = lx_expr(lx, s->if_.cond);
    lx_emit(lx, IR_IF, s->loc, c);
    lx_block(lx, s->if_.then);
    if (s->if_.els) {
        lx_emit(lx, IR_ELSE, s->loc, ir_none());
        lx_stmt(lx, s->if_.els);
    }
    lx_emit(lx, IR_ENDIF, s->loc, ir_none());
}

static void lx_while(Lx *lx, Stmt *s)
{
    LxScope sc;
    lx_emit(lx, IR_LOOP, s->loc, ir_none());
    lx_loop_enter(lx, &sc);
    IrOpd c = lx_expr(lx, s->while_.cond);
    if (!(c.kind == OPD_BOOL && c.b))
        lx_emit(lx, IR_BRK_UNLESS, s->loc, c);
    lx_block(lx, s->while_.body);
    lx_emit(lx, IR_ENDLOOP, s->loc, ir_none());
    lx_loop_leave(lx, &sc, s->loc);
}

static void lx_for_range(Lx *lx, Stmt *s)
{
    IrOpd lo = lx_expr(lx, s->range.lo);
    IrOpd hi = lx_snapshot(lx, lx_expr(lx, s->range.hi), s->loc);
    IrIns *in = lx_emit(lx, IR_FOR, s->loc, lo);
    in->b = hi;
    in->local = s->range.local;
    in->type = s->range.local->type;
    LxScope sc;
    lx_loop_enter(lx, &sc);
    lx_block(lx, s->range.body);
    lx_emit(lx, IR_ENDFOR, s->loc, ir_none());
    lx_loop_leave(lx, &sc, s->loc);
}

/* The loop counter of a FOR: its index local, else a fresh temp. */
static IrOpd lx_for_counter(Lx *lx, IrIns *in, Stmt *s)
{
    Type *i64 = lx_ty(TY_I64);
    in->local = s->each.idx_local;
    in->type = i64;
    if (in->local)
        return (IrOpd){ .kind = OPD_LOCAL, .type = i64, .local = in->local };
    in->dst = ir_temp(lx->f, i64);
    return ir_tempopd(lx->f, in->dst);
}

/* An index operand as an i64 (a slice bound may have any integer type;
 * checked against the length first, it then fits). */
static IrOpd lx_as_i64(Lx *lx, IrOpd v, Loc loc)
{
    if (v.type->kind == TY_I64 || v.kind == OPD_INT)
        return v.kind == OPD_INT ? ir_int(lx_ty(TY_I64), v.i) : v;
    IrIns *in = lx_emit(lx, IR_CAST, loc, v);
    return lx_result(lx, in, lx_ty(TY_I64));
}

/* The bounds of `for x in xs[i:j]`, evaluated once as the sub-slice
 * expression would be (xs's path, i, j, then the check); for a plain
 * `for x in xs`, 0 and xs.len. *lo gets the first index. */
static IrOpd lx_each_bounds(Lx *lx, Stmt *s, IrPlace *p, IrOpd *lo)
{
    Type *i64 = lx_ty(TY_I64);
    Expr *seq = lx_unparen(s->each.seq);
    bool sub = seq->kind == EX_SLICE;
    IrOpd l = sub && seq->slice.lo ? lx_expr(lx, seq->slice.lo) : ir_int(i64, 0);
    IrOpd h = sub && seq->slice.hi ? lx_snapshot(lx, lx_expr(lx, seq->slice.hi), seq->loc) : ir_none();
    IrOpd len = lx_load(lx, ir_place_proj(p, PJ_LEN, 0, ir_none(), i64), s->loc);
    *lo = ir_int(i64, 0);
    if (h.kind == OPD_NONE && l.kind == OPD_INT && l.i == 0)
        return len;                     /* xs, xs[:], xs[0:]: nothing to check */
    l = lx_snapshot(lx, l, seq->loc);
    if (h.kind == OPD_NONE)
        h = len;
    lx_check(lx, IR_CHECK_SLICE, seq->loc, l, h, len);
    *lo = lx_as_i64(lx, l, seq->loc);
    IrIns *in = lx_emit(lx, IR_BIN, seq->loc, lx_as_i64(lx, h, seq->loc));
    in->b = *lo;
    in->aux = BIN_SUB;
    return lx_result(lx, in, i64);
}

/* `for x in xs` (or `xs[i:j]`) over a slice place the body may change (a
 * push may move its storage and free the old): Go's count, fixed when the
 * loop starts, but each element is read through xs's current header as a
 * checked xs[i + k]. Also a string place the body may delete (the delete
 * empties it). */
static void lx_for_each_rechecked(Lx *lx, Stmt *s)
{
    Expr *seq = lx_each_place(s);
    Type *i64 = lx_ty(TY_I64);
    Type *et = seq->type->kind == TY_STRING ? lx_ty(TY_U8) : seq->type->elem;
    LxReplay r;
    IrPlace *p = lx_place_record(lx, seq, &r);
    IrOpd lo, count = lx_each_bounds(lx, s, p, &lo);
    IrIns *in = lx_emit(lx, IR_FOR, s->loc, ir_int(i64, 0));
    in->b = count;
    IrOpd ctr = lx_for_counter(lx, in, s);
    p = lx_place_replay(lx, seq, &r);
    IrOpd ix = ctr;
    if (!(lo.kind == OPD_INT && lo.i == 0)) {
        IrIns *add = lx_emit(lx, IR_BIN, s->loc, lo);
        add->b = ctr;
        add->aux = BIN_ADD;
        ix = lx_result(lx, add, i64);
    }
    IrOpd cur = lx_load(lx, ir_place_proj(p, PJ_LEN, 0, ir_none(), i64), s->loc);
    lx_check(lx, IR_CHECK_INDEX, s->loc, ix, cur, ir_none());
    IrOpd elem = lx_load(lx, ir_place_proj(p, PJ_SINDEX, 0, ix, et), s->loc);
    lx_emit(lx, IR_DECL, s->loc, elem)->local = s->each.val_local;
    LxEachRoot root = { seq, lx->each_roots };
    lx->each_roots = &root;
    LxScope sc;
    lx_loop_enter(lx, &sc);
    lx_block(lx, s->each.body);
    lx->each_roots = root.up;
    lx_emit(lx, IR_ENDFOR, s->loc, ir_none());
    lx_loop_leave(lx, &sc, s->loc);
}

static void lx_for_each(Lx *lx, Stmt *s)
{
    if (s->each.map) {
        lx_for_map(lx, s);
        return;
    }
    if (lx_each_rechecks(lx, s)) {
        lx_for_each_rechecked(lx, s);
        return;
    }
    Type *i64 = lx_ty(TY_I64);
    IrOpd seq = lx_snapshot(lx, lx_expr(lx, s->each.seq), s->loc);
    seq = lx_materialize(lx, seq, s->loc);
    IrOpd len = lx_len_of(lx, seq, s->loc);
    IrIns *in = lx_emit(lx, IR_FOR, s->loc, ir_int(i64, 0));
    in->b = len;
    IrOpd ctr = lx_for_counter(lx, in, s);
    Type *st = seq.type;
    Type *et = st->kind == TY_STRING ? lx_ty(TY_U8) : st->elem;
    IrProjKind k = st->kind == TY_ARRAY ? PJ_AINDEX : PJ_SINDEX;
    IrOpd elem = lx_load(lx, ir_place_proj(ir_place_root(seq, st), k, 0, ctr, et), s->loc);
    IrIns *d = lx_emit(lx, IR_DECL, s->loc, elem);
    d->local = s->each.val_local;
    LxScope sc;
    lx_loop_enter(lx, &sc);
    lx_block(lx, s->each.body);
    lx_emit(lx, IR_ENDFOR, s->loc, ir_none());
    lx_loop_leave(lx, &sc, s->loc);
}

static void lx_return(Lx *lx, Stmt *s)
{
    IrOpd v = ir_none();
    lx_map_loops_leave(lx, s->loc);
    if (s->ret.value)
        v = lx->fn && lx->fn->ret_is_ref ? lx_addr(lx, s->ret.value) : lx_expr(lx, s->ret.value);
    lx_return_value(lx, v, s->loc);
}

static const char *lx_literal_msg(Expr *m)
{
    m = m ? lx_unparen(m) : NULL;
    if (!m || m->kind != EX_STRING)
        return NULL;
    return mem_strndup(g_arena, m->str.bytes, (size_t)m->str.len);
}

/* A message the site can carry as a C string (no NUL byte inside). */
static bool lx_is_literal_msg(Expr *m)
{
    m = m ? lx_unparen(m) : NULL;
    return !m || (m->kind == EX_STRING && memchr(m->str.bytes, 0, (size_t)m->str.len) == NULL);
}

/* assert c / assert c, "literal": one check; a computed message is built
 * only on failure. */
static void lx_assert(Lx *lx, Stmt *s)
{
    IrOpd c = lx_expr(lx, s->assert_.cond);
    Expr *m = s->assert_.msg;
    if (lx_is_literal_msg(m)) {
        int site = lx_site(lx, s->loc, lx_literal_msg(m), IR_CHECK_ASSERT);
        IrIns *in = lx_emit(lx, IR_CHECK_ASSERT, s->loc, c);
        in->site = site;
        return;
    }
    lx_emit(lx, IR_IF, s->loc, c)->aux = IR_IF_NOT;
    IrOpd mv = lx_expr(lx, m);
    int site = lx_site(lx, s->loc, NULL, IR_FAIL_ASSERT);
    lx_emit(lx, IR_FAIL_ASSERT, s->loc, mv)->site = site;
    lx_emit(lx, IR_ENDIF, s->loc, ir_none());
}

static void lx_stmt(Lx *lx, Stmt *s)
{
    switch (s->kind) {
    case ST_LET: case ST_VAR: lx_let(lx, s); break;
    case ST_ASSIGN: lx_assign(lx, s); break;
    case ST_EXPR: (void)lx_expr(lx, s->expr.expr); break;
    case ST_IF: lx_if(lx, s); break;
    case ST_WHILE: lx_while(lx, s); break;
    case ST_FOR_RANGE: lx_for_range(lx, s); break;
    case ST_FOR_EACH: lx_for_each(lx, s); break;
    case ST_BREAK: lx_break(lx, s->loc); break;
    case ST_CONTINUE: lx_continue(lx, s->loc); break;
    case ST_RETURN: lx_return(lx, s); break;
    case ST_ASSERT: lx_assert(lx, s); break;
    case ST_BLOCK: lx_block(lx, s->block.block); break;
    case ST_LET_MULTI: lx_let_multi(lx, s); break;
    case ST_ASSIGN_MULTI: lx_assign_multi(lx, s); break;
    case ST_DEFER: lx_block(lx, s->block.block); break;     /* its block ends here (not in a block) */
    case ST_MATCH: lx_match(lx, s); break;
    default: fatal_internal("lowering: statement kind %d at %d:%d", (int)s->kind, s->loc.line, s->loc.col);
    }
}

void lx_block(Lx *lx, Block *b)
{
    if (!b)
        return;
    for (int i = 0; i < b->nstmts; i++) {
        if (b->stmts[i]->kind == ST_DEFER) {
            lx_defer_rest(lx, b, i);    /* the rest of the block runs under it */
            return;
        }
        lx_stmt(lx, b->stmts[i]);
    }
}
