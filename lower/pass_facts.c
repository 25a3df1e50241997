/* pass_facts.c — -O1 bounds-check elimination from what the code already
 * knows at a check. Facts are relations between operands (a < b, a <= b,
 * a != b, signed or unsigned) learnt from
 *   - an enclosing `if` (its test is true in the then-block, false in the
 *     else-block), including both sides of a `&&` (and of a false `||`;
 *     only the first inside the if that opens the second, which has not
 *     run there);
 *   - an earlier `if` one of whose arms cannot fall through (it fails,
 *     returns, breaks or continues): after it, its test has the value
 *     that leads to the other arm (false when there is no else);
 *   - a loop's exit test (`while a` is `if (!a) break;`): a is true after it;
 *   - an earlier check that passed: `xs[i]` gives 0 <= i < xs.len,
 *     `xs[a:b]` gives 0 <= a <= b <= xs.len;
 * and they prove index, pop, slice and division checks (an equality gives
 * <= both ways). Two more sources:
 * the check's own operand (`x & 63` as a shift count of a 64-bit value),
 * and the length of a slice fresh from `make` in the window (its length
 * operand), so `var c = make([]T, m)` then `defaults(c[k:m])` under
 * `0 <= k <= m` keeps no check.
 *
 * The IR is structured, so "on every path" is read off the text: walking
 * back from the check, an earlier instruction at the same block level, or
 * an `if` that opens the check's block, comes before it on every path;
 * closed blocks are stepped over. The walk stops at anything that may
 * write memory or existing locals (stores, pushes, calls that return,
 * loops), so two loads of the same place in the walked window read the
 * same value, and at FX_WINDOW instructions, so it stays linear in the
 * size of a function. The one write it steps over is a store into a
 * private local (no address taken, not captured, not a reference) that
 * nothing from the window's start up to the instructions the facts are
 * compared with reads (fx_window_start): no fact can name that local.
 * A range loop `for i in lo..hi` is one more case: the facts just
 * before it that prove lo >= 0 and hi <= b.len (b a local the loop does
 * not change, i never assigned, and b's length read from where the
 * facts were learnt with b unwritten since, enclosing loops included)
 * delete every b[i] check in it, so `if a.len != b.len { return }`
 * then `for i in 0..a.len { b[i] }` keeps none; b[i - c] and b[i + c] too when lo >= c, or hi is
 * `H - k` with k >= c and H <= b.len (`for i in 1..xs.len { xs[i - 1] }`,
 * `for i in 0..xs.len - 1 { xs[i + 1] }`). And a local that stays below
 * a length (or at most it, or >= 0) over a whole loop (it starts so,
 * every store into it keeps it so, the header is fixed over the loop: a
 * heap's sift-up, a reverse loop `while i >= 0 { xs[i]; i -= 1 }`, "a
 * local bounded by a length" below), with `y - c` and `y / c` reasoned
 * about for y >= 0, and a local's value read through the store that
 * gave it (`i -= 1; xs[i]`). A question about one local's sign needs
 * only the writes of that local: "a constant bound of one local on the
 * path to a point" below walks back past other stores to the tests and
 * checks of it (`while i < xs.len && xs[i] == 0 { i += 1 }`). Every
 * deleted check is counted.
 * Not for: changing what a program does: a check that may fail stays. */
#include "pass.h"

#include <string.h>

enum { FX_WINDOW = 1024, FX_MAX_REL = 32, FX_WALK = 1024, FX_SAME_DEPTH = 4 };

/* A relation known to hold at the check: a op b, op LT, LE or NE. */
typedef struct FxRel {
    int op;
    bool uns;           /* compared as unsigned */
    const IrOpd *a, *b;
} FxRel;

/* A loop bound of a local, memoised per local id and kind (FxInvKind):
 * `l < [key len]` at every point of the loop opened at lp (state 1
 * proven, -1 not, 2 being proven). */
typedef struct FxInv {
    int lp;
    IrOpd key;
    signed char state;
} FxInv;

typedef struct Fx {
    const IrProgram *ir;
    IrFunc *f;
    IrDefs d;           /* who writes each temp; d.nlocal_ids sizes the per-local tables */
    IrSame same;        /* operands compared inside the window (fx_same) */
    IrBlocks b;         /* b.open: per ELSE/ENDIF its IF; b.els: per IF its ELSE, or 0 */
    int *ndecl;         /* per local id: DECLs of it */
    int *decl_at;       /* per local id: the (last) one */
    signed char *nonneg; /* per local id: fx_local_nonneg, 0 unknown, 1 yes, -1 no */
    PtrSet addressed;   /* locals whose address the function takes */
    int lo;             /* the window: (lo, check) has no writes but stores
                           into private locals nothing in it reads */
    FxRel rel[FX_MAX_REL];
    int nrel;
    IrOpd zero;         /* the constant 0, for facts 0 <= i */
    int at;             /* the instruction the facts are collected for */
    FxInv *inv;         /* per local id and kind: the last loop bound asked (fx_inv) */
    bool inv_busy;      /* a loop bound is being proven */
    int inv_runs;       /* loop bounds proven so far: at most FX_MAX_INV a function */
} Fx;

/* What a loop bound says of a local l at every point of its loop: l <
 * key's length, l <= it, or l >= 0 (no key). */
typedef enum FxInvKind { FX_INV_LT, FX_INV_LE, FX_INV_GE0, FX_INV_KINDS } FxInvKind;

/* A question about one local on the path to a point (fx_local_ask):
 * l >= m (upper false), or l + m cannot wrap (upper). */
typedef struct FxAsk {
    bool upper;
    int64_t m;
} FxAsk;

static bool fx_opd_ask(Fx *x, const IrOpd *v, int pos, FxAsk ask, int depth);

/* The index of the only DECL of local l, or -1. */
static int fx_single_decl(const Fx *x, const Local *l)
{
    if (!l || l->id < 0 || l->id >= x->d.nlocal_ids || x->ndecl[l->id] != 1)
        return -1;
    return x->decl_at[l->id];
}

/* The only DECL of local l when it lies in the window before `before`,
 * else NULL. */
static const IrIns *fx_decl_in_window(const Fx *x, const Local *l, int before)
{
    int at = fx_single_decl(x, l);
    return at > x->lo && at < before ? &x->f->ins[at] : NULL;
}

/* `LOAD [c len]` where c was declared in the window from `make(_, n, _)`:
 * the operand n; else o itself. */
static const IrOpd *fx_fresh_len(const Fx *x, const IrOpd *o)
{
    const IrIns *d = ir_defs_one(&x->d, o);
    if (!d || d->op != IR_LOAD || x->d.def[o->temp] <= x->lo || d->place->root.kind != OPD_LOCAL ||
        d->place->nproj != 1 || d->place->proj[0].kind != PJ_LEN)
        return o;
    const Local *l = d->place->root.local;
    if (l->is_ref || l->captured)
        return o;
    const IrIns *decl = fx_decl_in_window(x, l, x->d.def[o->temp]);
    const IrIns *mk = decl ? ir_defs_one(&x->d, &decl->a) : NULL;
    if (!mk || mk->op != IR_MAKE || x->d.def[decl->a.temp] <= x->lo)
        return o;
    return &mk->a;
}

/* A definition inside the window (after its last write) stands for its
 * value at the check: what it read is unchanged there. */
static bool fx_in_window(const IrSame *s, int side, int def)
{
    (void)side;
    return def > ((const Fx *)s->ctx)->lo;
}

/* The two operands hold the same value at the check; a fresh slice's
 * length is its make's length operand (fx_fresh_len). */
static bool fx_same(const Fx *x, const IrOpd *a, const IrOpd *b)
{
    return ir_same(&x->same, fx_fresh_len(x, a), fx_fresh_len(x, b));
}

static bool fx_int(const IrOpd *o, int64_t *v)
{
    if (o->kind != OPD_INT)
        return false;
    *v = (int64_t)o->i;
    return true;
}

static bool fx_nonneg(const Fx *x, const IrOpd *o, int depth);

/* o reads l's whole value: l itself, or a temp `LOAD [l]`; *at: where
 * (the temp's load; -1 for l itself). */
static bool fx_reads_local(const Fx *x, const IrOpd *o, const Local *l, int *at)
{
    int from;
    *at = -1;
    if (ir_local_value(&x->d, o, &from) != l)
        return false;
    *at = from;
    return true;
}

/* in ends a straight run of instructions, or writes l. */
static bool fx_plain_step(const IrIns *in, const Local *l)
{
    return ir_op_info[in->op].nesting != 0 || in->op == IR_ELSE || ir_jumps(in) || ir_writes_local(in, l);
}

