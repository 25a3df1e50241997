/* lower_defer.c — `defer` and the jumps that leave deferred regions.
 *
 * `defer d` guards the rest of its block: the rest is lowered inside a
 * region that runs once (a LOOP that ends with BREAK), and d is lowered
 * once, right after the region, followed by a dispatch. A break, continue
 * or return that leaves the region stores where it is going in the
 * function's `defer_next` local (a return stores its value, evaluated
 * first, in `defer_ret`) and BREAKs out of the region; after d has run,
 * the dispatch tests defer_next against each destination that left the
 * region and goes on: to the next enclosing region the same way, or to
 * the loop or the return itself. A return that leaves user loops on its
 * way BREAKs out of each and is passed on after the loop's end. So every
 * deferred statement appears once in the IR and the C, whatever the
 * number of exits, and a defer that was not reached never runs (its
 * region was never entered). Locals declared before a defer stay in scope
 * for it: the region nests inside their block.
 *
 * Destinations (defer_next): 0 none, 1 return, 2 + 2k break and 3 + 2k
 * continue of the function's loop k (numbered as lowered).
 * Not for: checking what a deferred statement may do (check_stmt.c). */
#include "lower_priv.h"

enum { LXD_NONE, LXD_RET, LXD_LOOP0 };

static IrIns *ld_emit(Lx *lx, IrOp op, Loc loc, IrOpd a)
{
    IrIns *in = ir_emit(lx->f, op, loc);
    in->a = a;
    return in;
}

static IrOpd ld_local(Local *l)
{
    return (IrOpd){ .kind = OPD_LOCAL, .type = l->type, .local = l };
}

static Local *ld_new_local(Lx *lx, const char *name, Type *t)
{
    Local *l = NEW(Local);
    l->name = intern_cstr(name);
    l->type = t;
    l->is_mutable = true;
    l->owner = lx->fn;
    l->id = lx->fn->locals.len;
    vec_push(&lx->fn->locals, l);
    return l;
}

static void ld_store(Lx *lx, Local *l, IrOpd v, Loc loc)
{
    ld_emit(lx, IR_STORE, loc, v)->place = ir_place_root(ld_local(l), l->type);
}

/* ---- can a statement leave the region it stands in ---- */
static bool ld_block_exits(const Block *b, int from, bool in_loop);

static bool ld_stmt_exits(const Stmt *s, bool in_loop)
{
    switch (s->kind) {
    case ST_RETURN: return true;
    case ST_BREAK: case ST_CONTINUE: return !in_loop;
    case ST_BLOCK: return ld_block_exits(s->block.block, 0, in_loop);
    case ST_IF:
        return ld_block_exits(s->if_.then, 0, in_loop) || (s->if_.els && ld_stmt_exits(s->if_.els, in_loop));
    case ST_WHILE: return ld_block_exits(s->while_.body, 0, true);
    case ST_FOR_RANGE: return ld_block_exits(s->range.body, 0, true);
    case ST_FOR_EACH: return ld_block_exits(s->each.body, 0, true);
    case ST_LET: case ST_VAR: case ST_ASSIGN: case ST_EXPR: case ST_ASSERT:
    case ST_LET_MULTI: case ST_ASSIGN_MULTI:
    case ST_DEFER:          /* a deferred statement cannot leave itself */
        return false;
    default: return true;   /* a statement holding others: assume it may */
    }
}

static bool ld_block_exits(const Block *b, int from, bool in_loop)
{
    for (int i = from; b && i < b->nstmts; i++)
        if (ld_stmt_exits(b->stmts[i], in_loop))
            return true;
    return false;
}

/* At the top of a function body that defers anything: the destination
 * and return value locals. */
void lx_defer_begin(Lx *lx, Block *body)
{
    Loc loc = body->loc;
    Type *i64 = lx_ty(TY_I64);
    lx->defer_next = ld_new_local(lx, "defer_next", i64);
    ld_emit(lx, IR_DECL, loc, ir_int(i64, 0))->local = lx->defer_next;
    if (lx->fn->ret->kind == TY_VOID)
        return;
    lx->defer_ret = ld_new_local(lx, "defer_ret", lx->fn->ret);
    ld_emit(lx, IR_DECL, loc, ir_none())->local = lx->defer_ret;
}

/* ---- scopes: open loops and regions, innermost first ---- */
static void ld_add_code(LxScope *sc, int code)
{
    for (int i = 0; i < sc->ncodes; i++)
        if (sc->codes[i] == code)
            return;
    if (sc->ncodes == sc->cap) {
        int cap = sc->cap ? sc->cap * 2 : 4;
        int *n = NEW_ARRAY(int, cap);
        for (int i = 0; i < sc->ncodes; i++)
            n[i] = sc->codes[i];
        sc->codes = n;
        sc->cap = cap;
    }
    sc->codes[sc->ncodes++] = code;
}

static void ld_push(Lx *lx, LxScope *sc, bool region)
{
    *sc = (LxScope){ .region = region, .up = lx->scopes };
    if (!region)
        sc->loop = lx->nloops++;
    lx->scopes = sc;
}

