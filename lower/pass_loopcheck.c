/* pass_loopcheck.c — -O2: a check a loop repeats on values it never
 * changes is done once, before the loop.
 *
 *     for c in g.grid { var n = 0; for k in 0..8 { if g.cells[g.cells[c].nb[k]].alive { n += 1 } } g.cells[c].next = .. }
 *
 * checks c < g.cells.len at every step of the k loop, and once more after
 * it, though neither c nor the pool's header changes in between.
 *
 * A check moves to just before its loop when
 *   - the loop enters its body at least once: a `for` over constant
 *     bounds lo < hi, or a `loop` (a `while` starts with its test, a
 *     BRK_UNLESS, which ends the scan below);
 *   - the check is on the body's top level and every instruction before
 *     it is a pure value (a load, arithmetic; no store, call, output) or
 *     a check that moves too: on the first step it runs before anything
 *     the program can observe, and two checks keep their order, so a
 *     check that could fail first still does;
 *   - its operands are fixed over the loop: constants, locals no
 *     instruction of the loop sets (and, unless private to the function,
 *     nothing in the loop writes memory), temps the loop does not write,
 *     or pure values computed in that prefix from such operands (a load's
 *     place fixed too: read through memory only when the loop writes no
 *     memory at all).
 * Then the first step's check runs at the same point, on the same values,
 * reporting the same site after the same side effects; every later step's
 * would see those values again and pass. The prefix values it reads move
 * with it, in their order; the loop runs at least once, so each was
 * computed there anyway, from the same operands.
 *
 * A check after the loop (its closer, then only pure values and checks)
 * with the same operation and the same operand values as one moved before
 * it (the same constants, locals, single-definition temps, or values
 * computed alike from loads of the same places) cannot fail: it is
 * deleted and counted. pass_facts.c cannot see this one: its window stops
 * at the loop, which writes locals (n above).
 * Not for: checks that a loop's values prove (pass_facts.c,
 * pass_version.c) or the arms of an if (pass_hoist.c). */
#include "pass.h"

#include <string.h>

enum { LC_DEPTH = 8, LC_MAX_MARK = 64 };

typedef struct Lc {
    const IrProgram *ir;
    IrFunc *f;
    ArenaMark tables;   /* the scratch before d and b, made again after a move */
    IrDefs d;
    IrBlocks b;
    PtrSet addressed;   /* locals whose address the function takes */
    int at, end;        /* the loop: its opener and closer */
    bool mem;           /* the loop may write memory (not just locals and temps) */
    bool *mv;           /* per instruction: moves before the loop */
    int mark[LC_MAX_MARK], nmark;   /* the prefix values marked for the check being tried */
} Lc;

/* ---- the loop ---- */

/* The loop at `at` runs its body at least once. */
static bool lc_enters(const IrIns *in)
{
    if (in->op == IR_LOOP)
        return true;
    if (in->op != IR_FOR || in->a.kind != OPD_INT || in->b.kind != OPD_INT)
        return false;
    if (in->a.type && !type_is_signed(in->a.type))
        return in->a.i < in->b.i;
    return (int64_t)in->a.i < (int64_t)in->b.i;
}

/* Some instruction of the loop writes more than temps and private
 * locals' own values, or calls a function that returns
 * (ir_effect_on_memory). */
static bool lc_writes_memory(const Lc *lc)
{
    for (int i = lc->at + 1; i < lc->end; i++) {
        IrEffect e;
        ir_effect(lc->ir, &lc->f->ins[i], &e);
        if (ir_effect_on_memory(&e, lc->f, &lc->addressed))
            return true;
    }
    return false;
}

/* ---- operands fixed over the loop ---- */

/* No instruction of the loop sets l. Taking its address (ADDR) is not
 * setting it: a write through that address is a write to memory, and a
 * local whose address the function takes is fixed only when the loop
 * writes no memory at all. */
static bool lc_local_fixed(const Lc *lc, const Local *l)
{
    if (!ir_local_private_in(lc->f, &lc->addressed, l) && lc->mem)
        return false;
    for (int i = lc->at; i < lc->end; i++)
        if (ir_assigns_local(&lc->f->ins[i], l))
            return false;
    return true;
}