/* ins[i] stores l + c into l (0 <= c <= INT32_MAX), and a passed
 * `CHECK_INDEX l, n` comes before it in the same straight run of
 * instructions (no control flow between), with nothing between the read
 * of l it checked and the store writing l:
 *     while head < q.len { let v = q[head]; head += 1; .. }
 * There 0 <= l < n, and a length is below 2^62, so l + c lies in
 * c .. n - 1 + c: >= 0, and the add cannot wrap (l is an i64). l is
 * private (nothing writes it behind the function's back). */
static bool fx_checked_step(const Fx *x, int i, const Local *l)
{
    const IrIns *in = &x->f->ins[i];
    int64_t c;
    int add_at, chk_at = -1;
    if (in->op != IR_STORE || in->place->nproj != 0 || in->place->root.kind != OPD_LOCAL ||
        in->place->root.local != l || in->a.kind != OPD_TEMP || l->type->kind != TY_I64 ||
        !ir_local_private_in(x->f, &x->addressed, l))
        return false;
    const IrIns *d = ir_defs_one(&x->d, &in->a);
    if (!d || d->op != IR_BIN || d->aux != BIN_ADD || !fx_int(&d->b, &c) || c < 0 || c > INT32_MAX ||
        !fx_reads_local(x, &d->a, l, &add_at))
        return false;
    if (add_at < 0)
        add_at = x->d.def[in->a.temp];
    /* chk_at: the read of l the check passed on: the check itself when its
     * operand is l, else the `LOAD [l]` its operand is (fx_reads_local
     * sets it, and leaves -1 when the operand does not read l) */
    for (int j = i - 1; j >= 0 && chk_at < 0; j--) {
        const IrIns *e = &x->f->ins[j];
        if (fx_plain_step(e, l))
            return false;
        if (e->op == IR_CHECK_INDEX && !e->site_unless && type_is_signed(e->a.type) &&
            fx_reads_local(x, &e->a, l, &chk_at) && chk_at < 0)
            chk_at = j;
    }
    if (chk_at < 0)
        return false;
    /* both reads see the value the check passed: one run, no write between */
    for (int j = (add_at < chk_at ? add_at : chk_at) + 1; j < i; j++)
        if (fx_plain_step(&x->f->ins[j], l))
            return false;
    return true;
}

/* A local written once, by a for-range counter from a constant >= 0 or a
 * declaration with a value >= 0, and otherwise only by checked steps
 * (fx_checked_step). It reads the whole function, so fx_local_nonneg
 * keeps the answers. */
static bool fx_local_nonneg_scan(const Fx *x, const Local *l, int depth)
{
    if (l->captured || l->is_ref || depth > 4)
        return false;
    bool found = false;
    for (int i = 0; i < x->f->nins; i++) {
        const IrIns *in = &x->f->ins[i];
        int64_t lo;
        if (fx_checked_step(x, i, l)) {
            continue;
        } else if (in->op == IR_FOR && in->local == l) {
            if (found || !fx_int(&in->a, &lo) || lo < 0)
                return false;
            found = true;
        } else if (in->op == IR_DECL && in->local == l) {
            if (found || in->a.kind == OPD_NONE || !fx_nonneg(x, &in->a, depth + 1))
                return false;
            found = true;
        } else if (in->place && in->place->root.kind == OPD_LOCAL && in->place->root.local == l &&
                   in->op != IR_LOAD) {
            return false;
        }
    }
    return found;
}

/* A "no" found below the top level may only be the depth limit: it is not
 * kept. */
static bool fx_local_nonneg(const Fx *x, const Local *l, int depth)
{
    bool memo = l->id >= 0 && l->id < x->d.nlocal_ids;
    if (memo && x->nonneg[l->id] != 0)
        return x->nonneg[l->id] > 0;
    bool yes = fx_local_nonneg_scan(x, l, depth);
    if (memo && (yes || depth == 0))
        x->nonneg[l->id] = yes ? 1 : -1;
    return yes;
}

/* o is a slice or string length (or capacity): 0 <= o < 2^62. */
static bool fx_is_len(const Fx *x, const IrOpd *o)
{
    const IrIns *d = ir_defs_one(&x->d, o);
    return d && d->op == IR_LOAD && d->place->nproj > 0 &&
           (d->place->proj[d->place->nproj - 1].kind == PJ_LEN ||
            d->place->proj[d->place->nproj - 1].kind == PJ_CAP);
}

/* o >= 0 whatever the path. */
static bool fx_nonneg(const Fx *x, const IrOpd *o, int depth)
{
    int64_t v;
    if (fx_int(o, &v))
        return v >= 0 || !type_is_signed(o->type);
    if (o->kind == OPD_LOCAL)
        return fx_local_nonneg(x, o->local, depth);
    const IrIns *d = ir_defs_one(&x->d, o);
    if (!d || depth > 4)
        return false;
    if (d->op == IR_LOAD)
        return fx_is_len(x, o);
    if (d->op != IR_BIN)
        return false;
    if (d->aux == BIN_AND)
        return (fx_int(&d->b, &v) && v >= 0) || (fx_int(&d->a, &v) && v >= 0);
    if (d->aux == BIN_SHR || d->aux == BIN_MOD)
        return fx_nonneg(x, &d->a, depth + 1);
    return false;
}

/* A DECL of a local declared nowhere else: it gives a new local its first
 * value, so no fact in the window can name the local before it. */
static bool fx_fresh_decl(const Fx *x, const IrIns *in)
{
    return fx_single_decl(x, in->local) >= 0 && !in->local->is_ref;
}

/* A loop's start or end: the window does not cross it (a back edge). */
static bool fx_loop_edge(const IrIns *in)
{
    return in->op == IR_LOOP || in->op == IR_FOR || in->op == IR_ENDLOOP || in->op == IR_ENDFOR;
}

/* Writes nothing a fact depends on (values of temps, existing locals,
 * memory) and calls nothing that returns (ir_effect_on_memory): a `make`
 * only allocates, and a failing one stops the program. */
static bool fx_quiet(const Fx *x, const IrIns *in)
{
    IrEffect e;
    if (fx_loop_edge(in))
        return false;
    if (in->op == IR_DECL)
        return fx_fresh_decl(x, in);
    ir_effect(x->ir, in, &e);
    return e.write != IR_AT_LOCAL && !ir_effect_on_memory(&e, x->f, &x->addressed);
}

/* An earlier check (at the check's block level) proves this one. */
static bool fx_implied_by_check(const Fx *x, const IrIns *e, const IrIns *c)
{
    if (e->op != c->op)
        return false;
    switch (c->op) {
    case IR_CHECK_INDEX:
        return fx_same(x, &e->a, &c->a) && fx_same(x, &e->b, &c->b);
    case IR_CHECK_SLICE:
        return fx_same(x, &e->a, &c->a) && fx_same(x, &e->b, &c->b) &&
               fx_same(x, &e->c, &c->c);
    case IR_CHECK_SHIFT:
        return e->aux == c->aux && fx_same(x, &e->a, &c->a);
    case IR_CHECK_POP:
    case IR_CHECK_DIV:
        return fx_same(x, &e->a, &c->a);
    default:
        return false;
    }
}

/* ---- learning relations ---- */

static void fx_add(Fx *x, int op, bool uns, const IrOpd *a, const IrOpd *b)
{
    if (x->nrel == FX_MAX_REL)
        return;
    x->rel[x->nrel++] = (FxRel){ op, uns, a, b };
}

/* a `cmp` b is known to be `truth`: as LT, LE or NE relations in out;
 * how many (0 to 2). */
static int fx_cmp_rels(int cmp, bool truth, bool uns, const IrOpd *a, const IrOpd *b, FxRel *out)
{
    static const int negate[BIN__COUNT] = {
        [BIN_EQ] = BIN_NE, [BIN_NE] = BIN_EQ, [BIN_LT] = BIN_GE,
        [BIN_LE] = BIN_GT, [BIN_GT] = BIN_LE, [BIN_GE] = BIN_LT,
    };
    int op = truth ? cmp : negate[cmp];
    if (op == BIN_EQ) {         /* a == b: a <= b and b <= a */
        out[0] = (FxRel){ BIN_LE, uns, a, b };
        out[1] = (FxRel){ BIN_LE, uns, b, a };
        return 2;
    }
    if (op == BIN_LT || op == BIN_LE || op == BIN_NE)
        out[0] = (FxRel){ op, uns, a, b };
    else if (op == BIN_GT)
        out[0] = (FxRel){ BIN_LT, uns, b, a };
    else if (op == BIN_GE)
        out[0] = (FxRel){ BIN_LE, uns, b, a };
    else
        return 0;
    return 1;
}