/* The plain jump to code's own destination (no region in between). */
static void ld_plain(Lx *lx, int code, bool dispatched, Loc loc)
{
    if (code == LXD_RET) {
        ld_emit(lx, IR_RET, loc, lx->defer_ret ? ld_local(lx->defer_ret) : ir_none());
        return;
    }
    if (dispatched)
        ld_store(lx, lx->defer_next, ir_int(lx_ty(TY_I64), 0), loc);
    ld_emit(lx, (code - LXD_LOOP0) % 2 ? IR_CONTINUE : IR_BREAK, loc, ir_none());
}

/* Goes to code's destination from here. dispatched: defer_next already
 * holds code (a dispatch after a region or a loop). */
static void ld_jump(Lx *lx, int code, bool dispatched, Loc loc)
{
    int target = code >= LXD_LOOP0 ? (code - LXD_LOOP0) / 2 : -1;
    LxScope *sc = lx->scopes;
    while (sc && !sc->region && sc->loop != target)
        sc = sc->up;
    if (!sc || !sc->region) {
        ld_plain(lx, code, dispatched, loc);
        return;
    }
    if (!dispatched)
        ld_store(lx, lx->defer_next, ir_int(lx_ty(TY_I64), (uint64_t)code), loc);
    for (LxScope *l = lx->scopes; l != sc; l = l->up)
        ld_add_code(l, code);           /* loops crossed on the way: pass it on */
    ld_add_code(sc, code);
    ld_emit(lx, IR_BREAK, loc, ir_none());
}

/* After a region or a loop: each destination that left it goes on. */
static void ld_dispatch(Lx *lx, LxScope *sc, Loc loc)
{
    Type *i64 = lx_ty(TY_I64);
    for (int i = 0; i < sc->ncodes; i++) {
        IrIns *eq = ld_emit(lx, IR_BIN, loc, ld_local(lx->defer_next));
        eq->b = ir_int(i64, (uint64_t)sc->codes[i]);
        eq->aux = BIN_EQ;
        ld_emit(lx, IR_IF, loc, lx_result(lx, eq, lx_ty(TY_BOOL)));
        ld_jump(lx, sc->codes[i], true, loc);
        ld_emit(lx, IR_ENDIF, loc, ir_none());
    }
}

void lx_loop_enter(Lx *lx, LxScope *sc) { ld_push(lx, sc, false); }

void lx_loop_leave(Lx *lx, LxScope *sc, Loc loc)
{
    lx->scopes = sc->up;
    ld_dispatch(lx, sc, loc);
}

/* The innermost loop: its number, or -1. */
static int ld_loop(Lx *lx)
{
    for (LxScope *sc = lx->scopes; sc; sc = sc->up)
        if (!sc->region)
            return sc->loop;
    return -1;
}

void lx_break(Lx *lx, Loc loc) { ld_jump(lx, LXD_LOOP0 + 2 * ld_loop(lx), false, loc); }
void lx_continue(Lx *lx, Loc loc) { ld_jump(lx, LXD_LOOP0 + 2 * ld_loop(lx) + 1, false, loc); }

/* return v: straight out when no region is open, else through them. */
void lx_return_value(Lx *lx, IrOpd v, Loc loc)
{
    bool region = false;
    for (LxScope *sc = lx->scopes; sc; sc = sc->up)
        region |= sc->region;
    if (!region) {
        ld_emit(lx, IR_RET, loc, v);
        return;
    }
    if (lx->defer_ret)
        ld_store(lx, lx->defer_ret, v, loc);
    ld_jump(lx, LXD_RET, false, loc);
}

/* The instruction last emitted leaves for elsewhere (the region's own
 * closing BREAK would never run). */
static bool ld_ends_in_jump(Lx *lx)
{
    if (lx->f->nins == 0)
        return false;
    IrOp op = lx->f->ins[lx->f->nins - 1].op;
    return op == IR_BREAK || op == IR_CONTINUE || op == IR_RET;
}

/* b's statements from index at, a ST_DEFER: the rest of the block in a
 * region when it can leave it, then the deferred statement, then the
 * dispatch of whatever left. */
void lx_defer_rest(Lx *lx, Block *b, int at)
{
    Stmt *d = b->stmts[at];
    Block rest = { b->loc, b->stmts + at + 1, b->nstmts - at - 1 };
    if (!lx->defer_next)
        fatal_internal("lowering: a defer at %d:%d the function scan missed", d->loc.line, d->loc.col);
    if (!ld_block_exits(&rest, 0, false)) {
        lx_block(lx, &rest);
        lx_block(lx, d->block.block);
        return;
    }
    LxScope sc;
    ld_emit(lx, IR_LOOP, d->loc, ir_none());
    ld_push(lx, &sc, true);
    lx_block(lx, &rest);
    if (!ld_ends_in_jump(lx))
        ld_emit(lx, IR_BREAK, d->loc, ir_none());
    lx->scopes = sc.up;
    ld_emit(lx, IR_ENDLOOP, d->loc, ir_none());
    lx_block(lx, d->block.block);
    ld_dispatch(lx, &sc, d->loc);
}
