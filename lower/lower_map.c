/* lower_map.c — `for k, v in m` and `for k in m` over a map.Map
 * (stdlib/map) → structured IR: a FOR over the table's slots that skips
 * the empty ones (dist 0) and binds copies of the key and value.
 *
 * The guard: when m is a mutable place (check_stmt.c sets map_guard) the
 * loop raises m.iterating at its start and lowers it wherever the loop is
 * left: after its end (falling off it or a break) and at a return inside
 * it, before the return value (lx_map_loops_leave), so the map's own put of a new key,
 * remove, clear and free stop with a runtime error while it runs. The
 * count is lowered only while above 0: a map replaced whole inside the
 * loop never goes negative. m's place is evaluated once, its path
 * operands recorded, and rebuilt at each use (as a rechecked for-each in
 * lower_stmt.c does), so a push that moves the storage m lives in leaves
 * the loop reading m where it is now; each slot is read checked. A map
 * that is not a mutable place (a `let`, a call's result) cannot change:
 * the loop reads a copy taken at its start and has no guard.
 * Not for: the map's own code (stdlib/map/map.gs). */
#include "lower_priv.h"

#include <string.h>

/* The field of map.Map or MapSlot the loop reads, by name. */
static IrPlace *lm_field(IrPlace *p, const char *name)
{
    const StructInst *si = p->type->st;
    for (int i = 0; i < si->nfields; i++)
        if (strcmp(si->fields[i].name, name) == 0)
            return ir_place_proj(p, PJ_FIELD, i, ir_none(), si->fields[i].type);
    fatal_internal("map iteration: %s has no field %s", si->name, name);
}

static IrOpd lm_bin(Lx *lx, BinOp op, IrOpd a, IrOpd b, Type *t, Loc loc)
{
    IrIns *in = ir_emit(lx->f, IR_BIN, loc);
    in->a = a;
    in->b = b;
    in->aux = op;
    return lx_result(lx, in, t);
}

static void lm_store(Lx *lx, IrPlace *p, IrOpd v, Loc loc)
{
    IrIns *in = ir_emit(lx->f, IR_STORE, loc);
    in->place = p;
    in->a = v;
}

static void lm_decl(Lx *lx, Local *l, IrOpd v, Loc loc)
{
    IrIns *in = ir_emit(lx->f, IR_DECL, loc);
    in->a = v;
    in->local = l;
}

/* The map's place now: rebuilt from the recorded path, or the copy. */
static IrPlace *lm_place(Lx *lx, const LxMapLoop *ml)
{
    return ml->copy ? ml->copy : lx_place_replay(lx, ml->s->each.seq, &ml->r);
}

static void lm_guard_raise(Lx *lx, IrPlace *m, Loc loc)
{
    IrPlace *it = lm_field(m, "iterating");
    IrOpd cur = lx_load(lx, it, loc);
    lm_store(lx, it, lm_bin(lx, BIN_ADD, cur, ir_int(it->type, 1), it->type, loc), loc);
}

static void lm_guard_lower(Lx *lx, IrPlace *m, Loc loc)
{
    IrPlace *it = lm_field(m, "iterating");
    IrOpd cur = lx_load(lx, it, loc);
    IrOpd above = lm_bin(lx, BIN_GT, cur, ir_int(it->type, 0), lx_ty(TY_BOOL), loc);
    ir_emit(lx->f, IR_IF, loc)->a = above;
    lm_store(lx, it, lm_bin(lx, BIN_SUB, cur, ir_int(it->type, 1), it->type, loc), loc);
    ir_emit(lx->f, IR_ENDIF, loc);
}

/* Slot i of the map (checked): skipped when empty, else the loop's
 * variables are declared from it. */
static void lm_visit(Lx *lx, const LxMapLoop *ml, IrOpd i)
{
    Stmt *s = ml->s;
    Type *i64 = lx_ty(TY_I64);
    IrPlace *slots = lm_field(lm_place(lx, ml), "slots");
    IrOpd len = lx_load(lx, ir_place_proj(slots, PJ_LEN, 0, ir_none(), i64), s->loc);
    lx_check(lx, IR_CHECK_INDEX, s->loc, i, len, ir_none());
    IrPlace *slot = ir_place_proj(slots, PJ_SINDEX, 0, i, slots->type->elem);
    IrOpd dist = lx_load(lx, lm_field(slot, "dist"), s->loc);
    IrOpd used = lm_bin(lx, BIN_NE, dist, ir_int(dist.type, 0), lx_ty(TY_BOOL), s->loc);
    IrIns *skip = ir_emit(lx->f, IR_IF, s->loc);
    skip->a = used;
    skip->aux = IR_IF_NOT;
    ir_emit(lx->f, IR_CONTINUE, s->loc);
    ir_emit(lx->f, IR_ENDIF, s->loc);
    lm_decl(lx, s->each.idx_local, lx_load(lx, lm_field(slot, "key"), s->loc), s->loc);
    if (s->each.val_local)
        lm_decl(lx, s->each.val_local, lx_load(lx, lm_field(slot, "val"), s->loc), s->loc);
}

void lx_for_map(Lx *lx, Stmt *s)
{
    Type *i64 = lx_ty(TY_I64);
    LxMapLoop ml = { .s = s, .up = lx->map_loops };
    IrPlace *m;
    if (s->each.map_guard) {
        m = lx_place_record(lx, s->each.seq, &ml.r);
        lm_guard_raise(lx, m, s->loc);
    } else {
        IrOpd v = lx_materialize(lx, lx_snapshot(lx, lx_expr(lx, s->each.seq), s->loc), s->loc);
        m = ml.copy = ir_place_root(v, v.type);
    }
    IrOpd n = lx_load(lx, ir_place_proj(lm_field(m, "slots"), PJ_LEN, 0, ir_none(), i64), s->loc);
    IrIns *in = ir_emit(lx->f, IR_FOR, s->loc);
    in->a = ir_int(i64, 0);
    in->b = n;
    in->type = i64;
    in->dst = ir_temp(lx->f, i64);
    lm_visit(lx, &ml, ir_tempopd(lx->f, in->dst));
    if (s->each.map_guard)
        lx->map_loops = &ml;
    LxScope sc;
    lx_loop_enter(lx, &sc);
    lx_block(lx, s->each.body);
    lx->map_loops = ml.up;
    ir_emit(lx->f, IR_ENDFOR, s->loc);
    if (s->each.map_guard)
        lm_guard_lower(lx, lm_place(lx, &ml), s->loc);
    lx_loop_leave(lx, &sc, s->loc);     /* what left through a defer goes on */
}

/* A return inside map loops leaves them all before its value is
 * evaluated (the iteration is over: `return m` gives the map unmarked):
 * each lowers its guard, innermost first. */
void lx_map_loops_leave(Lx *lx, Loc loc)
{
    for (const LxMapLoop *ml = lx->map_loops; ml; ml = ml->up)
        lm_guard_lower(lx, lm_place(lx, ml), loc);
}