/* a `cmp` b is known to be `truth`: add it as LT, LE or NE. */
static void fx_add_cmp(Fx *x, int cmp, bool truth, bool uns, const IrOpd *a, const IrOpd *b)
{
    FxRel r[2];
    int n = fx_cmp_rels(cmp, truth, uns, a, b, r);
    for (int k = 0; k < n; k++)
        fx_add(x, r[k].op, r[k].uns, r[k].a, r[k].b);
}

static bool fx_is_cmp(int op)
{
    return op == BIN_EQ || op == BIN_NE || op == BIN_LT || op == BIN_LE || op == BIN_GT || op == BIN_GE;
}

/* t is the result of `a && b` (aux 0) or `a || b` (aux 1): MOV a at def0,
 * IF t right after it, MOV b at the end of that block, ENDIF. */
static const IrIns *fx_logical(const Fx *x, const IrOpd *t, int *aux)
{
    if (t->kind != OPD_TEMP || x->d.ndef[t->temp] != 2)
        return NULL;
    int d0 = x->d.def0[t->temp], d1 = x->d.def[t->temp];
    const IrIns *ins = x->f->ins;
    if (d0 + 1 >= d1 || d1 + 1 >= x->f->nins || ins[d0].op != IR_MOV || ins[d1].op != IR_MOV ||
        ins[d0 + 1].op != IR_IF || ins[d0 + 1].a.kind != OPD_TEMP || ins[d0 + 1].a.temp != t->temp ||
        ins[d1 + 1].op != IR_ENDIF || x->b.open[d1 + 1] != d0 + 1)
        return NULL;
    *aux = ins[d0 + 1].aux & IR_IF_NOT;
    return &ins[d1];
}

/* The boolean cond, which the if or exit test at `use` reads, is known
 * to be `truth` at the check. At the if that opens `a && b`'s second
 * side, b is yet to run: only a is known there. */
static void fx_learn(Fx *x, const IrOpd *cond, bool truth, int use, int depth)
{
    int aux;
    const IrIns *second;
    if (depth > 8)
        return;
    const IrIns *d = ir_defs_one(&x->d, cond);
    if (d && x->d.def[cond->temp] > x->lo && x->d.def[cond->temp] < use) {
        if (d->op == IR_BIN && fx_is_cmp(d->aux) && type_is_int(d->a.type))
            fx_add_cmp(x, d->aux, truth, !type_is_signed(d->a.type), &d->a, &d->b);
        else if (d->op == IR_UN && d->aux == UN_NOT)
            fx_learn(x, &d->a, !truth, use, depth + 1);
        else if (d->op == IR_MOV)
            fx_learn(x, &d->a, truth, use, depth + 1);
        return;
    }
    second = fx_logical(x, cond, &aux);
    if (!second || x->d.def0[cond->temp] <= x->lo || truth != (aux == 0))
        return;     /* a true || or a false && tells nothing about its sides */
    fx_learn(x, &x->f->ins[x->d.def0[cond->temp]].a, truth, use, depth + 1);
    if (x->d.def[cond->temp] < use)
        fx_learn(x, &second->a, truth, use, depth + 1);
}

/* A passed check: what it guarantees. */
static void fx_learn_check(Fx *x, const IrIns *e)
{
    if (e->op == IR_CHECK_INDEX && type_is_signed(e->a.type)) {
        fx_add(x, BIN_LE, false, &x->zero, &e->a);
        fx_add(x, BIN_LT, false, &e->a, &e->b);
    } else if (e->op == IR_CHECK_SLICE) {
        fx_add(x, BIN_LE, false, &x->zero, &e->a);
        fx_add(x, BIN_LE, false, &e->a, &e->b);
        fx_add(x, BIN_LE, false, &e->b, &e->c);
    }
}

/* The block ending just before `end` cannot fall through: its last
 * instruction fails, returns, breaks or continues. */
static bool fx_block_leaves(const Fx *x, int open, int end)
{
    const IrIns *last = &x->f->ins[end - 1];
    return end - 1 > open &&
           (last->op == IR_RET || last->op == IR_BREAK || last->op == IR_CONTINUE || ir_stops(x->ir, last));
}

/* After `IF (m) .. [ELSE] .. ENDIF (j)` where one branch cannot fall
 * through, the test has the other branch's value: true and that value in
 * *truth; false when both or neither can fall through. */
static bool fx_closed_if_truth(const Fx *x, int m, int j, bool *truth)
{
    int els = x->b.els[m];
    bool then_leaves = fx_block_leaves(x, m, els ? els : j);
    bool else_leaves = els && fx_block_leaves(x, els, j);
    bool then_truth = (x->f->ins[m].aux & IR_IF_NOT) == 0;
    *truth = then_leaves ? !then_truth : then_truth;
    return then_leaves != else_leaves;
}

static void fx_learn_closed_if(Fx *x, int m, int j)
{
    bool truth;
    if (fx_closed_if_truth(x, m, j, &truth))
        fx_learn(x, &x->f->ins[m].a, truth, m, 0);
}

/* ---- proving ---- */

static bool fx_known(const Fx *x, int op, bool uns, const IrOpd *a, const IrOpd *b)
{
    for (int k = 0; k < x->nrel; k++) {
        const FxRel *r = &x->rel[k];
        if (r->op == op && r->uns == uns && fx_same(x, r->a, a) && fx_same(x, r->b, b))
            return true;
    }
    return false;
}

/* o > m is known (o signed): a relation k < o with k >= m, or k <= o
 * with k > m. */
static bool fx_gt_const(const Fx *x, const IrOpd *o, int64_t m)
{
    int64_t v;
    for (int k = 0; k < x->nrel; k++)
        if (!x->rel[k].uns && fx_same(x, x->rel[k].b, o) && fx_int(x->rel[k].a, &v) &&
            (x->rel[k].op == BIN_LT ? v >= m : x->rel[k].op == BIN_LE && v > m))
            return true;
    return false;
}

/* The instruction writing temp o inside the window (so the locals it read
 * still hold what it read), or NULL. */
static const IrIns *fx_def_in_window(const Fx *x, const IrOpd *o)
{
    const IrIns *d = ir_defs_one(&x->d, o);
    return d && x->d.def[o->temp] > x->lo && x->d.def[o->temp] < x->at ? d : NULL;
}

/* 0 <= o (o signed). Beyond the relations: y / c with c >= 1 and y >= 0;
 * y - c with y > c - 1 known; a let declared in the window from such; a
 * local's bound on the path (fx_local_ask). */
static bool fx_ge0_at(Fx *x, const IrOpd *o, int depth)
{
    int64_t c;
    if (fx_nonneg(x, o, 0) || fx_known(x, BIN_LE, false, &x->zero, o) || fx_gt_const(x, o, -1) ||
        fx_opd_ask(x, o, x->at, (FxAsk){ false, 0 }, 0))
        return true;
    if (depth > 6)
        return false;
    if (o->kind == OPD_LOCAL && !o->local->is_mutable && !o->local->is_ref) {
        const IrIns *decl = fx_decl_in_window(x, o->local, x->at);
        return decl && decl->a.kind != OPD_NONE && fx_ge0_at(x, &decl->a, depth + 1);
    }
    const IrIns *d = o->kind == OPD_TEMP ? fx_def_in_window(x, o) : NULL;
    if (!d || d->op != IR_BIN || !type_is_signed(d->type) || !fx_int(&d->b, &c))
        return false;
    if (d->aux == BIN_DIV)
        return c >= 1 && fx_ge0_at(x, &d->a, depth + 1);
    if (d->aux == BIN_SUB)
        return c >= 0 && c < INT64_MAX && fx_gt_const(x, &d->a, c - 1);
    return false;
}

static bool fx_ge0(Fx *x, const IrOpd *o)
{
    return fx_ge0_at(x, o, 0);
}

/* a <= b (signed). */
static bool fx_le(Fx *x, const IrOpd *a, const IrOpd *b)
{
    int64_t u, v;
    if (fx_same(x, a, b) || (fx_int(a, &u) && fx_int(b, &v) && u <= v))
        return true;
    if (fx_int(a, &u) && u == 0 && fx_ge0(x, b))
        return true;
    return fx_known(x, BIN_LE, false, a, b) || fx_known(x, BIN_LT, false, a, b);
}

/* The operand under a cast to u64, as CHECK_INDEX compares it. */
static const IrOpd *fx_strip_u64(const Fx *x, const IrOpd *o)
{
    const IrIns *d = ir_defs_one(&x->d, o);
    return d && d->op == IR_CAST && d->type && d->type->kind == TY_U64 ? &d->a : o;
}