/* The load reads memory, not a local's or temporary's own value (a
 * local read so is fixed when its root is: lc_local_fixed). */
static bool lc_load_memory(const IrIns *in)
{
    IrEffect e;
    ir_effect(NULL, in, &e);
    return e.read != IR_AT_LOCAL && e.read != IR_AT_TEMP;
}

static bool lc_opd_fixed(Lc *lc, const IrOpd *o, int before, int depth);

typedef struct LcReads {
    Lc *lc;
    int before, depth;
    bool ok;
} LcReads;

static void lc_read_fixed(const IrOpd *o, void *ctx)
{
    LcReads *r = ctx;
    r->ok = r->ok && lc_opd_fixed(r->lc, o, r->before, r->depth);
}

/* Every operand in reads is fixed over the loop (values it needs from
 * the prefix before `at` marked to move). */
static bool lc_reads_fixed(Lc *lc, const IrIns *in, int at, int depth)
{
    LcReads r = { lc, at, depth, true };
    ir_each_read(in, lc_read_fixed, &r);
    return r.ok;
}

/* The instruction at k, in the body's prefix, is a pure value that can
 * move with a check: its operands are fixed, and so is what it loads. */
static bool lc_pull(Lc *lc, int k, int depth)
{
    const IrIns *in = &lc->f->ins[k];
    if (lc->mv[k])
        return true;
    switch (in->op) {
    case IR_LOAD: case IR_MOV: case IR_BIN: case IR_UN: case IR_CAST: case IR_SELECT:
        break;
    default:
        return false;
    }
    if (depth > LC_DEPTH || lc->nmark == LC_MAX_MARK || (in->op == IR_LOAD && lc->mem && lc_load_memory(in)) ||
        !lc_reads_fixed(lc, in, k, depth + 1))
        return false;
    lc->mv[k] = true;
    lc->mark[lc->nmark++] = k;
    return true;
}

/* A temp the loop does not write (every definition before it), or one
 * defined once in the prefix before `before` by a value that can move. */
static bool lc_temp_fixed(Lc *lc, int t, int before, int depth)
{
    int n = lc->d.ndef[t], last = lc->d.def[t];
    if (n == 0 || last < lc->at)
        return true;
    return n == 1 && last > lc->at && last < before && lc_pull(lc, last, depth);
}

static bool lc_opd_fixed(Lc *lc, const IrOpd *o, int before, int depth)
{
    switch (o->kind) {
    case OPD_LOCAL: return lc_local_fixed(lc, o->local);
    case OPD_GLOBAL: return !lc->mem;
    case OPD_TEMP: return lc_temp_fixed(lc, o->temp, before, depth);
    default: return true;
    }
}

/* The check at i reads only operands fixed over the loop; the prefix
 * values it needs are marked to move (and unmarked when it cannot). */
static bool lc_check_fixed(Lc *lc, int i)
{
    const IrIns *in = &lc->f->ins[i];
    lc->nmark = 0;
    if (!in->place && in->nargs == 0 && lc_reads_fixed(lc, in, i, 0))
        return true;
    for (int k = 0; k < lc->nmark; k++)
        lc->mv[lc->mark[k]] = false;
    return false;
}

/* ---- moving ---- */

/* Moves the marked instructions of (at, last] in front of the opener at
 * `at`, in their order; returns the opener's new index. */
static int lc_move(IrFunc *f, int at, int last, const bool *mv)
{
    int n = last - at + 1, k = 0;
    ArenaMark m = mem_mark(g_scratch);
    IrIns *tmp = SCRATCH_ARRAY(IrIns, n);
    for (int j = at + 1; j <= last; j++)
        if (mv[j])
            tmp[k++] = f->ins[j];
    int opener = at + k;
    tmp[k++] = f->ins[at];
    for (int j = at + 1; j <= last; j++)
        if (!mv[j])
            tmp[k++] = f->ins[j];
    memcpy(&f->ins[at], tmp, sizeof(IrIns) * (size_t)n);
    mem_release(g_scratch, m);
    return opener;
}