/* (u64)i < (u64)n is known. */
static bool fx_known_index_u(const Fx *x, const IrOpd *i, const IrOpd *n)
{
    for (int k = 0; k < x->nrel; k++) {
        const FxRel *r = &x->rel[k];
        if (r->op == BIN_LT && r->uns && fx_same(x, fx_strip_u64(x, r->a), i) &&
            fx_same(x, fx_strip_u64(x, r->b), n))
            return true;
    }
    return false;
}

/* ---- a local bounded by a length over a whole loop ----
 *     var i = heap.len - 1
 *     while i > 0 { let p = (i - 1) / 2; .. heap[p] ..; heap[i] = heap[p]; i = p }
 * heap's header is fixed over the loop (nothing in it writes @heap, and it
 * calls nothing that could), i < heap.len when the loop starts, and every
 * value the loop stores into i is below heap.len (p passed its check just
 * before): so i < heap.len at every point of the loop, by induction over
 * the stores. With 0 < i from the loop's test, heap[i] is in range, and
 * so is heap[(i - 1) / 2]. A store's bound may itself rest on the bound
 * of i before it (the induction's hypothesis); nothing else is assumed.
 * The same induction gives i <= heap.len (FX_INV_LE: `var i = xs.len;
 * while i > 0 { i -= 1; xs[i] }`, where the read sees the value just
 * stored, i - 1 with 1 <= i <= len) and i >= 0 (FX_INV_GE0, no length:
 * `i += 1` under i < xs.len). One bound is proven at a time, so the only
 * assumption in force is the bound being proven, of its own loop. */

/* Bounds on the work: loops of at most FX_MAX_INV_LOOP instructions, at
 * most FX_MAX_INV bounds worked out per function (each walks its loop). */
enum { FX_MAX_LOOPS = 4, FX_DEPTH = 6, FX_MAX_INV = 32, FX_MAX_INV_LOOP = 2048 };

/* The header a length is read from: `LOAD [X len]`, or `LOAD [t len]`
 * with t = `LOAD [X]`, X a global or a private local (*key), or a let
 * declared with one of those; *from: the instruction that read the
 * header (the caller checks the header is fixed from there on). */
static bool fx_len_root(const Fx *x, const IrOpd *o, IrOpd *key, int *from)
{
    if (o->kind == OPD_LOCAL && !o->local->is_mutable && !o->local->is_ref && !o->local->captured) {
        int at = fx_single_decl(x, o->local);   /* `let n = xs.len`: the length it read */
        if (at < 0)
            return false;
        o = &x->f->ins[at].a;
    }
    const IrIns *d = o->kind == OPD_TEMP ? ir_defs_one(&x->d, o) : NULL;
    if (!d || d->op != IR_LOAD || d->place->nproj != 1 || d->place->proj[0].kind != PJ_LEN)
        return false;
    const IrOpd *r = &d->place->root;
    *from = x->d.def[o->temp];
    if (r->kind == OPD_TEMP) {
        const IrIns *h = ir_defs_one(&x->d, r);
        if (!h || h->op != IR_LOAD || h->place->nproj != 0)
            return false;
        *from = x->d.def[r->temp];
        r = &h->place->root;
    }
    if (r->kind != OPD_GLOBAL &&
        !(r->kind == OPD_LOCAL && ir_local_private_in(x->f, &x->addressed, r->local)))
        return false;
    *key = *r;
    return true;
}

/* The same operand: the same constant, local, global or temporary (or
 * both none), whatever the definitions say. */
static bool fx_same_name(const IrOpd *a, const IrOpd *b)
{
    static const IrSame names = { 0 };
    return ir_same(&names, a, b);
}

/* in may change the header key names (a call may write any global). */
static bool fx_key_written(const Fx *x, const IrOpd *key, const IrIns *in)
{
    if (key->kind == OPD_LOCAL)
        return ir_writes_local(in, key->local);
    return ir_may_write_global(x->ir, in, key->global);
}

static bool fx_key_fixed(const Fx *x, const IrOpd *key, int from, int to)
{
    for (int k = from + 1; k < to; k++)
        if (fx_key_written(x, key, &x->f->ins[k]))
            return false;
    return true;
}

/* o reads key's length, and the header is the same at ctx: nothing
 * between the read and ctx writes it, nor anything in the rest of a loop
 * entered in between (its next step comes back to ctx). */
static bool fx_key_len(const Fx *x, const IrOpd *o, const IrOpd *key, int ctx)
{
    IrOpd k;
    int from, to = ctx;
    if (!fx_len_root(x, o, &k, &from) || !fx_same_name(&k, key) || from >= ctx)
        return false;
    for (int i = from + 1; i < ctx; i++)
        if ((x->f->ins[i].op == IR_LOOP || x->f->ins[i].op == IR_FOR) && x->b.close[i] > to)
            to = x->b.close[i];
    return fx_key_fixed(x, key, from, to);
}

/* The loops around instruction at, innermost first; how many. */
static int fx_enclosing_loops(const Fx *x, int at, int *out)
{
    int n = 0, stop = at - 4 * FX_WINDOW > 0 ? at - 4 * FX_WINDOW : 0;
    for (int k = at - 1; k >= stop && n < FX_MAX_LOOPS; k--)
        if ((x->f->ins[k].op == IR_LOOP || x->f->ins[k].op == IR_FOR) && x->b.close[k] > at)
            out[n++] = k;
    return n;
}

/* The facts of one point, kept while another point's are collected. */
typedef struct FxSaved {
    int lo, at, nrel;
    FxRel rel[FX_MAX_REL];
    IrOpd zero;
} FxSaved;

static void fx_save(const Fx *x, FxSaved *s)
{
    s->lo = x->lo;
    s->at = x->at;
    s->nrel = x->nrel;
    s->zero = x->zero;
    memcpy(s->rel, x->rel, sizeof s->rel);
}

static void fx_restore(Fx *x, const FxSaved *s)
{
    x->lo = s->lo;
    x->at = s->at;
    x->nrel = s->nrel;
    x->zero = s->zero;
    memcpy(x->rel, s->rel, sizeof s->rel);
}

static bool fx_collect(Fx *x, int at, const IrIns *c, Type *t);
static bool fx_inv(Fx *x, const Local *l, const IrOpd *key, int lp, FxInvKind kind);
static bool fx_le_len(Fx *x, const IrOpd *o, const IrOpd *key, int depth);
static bool fx_lt_len(Fx *x, const IrOpd *o, const IrOpd *key, int depth);
static bool fx_block_sets(const Fx *x, const Local *l, int m, int j);

/* o reads a mutable local's value as it is at x->at: the local, or a
 * `LOAD [l]` in the window; else NULL. */
static const Local *fx_window_local(const Fx *x, const IrOpd *o)
{
    int at;
    const Local *l = ir_local_value(&x->d, o, &at);
    if (at >= 0 && (at <= x->lo || at >= x->at))
        return NULL;
    return l && l->is_mutable ? l : NULL;
}

/* A loop bound of kind for l in a loop around x->at. */
static bool fx_loop_bound(Fx *x, const Local *l, const IrOpd *key, FxInvKind kind)
{
    int loops[FX_MAX_LOOPS];
    int n = fx_enclosing_loops(x, x->at, loops);
    for (int k = 0; k < n; k++)
        if (fx_inv(x, l, key, loops[k], kind))
            return true;
    return false;
}

/* The store `l = v` every path to x->at passes last, in the same step of
 * every loop around x->at (walking back, blocks closed before x->at that
 * do not set l are stepped over; a loop start ends the walk), with key's
 * header unchanged from it to x->at: its index, or -1. l must be private
 * (not captured, not a reference, address never taken): only then is
 * every write of it an instruction that names it, and a call of a closure
 * or a store through an aliasing `ref` between the store and x->at
 * cannot change it unseen. */
static int fx_reaching_store(const Fx *x, const Local *l, const IrOpd *key)
{
    if (!ir_local_private_in(x->f, &x->addressed, l))
        return -1;
    for (int k = x->at - 1, steps = 0; k >= 0 && steps < FX_WALK; k--, steps++) {
        const IrIns *in = &x->f->ins[k];
        if (ir_writes_local(in, l)) {
            bool plain = in->op == IR_STORE && in->place->nproj == 0;
            return plain && fx_key_fixed(x, key, k, x->at) ? k : -1;
        }
        if (in->op == IR_LOOP || in->op == IR_FOR)
            return -1;
        if (in->op == IR_ENDIF || in->op == IR_ENDLOOP || in->op == IR_ENDFOR || in->op == IR_ELSE) {
            int m = x->b.open[k];
            steps += k - m;
            if (in->op != IR_ELSE && fx_block_sets(x, l, m, k))
                return -1;
            k = m;      /* a closed block, or the then arm of the else the point is in */
        }
    }
    return -1;
}

/* o < key's length (kind LT) or <= it (LE) because o is the value the
 * local l holds, stored by the store reaching x->at: that value, at the
 * store. */
static bool fx_through_store(Fx *x, const Local *l, const IrOpd *key, FxInvKind kind, int depth)
{
    int s = fx_reaching_store(x, l, key);
    if (s < 0)
        return false;
    const IrOpd *v = &x->f->ins[s].a;
    FxSaved st;
    fx_save(x, &st);
    fx_collect(x, s, NULL, v->type);
    bool ok = kind == FX_INV_LT ? fx_lt_len(x, v, key, depth + 1) : fx_le_len(x, v, key, depth + 1);
    fx_restore(x, &st);
    return ok;
}

/* o < key's length at x->at (whose facts are collected). */
static bool fx_lt_len(Fx *x, const IrOpd *o, const IrOpd *key, int depth)
{
    int64_t c;
    if (depth > FX_DEPTH)
        return false;
    for (int k = 0; k < x->nrel; k++)
        if (x->rel[k].op == BIN_LT && !x->rel[k].uns && fx_same(x, x->rel[k].a, o) &&
            fx_key_len(x, x->rel[k].b, key, x->at))
            return true;
    const Local *l = fx_window_local(x, o);
    if (l)
        return fx_loop_bound(x, l, key, FX_INV_LT) || fx_through_store(x, l, key, FX_INV_LT, depth);
    if (o->kind == OPD_LOCAL) {
        const IrIns *decl = o->local->is_ref ? NULL : fx_decl_in_window(x, o->local, x->at);
        return decl && decl->a.kind != OPD_NONE && fx_lt_len(x, &decl->a, key, depth + 1);
    }
    const IrIns *d = o->kind == OPD_TEMP ? fx_def_in_window(x, o) : NULL;
    if (!d || d->op != IR_BIN || !type_is_signed(d->type) || !fx_int(&d->b, &c) || c < 1)
        return false;
    if (d->aux == BIN_SUB)      /* y - c < y <= len; y >= 0: no wrap */
        return fx_ge0_at(x, &d->a, depth + 1) && fx_le_len(x, &d->a, key, depth + 1);
    if (d->aux == BIN_DIV)      /* y / c <= y < len for y >= 0 */
        return fx_ge0_at(x, &d->a, depth + 1) && fx_lt_len(x, &d->a, key, depth + 1);
    return false;
}

/* o <= key's length at x->at: it reads the length, is below it, or is
 * known <= it; a local bounded so over a loop around x->at, or stored
 * just before; y - c with c >= 0 and y >= 0 (no wrap) and y <= it. */
static bool fx_le_len(Fx *x, const IrOpd *o, const IrOpd *key, int depth)
{
    int64_t c;
    if (depth > FX_DEPTH)
        return false;
    if (fx_key_len(x, o, key, x->at) || fx_lt_len(x, o, key, depth + 1))
        return true;
    for (int k = 0; k < x->nrel; k++)
        if (x->rel[k].op == BIN_LE && !x->rel[k].uns && fx_same(x, x->rel[k].a, o) &&
            fx_key_len(x, x->rel[k].b, key, x->at))
            return true;
    const Local *l = fx_window_local(x, o);
    if (l)
        return fx_loop_bound(x, l, key, FX_INV_LE) || fx_through_store(x, l, key, FX_INV_LE, depth);
    const IrIns *d = o->kind == OPD_TEMP ? fx_def_in_window(x, o) : NULL;
    return d && d->op == IR_BIN && d->aux == BIN_SUB && type_is_signed(d->type) && fx_int(&d->b, &c) &&
           c >= 0 && fx_ge0_at(x, &d->a, depth + 1) && fx_le_len(x, &d->a, key, depth + 1);
}

/* On every path from the loop's start (lp) to s, `CHECK_INDEX v, n` with
 * n key's length passed; v a temp or a let (unchanged since). */
static bool fx_checked_before(const Fx *x, const IrOpd *v, const IrOpd *key, int lp, int s)
{
    if (v->kind != OPD_TEMP && !(v->kind == OPD_LOCAL && !v->local->is_mutable && !v->local->is_ref))
        return false;
    for (int k = s - 1; k > lp; k--) {
        const IrIns *in = &x->f->ins[k];
        if (in->op == IR_ENDIF || in->op == IR_ENDLOOP || in->op == IR_ENDFOR || in->op == IR_ELSE) {
            k = x->b.open[k];       /* a closed block, or the then arm of our else */
            continue;
        }
        if (in->op == IR_DECL && v->kind == OPD_LOCAL && in->local == v->local)
            return false;
        if (in->op == IR_CHECK_INDEX && type_is_signed(in->a.type) && fx_same_name(&in->a, v) &&
            fx_key_len(x, &in->b, key, s))
            return true;
    }
    return false;
}

/* The value v written into the local at instruction at has the bound of
 * kind: below key's length, at most it, or >= 0. */
static bool fx_inv_lt(Fx *x, const IrOpd *v, const IrOpd *key, int at)
{
    fx_collect(x, at, NULL, v->type);
    return fx_lt_len(x, v, key, 0);
}

static bool fx_inv_le(Fx *x, const IrOpd *v, const IrOpd *key, int at)
{
    fx_collect(x, at, NULL, v->type);
    return fx_le_len(x, v, key, 0);
}

static bool fx_inv_ge0(Fx *x, const IrOpd *v, const IrOpd *key, int at)
{
    (void)key;
    return fx_opd_ask(x, v, at, (FxAsk){ false, 0 }, 0);
}

static bool (*const fx_inv_value[FX_INV_KINDS])(Fx *, const IrOpd *, const IrOpd *, int) = {
    [FX_INV_LT] = fx_inv_lt, [FX_INV_LE] = fx_inv_le, [FX_INV_GE0] = fx_inv_ge0,
};

/* Every write of l in the loop at lp stores a value with the bound. */
static bool fx_inv_writes(Fx *x, const Local *l, const IrOpd *key, int lp, FxInvKind kind)
{
    for (int s = lp + 1; s < x->b.close[lp]; s++) {
        const IrIns *in = &x->f->ins[s];
        if (!ir_writes_local(in, l))
            continue;
        if (in->op != IR_STORE || in->place->nproj != 0)
            return false;
        if (kind != FX_INV_GE0 && fx_checked_before(x, &in->a, key, lp, s))
            continue;
        if (!fx_inv_value[kind](x, &in->a, key, s))
            return false;
    }
    return true;
}

/* The write that gives l its value when the loop at lp starts, on every
 * path: the last one before lp at its level, with none in the blocks
 * closed in between and no loop around lp in between; -1 if none. */
static int fx_entry_write(const Fx *x, const Local *l, int lp)
{
    for (int k = lp - 1; k >= 0; k--) {
        const IrIns *in = &x->f->ins[k];
        if (in->op == IR_ENDIF || in->op == IR_ENDLOOP || in->op == IR_ENDFOR) {
            int m = x->b.open[k];
            for (int j = m; j < k; j++)
                if (ir_writes_local(&x->f->ins[j], l))
                    return -1;
            k = m;
        } else if (in->op == IR_ELSE) {
            k = x->b.open[k];
        } else if (in->op == IR_LOOP || in->op == IR_FOR) {
            return -1;
        } else if (ir_writes_local(in, l)) {
            bool plain = in->op == IR_DECL || (in->op == IR_STORE && in->place->nproj == 0);
            return plain && in->a.kind != OPD_NONE ? k : -1;
        }
    }
    return -1;
}

/* The local is an int only this function's instructions that name it
 * can change. */
static bool fx_private_int(const Fx *x, const Local *l)
{
    return !l->captured && !l->is_ref && l->id >= 0 && l->id < x->d.nlocal_ids && l->type &&
           l->type->kind == TY_I64 && ir_local_private_in(x->f, &x->addressed, l);
}

/* The bound of kind holds for l at every point of the loop at lp (key:
 * the slice whose length bounds it; none for FX_INV_GE0). */