/* ---- a check after the loop that a moved one already made ---- */

typedef struct LcAfter {
    int lo, hi;     /* the moved instructions */
    int end, j;     /* the loop's closer, and the later check */
} LcAfter;

/* A definition may stand for its value: side 0, among the moved
 * instructions; side 1, after the loop and before the later check. Moved
 * operands are fixed over the loop, and after it only pure values and
 * checks run: nothing they read changes in between. */
static bool lc_def_ok(const IrSame *s, int side, int def)
{
    const LcAfter *w = s->ctx;
    return side == 0 ? def >= w->lo && def < w->hi : def > w->end && def < w->j;
}

/* The moved check m and the later check c test the same values. */
static bool lc_same_check(const Lc *lc, const LcAfter *w, const IrIns *m, const IrIns *c)
{
    IrSame s = { &lc->d, LC_DEPTH, lc_def_ok, w };
    return m->op == c->op && m->aux == c->aux && m->type == c->type && ir_same(&s, &m->a, &c->a) &&
           ir_same(&s, &m->b, &c->b) && ir_same(&s, &m->c, &c->c);
}

/* Deletes the checks after the loop closed at `end` that repeat one of
 * the moved checks in [lo, hi); how many. */
static int lc_after(Lc *lc, int lo, int hi, int end)
{
    IrFunc *f = lc->f;
    int removed = 0;
    for (int j = end + 1; j < f->nins; j++) {
        IrIns *c = &f->ins[j];
        if (ir_op_info[c->op].pure)
            continue;
        if (!ir_op_info[c->op].is_check)
            break;
        LcAfter w = { lo, hi, end, j };
        for (int m = lo; m < hi && c->op != IR_NOP; m++)
            if (ir_op_info[f->ins[m].op].is_check && lc_same_check(lc, &w, &f->ins[m], c)) {
                c->op = IR_NOP;
                removed++;
            }
    }
    return removed;
}

/* ---- one loop, one function ---- */

static void lc_tables(Lc *lc)
{
    lc->tables = mem_mark(g_scratch);
    ir_defs_init(&lc->d, lc->f);
    ir_blocks_init(&lc->b, lc->f);
}

static void lc_tables_again(Lc *lc)
{
    mem_release(g_scratch, lc->tables);
    lc_tables(lc);
}

/* Moves the checks the loop at `at` begins with that it keeps fixed;
 * returns how many checks after it that made redundant. */
static int lc_loop(Lc *lc, int at)
{
    IrFunc *f = lc->f;
    int last = -1;
    if (!lc_enters(&f->ins[at]))
        return 0;
    lc->at = at;
    lc->end = lc->b.close[at];
    lc->mem = lc_writes_memory(lc);
    memset(lc->mv, 0, sizeof(bool) * (size_t)f->nins);
    for (int i = at + 1; i < lc->end; i++) {
        const IrIns *in = &f->ins[i];
        if (ir_op_info[in->op].pure)
            continue;
        if (!ir_op_info[in->op].is_check || !lc_check_fixed(lc, i))
            break;
        lc->mv[i] = true;
        last = i;
    }
    if (last < 0)
        return 0;
    int opener = lc_move(f, at, last, lc->mv);
    lc_tables_again(lc);
    return lc_after(lc, at, opener, lc->end);
}

void pass_loopcheck(const IrProgram *ir, IrFunc *f)
{
    if (!f || f->nins == 0)
        return;
    Lc lc = { .ir = ir, .f = f, .mv = SCRATCH_ARRAY(bool, f->nins + 1) };
    lc_tables(&lc);
    ir_addressed_locals(f, &lc.addressed);
    int removed = 0;
    for (int at = f->nins - 1; at >= 0; at--)   /* inner loops first: a check may leave several */
        if (f->ins[at].op == IR_FOR || f->ins[at].op == IR_LOOP)
            removed += lc_loop(&lc, at);
    f->checks_removed += removed;
}