static bool fx_inv(Fx *x, const Local *l, const IrOpd *key, int lp, FxInvKind kind)
{
    if (!fx_private_int(x, l) || ir_writes_local(&x->f->ins[lp], l))
        return false;
    FxInv *m = &x->inv[l->id * FX_INV_KINDS + kind];
    if (m->state != 0 && m->lp == lp && fx_same_name(&m->key, key))
        return m->state > 0;        /* 2: being proven, the hypothesis of the induction */
    if (x->inv_busy)
        return false;               /* one bound at a time: no other assumption leaks */
    if (x->inv_runs >= FX_MAX_INV || x->b.close[lp] - lp > FX_MAX_INV_LOOP)
        return false;
    x->inv_runs++;
    int w = fx_entry_write(x, l, lp);
    if (w < 0 || (kind != FX_INV_GE0 && !fx_key_fixed(x, key, w, x->b.close[lp])))
        return false;
    FxSaved st;
    fx_save(x, &st);
    *m = (FxInv){ lp, *key, 2 };
    x->inv_busy = true;
    bool ok = fx_inv_value[kind](x, &x->f->ins[w].a, key, w) && fx_inv_writes(x, l, key, lp, kind);
    x->inv_busy = false;
    *m = (FxInv){ lp, *key, ok ? 1 : -1 };
    fx_restore(x, &st);
    return ok;
}

/* ---- a constant bound of one local on the path to a point ----
 *     while i >= 0 { s += xs[i]; i -= 1 }
 * The window fx_collect reads stops at any write (s += ..), so at
 * `i -= 1` the test i >= 0 is out of sight, and i - 1 might wrap. A
 * question about one private int local l needs less: walking back from
 * the point over the instructions every path to it passes (blocks closed
 * before it are stepped over when they do not set l), only a write of l
 * ends the walk. The tests the walk enters blocks by (if, else, a while's
 * exit test; the first side of an `&&` whose own if the point is in), an
 * if before it whose one arm cannot fall through, and checks of l it
 * passes tell what l holds; a comparison reads l as the point sees it
 * when no write of l (and no loop start) comes between. A write found
 * answers for the value it stores (y - c >= m when y >= m + c; y + c >= m
 * when y >= m - c and y + c cannot wrap); the loop the point is in, for
 * `l >= 0` at every point of it (fx_inv, FX_INV_GE0):
 *     var i = 0; while i < xs.len && xs[i] == 0 { i += 1 }
 * (i + 1 cannot wrap under i < xs.len). Asked: l >= m, or l + m cannot
 * wrap (l < X for m <= 1; l < or <= a length, below 2^62, for m <=
 * INT32_MAX; l below a constant). */

static const IrOpd fx_no_key;   /* the key of an FX_INV_GE0 bound */

/* o, an operand of the instruction at pos, reads l, and l keeps that
 * value up to k: no write of l and no loop start between the read and k. */
static bool fx_reads_at(const Fx *x, const IrOpd *o, int pos, const Local *l, int k)
{
    int from;
    if (ir_local_value(&x->d, o, &from) != l)
        return false;
    from = from < 0 ? pos : from;
    if (from > k || k - from > FX_WALK)
        return false;
    for (int j = from + 1; j < k; j++)
        if (ir_writes_local(&x->f->ins[j], l) || x->f->ins[j].op == IR_LOOP || x->f->ins[j].op == IR_FOR)
            return false;
    return true;
}

/* The relation r (learnt at k from an instruction at pos) answers ask. */
static bool fx_rel_answers(const Fx *x, const FxRel *r, int pos, const Local *l, int k, FxAsk ask)
{
    int64_t v;
    if (r->uns || (r->op != BIN_LT && r->op != BIN_LE))
        return false;
    if (!ask.upper)             /* v < l or v <= l */
        return fx_int(r->a, &v) && (r->op == BIN_LT ? v >= ask.m - 1 : v >= ask.m) &&
               fx_reads_at(x, r->b, pos, l, k);
    if (!fx_reads_at(x, r->a, pos, l, k))
        return false;
    if (fx_int(r->b, &v))       /* l < v or l <= v; ask.m >= 0 */
        return r->op == BIN_LT ? ask.m <= 1 || v <= INT64_MAX - ask.m + 1 : v <= INT64_MAX - ask.m;
    return fx_is_len(x, r->b) ? ask.m <= INT32_MAX : r->op == BIN_LT && ask.m <= 1;
}

/* cond, which the instruction at k reads and knows to be truth, answers
 * ask about l (as it is at k). Not b of `a && b` at the if that opens b. */
static bool fx_cond_answers(const Fx *x, const IrOpd *cond, bool truth, const Local *l, int k, FxAsk ask,
                            int depth)
{
    FxRel r[2];
    int aux;
    if (cond->kind != OPD_TEMP || depth > 8)
        return false;
    const IrIns *d = ir_defs_one(&x->d, cond);
    if (d && d->op == IR_BIN && fx_is_cmp(d->aux) && type_is_int(d->a.type)) {
        int n = fx_cmp_rels(d->aux, truth, !type_is_signed(d->a.type), &d->a, &d->b, r);
        for (int j = 0; j < n; j++)
            if (fx_rel_answers(x, &r[j], x->d.def[cond->temp], l, k, ask))
                return true;
        return false;
    }
    if (d && d->op == IR_UN && d->aux == UN_NOT)
        return fx_cond_answers(x, &d->a, !truth, l, k, ask, depth + 1);
    if (d && d->op == IR_MOV)
        return fx_cond_answers(x, &d->a, truth, l, k, ask, depth + 1);
    const IrIns *second = d ? NULL : fx_logical(x, cond, &aux);
    if (!second || truth != (aux == 0))
        return false;
    return fx_cond_answers(x, &x->f->ins[x->d.def0[cond->temp]].a, truth, l, k, ask, depth + 1) ||
           (x->d.def[cond->temp] < k && fx_cond_answers(x, &second->a, truth, l, k, ask, depth + 1));
}

/* A block closed at j (opened at m) sets l. */
static bool fx_block_sets(const Fx *x, const Local *l, int m, int j)
{
    for (int i = m; i < j; i++)
        if (ir_writes_local(&x->f->ins[i], l))
            return true;
    return false;
}

/* The if closed at j (opened at m) has one arm that cannot fall through:
 * its test is known after it (as fx_learn_closed_if). */
static bool fx_closed_if_answers(const Fx *x, int m, int j, const Local *l, FxAsk ask, int depth)
{
    bool truth;
    return fx_closed_if_truth(x, m, j, &truth) &&
           fx_cond_answers(x, &x->f->ins[m].a, truth, l, m, ask, depth);
}

/* The write of l at k (a declaration or a plain store) answers ask. */
static bool fx_write_answers(Fx *x, const IrIns *in, int k, FxAsk ask, int depth)
{
    if (in->op == IR_DECL && in->a.kind == OPD_NONE)   /* the zero value */
        return ask.upper ? ask.m >= 0 : ask.m <= 0;
    if (in->op == IR_DECL)
        return fx_opd_ask(x, &in->a, k, ask, depth + 1);
    return in->op == IR_STORE && in->place->nproj == 0 && fx_opd_ask(x, &in->a, k, ask, depth + 1);
}

/* l answers ask just before instruction at. */
static bool fx_local_ask(Fx *x, const Local *l, int at, FxAsk ask, int depth)
{
    if (!fx_private_int(x, l) || depth > FX_DEPTH)
        return false;
    for (int k = at - 1, steps = 0; k >= 0 && steps < FX_WALK; k--, steps++) {
        const IrIns *in = &x->f->ins[k];
        bool then_truth = (in->aux & IR_IF_NOT) == 0;
        if (ir_writes_local(in, l))
            return fx_write_answers(x, in, k, ask, depth);
        switch (in->op) {
        case IR_ENDIF: case IR_ENDLOOP: case IR_ENDFOR: {
            int m = x->b.open[k];
            steps += k - m;
            if (steps >= FX_WALK || fx_block_sets(x, l, m, k))
                return false;
            if (in->op == IR_ENDIF && fx_closed_if_answers(x, m, k, l, ask, depth))
                return true;
            k = m;
            break;
        }
        case IR_ELSE: {         /* the point is in the else arm: the test was false */
            int m = x->b.open[k];
            if (fx_cond_answers(x, &x->f->ins[m].a, (x->f->ins[m].aux & IR_IF_NOT) != 0, l, m, ask, 0))
                return true;
            k = m;
            break;
        }
        case IR_IF:
            if (fx_cond_answers(x, &in->a, then_truth, l, k, ask, 0))
                return true;
            break;
        case IR_BRK_UNLESS:
            if (fx_cond_answers(x, &in->a, true, l, k, ask, 0))
                return true;
            break;
        case IR_CHECK_INDEX:    /* passed: 0 <= a < b */
            if (type_is_signed(in->a.type) && fx_reads_at(x, &in->a, k, l, k) &&
                (ask.upper ? fx_is_len(x, &in->b) && ask.m <= INT32_MAX : ask.m <= 0))
                return true;
            break;
        case IR_LOOP: case IR_FOR:  /* the point is in this loop */
            return !ask.upper && ask.m <= 0 && fx_inv(x, l, &fx_no_key, k, FX_INV_GE0);
        default:
            break;
        }
    }
    return false;
}

/* v, an operand of the instruction at pos, answers ask: a constant, a
 * length, a local's bound there, or y - c / y + c (0 <= c <= INT32_MAX)
 * of such. */
static bool fx_opd_ask(Fx *x, const IrOpd *v, int pos, FxAsk ask, int depth)
{
    int64_t c;
    if (depth > FX_DEPTH)
        return false;
    if (fx_int(v, &c))
        return type_is_signed(v->type) && (ask.upper ? ask.m >= 0 && c <= INT64_MAX - ask.m : c >= ask.m);
    if (!ask.upper && ask.m <= 0 && fx_nonneg(x, v, 0))
        return true;
    if (ask.upper && fx_is_len(x, v))
        return ask.m <= INT32_MAX;
    int at;
    const Local *l = ir_local_value(&x->d, v, &at);
    if (l)
        return fx_local_ask(x, l, at < 0 ? pos : at, ask, depth + 1);
    const IrIns *d = ir_defs_one(&x->d, v);
    if (!d)
        return false;
    at = x->d.def[v->temp];
    if (d->op != IR_BIN || !d->type || d->type->kind != TY_I64 || (d->aux != BIN_ADD && d->aux != BIN_SUB))
        return false;
    const IrOpd *y = &d->a, *k = &d->b;
    if (d->aux == BIN_ADD && k->kind != OPD_INT) {
        y = &d->b;
        k = &d->a;
    }
    if (!fx_int(k, &c) || c < 0 || c > INT32_MAX || ask.m < -INT32_MAX || ask.m > INT32_MAX)
        return false;
    if (d->aux == BIN_SUB)      /* y >= m + c: y - c >= m, no wrap */
        return !ask.upper && fx_opd_ask(x, y, at, (FxAsk){ false, ask.m + c }, depth + 1);
    if (ask.upper)              /* y + (c + m) cannot wrap */
        return fx_opd_ask(x, y, at, (FxAsk){ true, ask.m + c }, depth + 1);
    return fx_opd_ask(x, y, at, (FxAsk){ false, ask.m - c }, depth + 1) &&
           fx_opd_ask(x, y, at, (FxAsk){ true, c }, depth + 1);
}

/* CHECK_INDEX a, n with n a length fixed where it is read, and a below it. */
static bool fx_below_len(Fx *x, const IrIns *c)
{
    IrOpd key;
    int from;
    return fx_len_root(x, &c->b, &key, &from) && fx_key_len(x, &c->b, &key, x->at) &&
           fx_lt_len(x, &c->a, &key, 0);
}

static bool fx_by_relations(Fx *x, const IrIns *c)
{
    IrOpd one = x->zero;
    one.i = 1;
    switch (c->op) {
    case IR_CHECK_INDEX:
        return fx_known_index_u(x, &c->a, &c->b) ||
               (type_is_signed(c->a.type) && fx_ge0(x, &c->a) &&
                (fx_known(x, BIN_LT, false, &c->a, &c->b) || fx_below_len(x, c)));
    case IR_CHECK_SLICE:
        return type_is_signed(c->a.type) && type_is_signed(c->b.type) && fx_ge0(x, &c->a) &&
               fx_le(x, &c->a, &c->b) && fx_le(x, &c->b, &c->c);
    case IR_CHECK_POP:      /* a length: n > 0, n != 0, n >= 1 */
        return fx_known(x, BIN_LT, false, &x->zero, &c->a) || fx_known(x, BIN_NE, false, &c->a, &x->zero) ||
               fx_known(x, BIN_NE, false, &x->zero, &c->a) || fx_known(x, BIN_LE, false, &one, &c->a);
    case IR_CHECK_DIV:
        return fx_known(x, BIN_NE, !type_is_signed(c->a.type), &c->a, &x->zero) ||
               fx_known(x, BIN_NE, !type_is_signed(c->a.type), &x->zero, &c->a);
    default:
        return false;
    }
}

/* The local whose own value a store writes, when nothing else can name
 * that storage (no address taken, not captured, not a reference): such a
 * store changes no place but the local's. */
static const Local *fx_private_store(const Fx *x, const IrIns *in)
{
    IrEffect e;
    if (in->op != IR_STORE)
        return NULL;
    ir_effect(x->ir, in, &e);
    return e.write == IR_AT_LOCAL && ir_local_private_in(x->f, &x->addressed, e.local) ? e.local : NULL;
}

/* The walk of fx_window_start; with skip, stores into private locals do
 * not stop it and their locals are collected there. */
static int fx_window_walk(const Fx *x, int at, int stop, PtrSet *skip)
{
    int lo = at - 1, closed = 0;
    for (; lo > stop; lo--) {
        const IrIns *in = &x->f->ins[lo];
        if (!fx_quiet(x, in)) {
            const Local *l = skip ? fx_private_store(x, in) : NULL;
            if (!l)
                break;
            ir_set_add(skip, l);
        }
        if (in->op == IR_ENDIF)
            closed++;
        else if (in->op == IR_IF && closed > 0)
            closed--;
        else if (in->op == IR_ELSE && closed == 0)
            lo = x->b.open[lo];      /* then lo-- steps past the IF */
    }
    return lo;
}

typedef struct FxReads {
    const PtrSet *locals;
    const IrIns *in;
    bool hit;
} FxReads;

static void fx_note_read(const IrOpd *o, void *ctx)
{
    FxReads *r = ctx;
    bool own = r->in->op == IR_STORE && o == &r->in->place->root;   /* the store's target */
    r->hit |= !own && o->kind == OPD_LOCAL && ir_set_has(r->locals, o->local);
}

/* Some instruction in (lo, to] reads one of the locals. */
static bool fx_window_reads(const Fx *x, int lo, int to, const PtrSet *locals)
{
    FxReads r = { locals, NULL, false };
    for (int j = lo + 1; j <= to && !r.hit; j++) {
        r.in = &x->f->ins[j];
        ir_each_read(r.in, fx_note_read, &r);
    }
    return r.hit;
}

/* The first instruction before at, walking back, that may write: the
 * window is what lies between. When the check is in an else block, the
 * walk goes from the ELSE to its IF: the then block is not on the path
 * (the ELSE of an if/else closed before the check is, and is walked
 * through). A store into a private local that nothing from the window's
 * start up to `to` (>= at) reads is walked over too (`cur = cand` between
 * two checks of `table[slot]`): no fact learnt there can be about that
 * local. `to` covers every instruction whose operands the facts are
 * compared with: the check itself, or a whole range loop whose body's
 * `b.len` the facts at its FOR are about. */
static int fx_window_start(const Fx *x, int at, int to, int stop)
{
    PtrSet skip = { 0 };
    int lo = fx_window_walk(x, at, stop, &skip);
    if (skip.len > 0 && fx_window_reads(x, lo, to, &skip))
        lo = fx_window_walk(x, at, stop, NULL);
    return lo;
}

/* The relations known just before instruction at (zero typed as t), to
 * be compared with operands read up to instruction to (>= at); true
 * when an earlier check already proves c (c may be NULL). */
static bool fx_collect_upto(Fx *x, int at, int to, const IrIns *c, Type *t)
{
    int stop = at - FX_WINDOW > -1 ? at - FX_WINDOW : -1;
    x->at = at;
    x->lo = fx_window_start(x, at, to, stop);
    x->nrel = 0;
    x->zero = (IrOpd){ .kind = OPD_INT, .type = t, .i = 0 };
    for (int j = at - 1; j > x->lo; j--) {
        const IrIns *e = &x->f->ins[j];
        if (e->op == IR_ENDIF) {                /* a closed block: step over it */
            int m = x->b.open[j];
            if (m <= x->lo)
                break;
            fx_learn_closed_if(x, m, j);
            j = m;
        } else if (e->op == IR_ELSE) {          /* the check is in an else block */
            int m = x->b.open[j];
            if (m <= x->lo)
                break;
            fx_learn(x, &x->f->ins[m].a, (x->f->ins[m].aux & IR_IF_NOT) != 0, m, 0);
            j = m;
        } else if (e->op == IR_IF) {            /* the check is in its then-block */
            fx_learn(x, &e->a, (e->aux & IR_IF_NOT) == 0, j, 0);
        } else if (e->op == IR_BRK_UNLESS) {    /* `while a`: a holds in the body */
            fx_learn(x, &e->a, true, j, 0);
        } else if (ir_op_info[e->op].is_check) {
            if (c && fx_implied_by_check(x, e, c))
                return true;
            fx_learn_check(x, e);
        }
    }
    return false;
}

static bool fx_collect(Fx *x, int at, const IrIns *c, Type *t)
{
    return fx_collect_upto(x, at, at, c, t);
}

static bool fx_proven(Fx *x, int at)
{
    const IrIns *c = &x->f->ins[at];
    int64_t v;
    if (c->op == IR_CHECK_SHIFT) {      /* x & m with 0 <= m < width */
        const IrIns *d = ir_defs_one(&x->d, &c->a);
        if (d && d->op == IR_BIN && d->aux == BIN_AND &&
            ((fx_int(&d->b, &v) && v >= 0 && v < c->aux) || (fx_int(&d->a, &v) && v >= 0 && v < c->aux)))
            return true;
    }
    return fx_collect(x, at, c, c->a.type) || fx_by_relations(x, c);
}

/* ---- for i in lo..hi: checks i + c < b.len proven before the loop ----
 * The facts at the FOR (before it, in its window) prove 0 <= lo and
 * hi <= b.len, b a local nothing in the loop can change, and the loop
 * does not assign i: then every b[i] in the loop, nested loops included,
 * is in range (`if a.len != b.len { return }` then `for i in 0..a.len`).
 * An index at a constant offset from i is one more case (0 <= c <= 2^31):
 *   - b[i - c] when lo >= c: lo <= i means c <= i, so 0 <= i - c < i,
 *     no wrap (`for i in 1..xs.len { xs[i] - xs[i - 1] }`);
 *   - b[i + c] when hi is `H - k` with c <= k, 0 <= H (H - k cannot wrap)
 *     and H <= b.len: i < H - k gives i + c < H <= b.len, no wrap
 *     (`for i in 0..xs.len - 1 { xs[i + 1] }`, also with `let n =
 *     xs.len` and `0..n - 1`). */

/* o is written by `LOAD [b len]` inside the loop after at, b a local of
 * this function that nothing in the loop (written) changes. */
static bool fx_fixed_len_in_loop(const Fx *x, const IrOpd *o, int at, const PtrSet *written)
{
    const IrIns *d = ir_defs_one(&x->d, o);
    if (!d || x->d.def[o->temp] <= at || d->op != IR_LOAD || d->place->root.kind != OPD_LOCAL ||
        d->place->nproj != 1 || d->place->proj[0].kind != PJ_LEN)
        return false;
    const Local *b = d->place->root.local;
    return ir_local_private_in(x->f, &x->addressed, b) && !ir_set_has(written, b);
}

/* a is the loop's counter i plus *off: i itself, or `i + c`, `c + i`,
 * `i - c` (0 <= c <= INT32_MAX) computed inside the loop (at..end). */
static bool fx_counter_offset(const Fx *x, const IrIns *loop, const IrOpd *a, int at, int end, int64_t *off)
{
    int64_t c;
    *off = 0;
    if (a->kind == OPD_LOCAL)
        return a->local == loop->local;
    const IrIns *d = ir_defs_one(&x->d, a);
    if (!d || d->op != IR_BIN || x->d.def[a->temp] <= at || x->d.def[a->temp] >= end ||
        !type_is_signed(d->type) || (d->aux != BIN_ADD && d->aux != BIN_SUB))
        return false;
    const IrOpd *i = &d->a, *k = &d->b;
    if (d->aux == BIN_ADD && k->kind != OPD_INT) {
        i = &d->b;
        k = &d->a;
    }
    if (i->kind != OPD_LOCAL || i->local != loop->local || !fx_int(k, &c) || c < 0 || c > INT32_MAX)
        return false;
    *off = d->aux == BIN_ADD ? c : -c;
    return true;
}

static bool fx_range_candidate(const Fx *x, const IrIns *loop, const IrIns *in, int at, const PtrSet *written,
                               int64_t *off)
{
    return in->op == IR_CHECK_INDEX && type_is_signed(in->a.type) &&
           fx_counter_offset(x, loop, &in->a, at, x->b.close[at], off) &&
           fx_fixed_len_in_loop(x, &in->b, at, written);
}

/* h <= n at the FOR (at), n a `LOAD [b len]` in the loop that nothing in
 * it changes: a known relation, or h reads b's length (the load, or a
 * let declared from it) with b unwritten from that read to the loop, and
 * over the rest of every loop entered in between (fx_key_len: `let n =
 * b.len` before a while loop whose body runs `for i in 0..n - 1` and then
 * assigns b sees the new b with the old n on its next step). */
static bool fx_le_loop_len(Fx *x, const IrOpd *h, const IrOpd *n, int at)
{
    const IrIns *d = ir_defs_one(&x->d, n);
    if (fx_le(x, h, n))
        return true;
    return d && fx_key_len(x, h, &d->place->root, at);
}

/* lo + off >= 0 at the FOR: lo >= 0, or lo >= c for off = -c. */
static bool fx_range_lo(Fx *x, const IrOpd *lo, int64_t off)
{
    int64_t v;
    if (off >= 0)
        return fx_ge0(x, lo);
    return (fx_int(lo, &v) && v >= -off) || fx_gt_const(x, lo, -off - 1);
}

/* hi + off <= n at the FOR (off > 0 needs hi = H - k, off <= k, H >= 0). */
static bool fx_range_hi(Fx *x, const IrOpd *hi, const IrOpd *n, int64_t off, int at)
{
    int64_t k;
    if (off <= 0 && fx_le_loop_len(x, hi, n, at))
        return true;
    const IrIns *d = hi->kind == OPD_TEMP ? fx_def_in_window(x, hi) : NULL;
    return d && d->op == IR_BIN && d->aux == BIN_SUB && type_is_signed(d->type) && fx_int(&d->b, &k) &&
           k >= off && k >= 0 && k <= INT32_MAX && fx_ge0(x, &d->a) && fx_le_loop_len(x, &d->a, n, at);
}

static int fx_range_loop(Fx *x, int at)
{
    const IrIns *loop = &x->f->ins[at];
    int end = x->b.close[at], removed = 0;
    int64_t off;
    PtrSet written = { 0 };
    bool any = false;
    if (!loop->local || !type_is_signed(loop->type))
        return 0;
    ir_locals_written(x->f, at + 1, end, &written);
    if (ir_set_has(&written, loop->local))
        return 0;
    for (int i = at + 1; i < end && !any; i++)
        any = fx_range_candidate(x, loop, &x->f->ins[i], at, &written, &off);
    if (!any)
        return 0;
    fx_collect_upto(x, at, end, NULL, loop->type);  /* the body reads b.len */
    for (int i = at + 1; i < end; i++) {
        IrIns *in = &x->f->ins[i];
        if (fx_range_candidate(x, loop, in, at, &written, &off) && fx_range_lo(x, &loop->a, off) &&
            fx_range_hi(x, &loop->b, &in->b, off, at)) {
            in->op = IR_NOP;
            removed++;
        }
    }
    return removed;
}

/* The ndecl and decl_at tables. */
static void fx_tables(Fx *x)
{
    IrFunc *f = x->f;
    for (int i = 0; i < f->nins; i++) {
        const IrIns *in = &f->ins[i];
        if (in->op == IR_DECL && in->local && in->local->id >= 0 && in->local->id < x->d.nlocal_ids) {
            x->ndecl[in->local->id]++;
            x->decl_at[in->local->id] = i;
        }
    }
}

void pass_facts(const IrProgram *ir, IrFunc *f)
{
    if (f->ntemps == 0 && f->nins == 0)
        return;
    Fx x = { .ir = ir, .f = f };
    ir_defs_init(&x.d, f);
    x.same = (IrSame){ &x.d, FX_SAME_DEPTH, fx_in_window, &x };
    ir_blocks_init(&x.b, f);
    x.ndecl = SCRATCH_ARRAY(int, x.d.nlocal_ids + 1);
    x.decl_at = SCRATCH_ARRAY(int, x.d.nlocal_ids + 1);
    x.nonneg = SCRATCH_ARRAY(signed char, x.d.nlocal_ids + 1);
    x.inv = SCRATCH_ARRAY(FxInv, ((size_t)x.d.nlocal_ids + 1) * FX_INV_KINDS);
    fx_tables(&x);
    ir_addressed_locals(f, &x.addressed);
    int removed = 0;
    for (int i = 0; i < f->nins; i++) {
        IrIns *in = &f->ins[i];
        if (ir_op_info[in->op].is_check && fx_proven(&x, i)) {
            in->op = IR_NOP;
            removed++;
        }
    }
    for (int i = 0; i < f->nins; i++)
        if (f->ins[i].op == IR_FOR)
            removed += fx_range_loop(&x, i);
    f->checks_removed += removed;
}
