/* pass_version.c — -O2 loop versioning: a loop whose index checks no
 * earlier fact proves, but one test evaluated just before the loop can,
 * becomes
 *     if (guard) { the loop without those checks } else { the loop as it was }
 * Both arms run the same instructions in the same order apart from the
 * deleted checks, and the guard holds only when none of them can fail, so
 * a program does exactly what it did: a failing check still fires in the
 * slow arm at the same iteration, after the same side effects, with the
 * same file:line:col. The guard is pure (loads, compares), read when the
 * loop starts.
 *
 * The checks it covers, `CHECK_INDEX a, b` with b a `LOAD [X len]` of a
 * slice X the loop cannot change (a private local it never assigns or a
 * field path in one, `g.xs` of a struct parameter; a global it never
 * writes with no call in the loop that could; or a slice reached by
 * fields from a `ref` parameter, `g.cells`, in a loop that can change no
 * slice header: no call, and stores of numbers and bools only but into
 * private locals):
 *   - `for i in lo..hi`, a = i (never assigned): guard `lo >= 0 && hi <= X.len`;
 *   - `while .. j < L ..` (or `j <= L`, a conjunct of the loop's exit
 *     test) with j a private int local written once in the loop, by
 *     `j = j + step` after the check and outside nested loops, L and step
 *     invariant: guard `j >= 0 && L <= X.len` (`L < X.len` for `<=`) and
 *     `step > 0 && L <= INT64_MAX - step`, so j only grows and never wraps;
 *   - the same loop's `xs[k]` with k stepping by 1 with the sum of one or
 *     two such counters stepping by 1 (a merge: "a counter that moves with
 *     the sum of the bounded ones" below).
 * When every term of the guard always holds (`for i in 0..X.len` with
 * X.len loaded just before the loop), the checks go and nothing is
 * copied. Loops of at most LV_MAX_BODY instructions are copied; a loop inside a
 * versioned one may be versioned itself (LV_MAX_NEST levels), within a
 * growth budget per function. The copy gives every temp defined in the
 * loop a new number (each temp keeps one definition per copy; the loop's
 * temps are read only inside it). --stats counts a versioned check once as
 * removed (the fast copy) and once as kept (the slow copy).
 * Not for: proofs without a guard (pass_bce.c, pass_facts.c). */
#include "pass.h"

#include <stdint.h>
#include <string.h>

enum { LV_MAX_BODY = 160, LV_MAX_NEST = 2, LV_MAX_TERMS = 24, LV_MAX_CMPS = 8 };

/* A value the guard reads before the loop: an operand with the same value
 * there and in the loop; or (load) a fresh read of a place the loop does
 * not change; or (from_max) INT64_MAX - the operand. */
typedef struct LvVal {
    IrOpd opd;
    const IrPlace *load;
    bool from_max;
    const struct LvVal *l, *r;  /* set: the value is l - r (both guard values) */
} LvVal;

/* One conjunct of the guard: x op y, op BIN_LE or BIN_LT, on int. */
typedef struct LvTerm {
    int op;
    LvVal x, y;
} LvTerm;

typedef struct LvPlan {
    LvTerm term[LV_MAX_TERMS];
    int nterm;
    int *checks;        /* the checks the guard proves (original indices) */
    int nchecks;
} LvPlan;

typedef struct Lv {
    const IrProgram *ir;
    IrFunc *f;          /* rebuilt in place */
    IrFunc orig;        /* the function as it was: src instructions, temps */
    const IrIns *src;
    IrDefs d;           /* over orig */
    IrBlocks b;         /* over orig: b.close, per block opener its closer */
    int *use_lo, *use_hi;   /* per temp: first and last instruction reading it */
    int *tmap;          /* per original temp: its number in the copy being made */
    IrClone map;        /* renames by tmap */
    int *stamp, arm;    /* per original temp: the arm that last renumbered it */
    bool *drop;         /* per instruction: a check the enclosing fast arms delete */
    PtrSet addressed;   /* locals whose address the function takes */
    int budget;         /* instructions the copies may still add */
    Type *i64, *boolean;
} Lv;

/* ---- reading the original ---- */

/* The first and the last instruction reading each temp (ir_each_read). */
typedef struct LvUse {
    Lv *lv;
    int i;
} LvUse;

static void lv_note_use(const IrOpd *o, void *ctx)
{
    const LvUse *u = ctx;
    Lv *lv = u->lv;
    if (o->kind != OPD_TEMP || o->temp < 0 || o->temp >= lv->orig.ntemps)
        return;
    if (lv->use_lo[o->temp] < 0)
        lv->use_lo[o->temp] = u->i;
    lv->use_hi[o->temp] = u->i;
}

static void lv_tables(Lv *lv)
{
    const IrFunc *f = &lv->orig;
    int nt = f->ntemps + 1;
    ir_blocks_init(&lv->b, f);
    lv->use_lo = SCRATCH_ARRAY(int, nt);
    lv->use_hi = SCRATCH_ARRAY(int, nt);
    lv->tmap = SCRATCH_ARRAY(int, nt);
    lv->stamp = SCRATCH_ARRAY(int, nt);
    lv->drop = SCRATCH_ARRAY(bool, f->nins + 1);
    lv->map = (IrClone){ .temps = lv->tmap, .ntemps = f->ntemps };
    for (int t = 0; t < nt; t++) {
        lv->use_lo[t] = -1;
        lv->tmap[t] = t;
    }
    for (int i = 0; i < f->nins; i++)
        ir_each_read(&f->ins[i], lv_note_use, &(LvUse){ lv, i });
}

/* The loop's temps are defined and read only inside it; no closure (its
 * env is named by its temp); small enough to copy. */
static bool lv_copyable(const Lv *lv, int at, int end)
{
    int n = 0;
    if (end - at > 4 * LV_MAX_BODY)
        return false;
    for (int i = at; i <= end; i++) {
        const IrIns *in = &lv->src[i];
        int t = in->dst;
        n += in->op != IR_NOP;
        if (in->op == IR_CLOSURE)
            return false;
        if (t >= 0 && (lv->d.def0[t] < at || lv->d.def[t] > end ||
                       (lv->use_lo[t] >= 0 && (lv->use_lo[t] < at || lv->use_hi[t] > end))))
            return false;
    }
    return n <= LV_MAX_BODY && 2 * (end - at + 1) + 8 <= lv->budget;
}

/* Global g keeps its value (its slice header) through the loop. */
static bool lv_global_fixed(const Lv *lv, int at, int end, const Global *g)
{
    for (int i = at + 1; i < end; i++)
        if (ir_may_write_global(lv->ir, &lv->src[i], g))
            return false;
    return true;
}

/* Local l keeps its value through the loop. */
static bool lv_local_fixed(const Lv *lv, int at, int end, const Local *l)
{
    if (!ir_local_private_in(&lv->orig, &lv->addressed, l))
        return false;
    for (int i = at + 1; i < end; i++)
        if (ir_writes_local(&lv->src[i], l))
            return false;
    return true;
}

/* A value of type t has no slice header in it: a store of it cannot
 * change one. (A header's len and cap are not places, so no int store
 * reaches them; Goose has no casts between pointer types.) */
static bool lv_header_free(const Type *t)
{
    return t && (t->kind == TY_BOOL || type_is_num(t));
}

/* in may change a slice header outside the loop's own private locals: it
 * calls Goose code that returns, frees or moves storage (but a private
 * local's own, by a push), or writes other than into a private local or
 * a new variable a place of a type that holds a header (copy_into,
 * defaults and what a reference argument reaches: of any type). */
static bool lv_moves_header(const Lv *lv, const IrIns *in)
{
    IrEffect e;
    ir_effect(lv->ir, in, &e);
    bool mine = e.write == IR_AT_LOCAL && (e.decl || ir_local_private_in(&lv->orig, &lv->addressed, e.local));
    if (e.frees && !mine)
        return true;
    return e.write != IR_AT_NONE && !mine && !lv_header_free(e.type);
}

/* No instruction of the loop can change a slice header outside its own
 * private locals. */
static bool lv_headers_fixed(const Lv *lv, int at, int end)
{
    for (int i = at + 1; i < end; i++)
        if (lv_moves_header(lv, &lv->src[i]))
            return false;
    return true;
}

static bool lv_root_fixed(const Lv *lv, int at, int end, const IrOpd *root)
{
    if (root->kind == OPD_LOCAL)
        return lv_local_fixed(lv, at, end, root->local);
    return root->kind == OPD_GLOBAL && lv_global_fixed(lv, at, end, root->global);
}

/* The slice at place p keeps its header through the loop: p is a local
 * or global the loop does not change, or a field path in one (`g.xs` of
 * a struct parameter `g`), or a field path from a reference parameter
 * (`g.cells.slots` in a method on `g: ref Life`), which cannot be
 * re-pointed, in a loop that writes no header it could reach. */
static bool lv_slice_place_fixed(const Lv *lv, int at, int end, const IrPlace *p)
{
    if (p->root.kind == OPD_TEMP || !p->type || p->type->kind != TY_SLICE)
        return false;
    for (int k = 0; k < p->nproj; k++)
        if (p->proj[k].kind != PJ_FIELD)
            return false;
    if (p->root.kind == OPD_LOCAL && p->root.local->is_ref)
        return p->root.local->is_param && lv_headers_fixed(lv, at, end);
    return lv_root_fixed(lv, at, end, &p->root);
}

/* o as a value the guard can read before the loop (an int). */
static bool lv_fixed_val(const Lv *lv, int at, int end, const IrOpd *o, LvVal *v)
{
    *v = (LvVal){ .opd = *o };
    if (!o->type || o->type->kind != TY_I64)
        return false;
    if (o->kind == OPD_INT)
        return true;
    if (o->kind == OPD_LOCAL || o->kind == OPD_GLOBAL)
        return lv_root_fixed(lv, at, end, o);
    const IrIns *d = ir_defs_one(&lv->d, o);
    if (!d)
        return false;
    if (lv->d.def[o->temp] < at)
        return true;
    const IrPlace *p = d->place;
    if (d->op != IR_LOAD || lv->d.def[o->temp] > end || !(p->nproj == 0 || (p->nproj == 1 && p->proj[0].kind == PJ_LEN)))
        return false;
    v->load = p;
    if (p->root.kind != OPD_TEMP)
        return lv_root_fixed(lv, at, end, &p->root);
    /* [t len]: t read before the loop, or t = LOAD [q] of a fixed q in it */
    const IrIns *r = ir_defs_one(&lv->d, &p->root);
    if (!r || p->nproj != 1)
        return false;
    if (lv->d.def[p->root.temp] < at)
        return true;
    if (r->op != IR_LOAD || !lv_slice_place_fixed(lv, at, end, r->place))
        return false;
    v->load = ir_place_proj(r->place, PJ_LEN, 0, ir_none(), p->type);
    return true;
}

/* o reads local j's current value: j itself, or a `LOAD [j]` in (lo, hi). */
static bool lv_reads_local(const Lv *lv, const IrOpd *o, const Local *j, int lo, int hi)
{
    int at;
    return ir_local_value(&lv->d, o, &at) == j && (at < 0 || (at > lo && at < hi));
}

/* ---- the guard's terms ---- */

/* Two places (or two operands) the guard reads at the loop's start: the
 * same names, so the same value there. */
static const IrSame lv_names = { 0 };

static bool lv_same_place(const IrPlace *p, const IrPlace *q)
{
    return p == q || ir_same_place(&lv_names, p, q);
}

static bool lv_same_val(const LvVal *a, const LvVal *b)
{
    if (!a->l != !b->l)
        return false;
    if (a->l)
        return lv_same_val(a->l, b->l) && lv_same_val(a->r, b->r);
    if (a->from_max != b->from_max || !a->load != !b->load)
        return false;
    return a->load ? lv_same_place(a->load, b->load) : ir_same(&lv_names, &a->opd, &b->opd);
}

static bool lv_const(const LvVal *v, int64_t *c)
{
    if (v->l || v->load || v->opd.kind != OPD_INT)
        return false;
    *c = v->from_max ? INT64_MAX - (int64_t)v->opd.i : (int64_t)v->opd.i;
    return true;
}

/* Adds x op y; false when it is constant and false (the guard could never hold). */
static bool lv_term(LvPlan *p, int op, LvVal x, LvVal y)
{
    int64_t a, b;
    if (lv_const(&x, &a) && lv_const(&y, &b))
        return op == BIN_LE ? a <= b : a < b;
    for (int k = 0; k < p->nterm; k++)
        if (p->term[k].op == op && lv_same_val(&p->term[k].x, &x) && lv_same_val(&p->term[k].y, &y))
            return true;
    if (p->nterm == LV_MAX_TERMS)
        return false;
    p->term[p->nterm++] = (LvTerm){ op, x, y };
    return true;
}

static LvVal lv_int(const Lv *lv, int64_t v)
{
    return (LvVal){ .opd = ir_int(lv->i64, (uint64_t)v) };
}

/* The terms for one check, added all or none. */
static void lv_add_check(LvPlan *p, int c, const LvTerm *t, int n)
{
    LvPlan save = *p;
    for (int k = 0; k < n; k++)
        if (!lv_term(p, t[k].op, t[k].x, t[k].y)) {
            *p = save;
            return;
        }
    p->checks[p->nchecks++] = c;
}

/* The check's length as a guard value: `LOAD [X len]` with X fixed. */
static bool lv_len_val(const Lv *lv, int at, int end, const IrIns *c, LvVal *v)
{
    const IrIns *d = ir_defs_one(&lv->d, &c->b);
    if (c->op != IR_CHECK_INDEX || lv->drop[c - lv->src] || !d || d->op != IR_LOAD ||
        d->place->nproj != 1 || d->place->proj[0].kind != PJ_LEN || !c->a.type || c->a.type->kind != TY_I64)
        return false;
    return lv_fixed_val(lv, at, end, &c->b, v);
}

/* ---- for i in lo..hi ---- */

/* The FOR reads lo and hi once, when it starts: just after the guard. */
static bool lv_entry_val(const Lv *lv, int at, const IrOpd *o, LvVal *v)
{
    *v = (LvVal){ .opd = *o };
    if (!o->type || o->type->kind != TY_I64)
        return false;
    if (o->kind == OPD_INT || o->kind == OPD_LOCAL || o->kind == OPD_GLOBAL)
        return true;
    return o->kind == OPD_TEMP && ir_defs_one(&lv->d, o) && lv->d.def[o->temp] < at;
}

/* The place the temp o was loaded from just before the loop at `at`
 * (nothing but pure instructions between the load and the loop), or NULL. */
static const IrPlace *lv_loaded_at_entry(const Lv *lv, int at, const IrOpd *o)
{
    const IrIns *d = o->kind == OPD_TEMP ? ir_defs_one(&lv->d, o) : NULL;
    if (!d || d->op != IR_LOAD || lv->d.def[o->temp] >= at)
        return NULL;
    for (int i = lv->d.def[o->temp] + 1; i < at; i++)
        if (!ir_op_info[lv->src[i].op].pure)
            return NULL;
    return d->place;
}

/* hi is len's slice length as the loop starts (`for i in 0..g.xs.len`
 * checking g.xs[i]): `hi <= len` holds, and the guard needs no term. */
static bool lv_is_entry_len(const Lv *lv, int at, const LvVal *hi, const LvVal *len)
{
    const IrPlace *q = lv_loaded_at_entry(lv, at, &hi->opd), *s;
    const IrPlace *l = len->load;
    if (hi->l || hi->load || !q || !l || len->l || len->from_max || q->nproj != 1 ||
        q->proj[0].kind != PJ_LEN || !(s = lv_loaded_at_entry(lv, at, &q->root)) ||
        l->nproj != s->nproj + 1 || l->proj[s->nproj].kind != PJ_LEN)
        return false;
    IrPlace prefix = *l;
    prefix.nproj = s->nproj;
    return lv_same_place(s, &prefix);
}

static void lv_plan_for(const Lv *lv, int at, int end, LvPlan *p)
{
    const IrIns *loop = &lv->src[at];
    const Local *l = loop->local;
    LvVal lo, hi, len;
    if (!l || !loop->type || loop->type->kind != TY_I64 || !lv_entry_val(lv, at, &loop->a, &lo) ||
        !lv_entry_val(lv, at, &loop->b, &hi))
        return;
    for (int i = at + 1; i < end; i++)
        if (ir_writes_local(&lv->src[i], l))
            return;
    for (int i = at + 1; i < end; i++) {
        const IrIns *c = &lv->src[i];
        if (c->a.kind != OPD_LOCAL || c->a.local != l || !lv_len_val(lv, at, end, c, &len))
            continue;
        LvTerm t[2] = { { BIN_LE, lv_int(lv, 0), lo }, { BIN_LE, hi, len } };
        lv_add_check(p, i, t, lv_is_entry_len(lv, at, &hi, &len) ? 1 : 2);
    }
}

/* ---- while .. j < L .. { .. xs[j] .. j += step } ---- */

typedef struct LvWhile {
    int at, end, brk;
    const IrIns *cmp[LV_MAX_CMPS];  /* the exit test's conjuncts that compare */
    int ncmp;
} LvWhile;

/* The conjuncts of cond (true when the loop goes on): compares, through
 * copies and `&&` (MOV a; IF t; .. MOV b; ENDIF). */
static void lv_conjuncts(const Lv *lv, LvWhile *w, const IrOpd *cond, int depth)
{
    if (cond->kind != OPD_TEMP || depth > 8 || w->ncmp == LV_MAX_CMPS)
        return;
    const IrIns *d = ir_defs_one(&lv->d, cond);
    if (d && (lv->d.def[cond->temp] <= w->at || lv->d.def[cond->temp] >= w->brk))
        return;
    if (d) {
        if (d->op == IR_BIN && d->aux >= BIN_LT && d->aux <= BIN_GE && d->a.type && d->a.type->kind == TY_I64)
            w->cmp[w->ncmp++] = d;
        else if (d->op == IR_MOV)
            lv_conjuncts(lv, w, &d->a, depth + 1);
        return;
    }
    int t = cond->temp, d0 = lv->d.def0[t], d1 = lv->d.def[t];
    if (lv->d.ndef[t] != 2 || d0 <= w->at || d0 + 1 >= d1 || lv->src[d0].op != IR_MOV || lv->src[d1].op != IR_MOV ||
        lv->src[d0 + 1].op != IR_IF || (lv->src[d0 + 1].aux & IR_IF_NOT) != 0 || lv->src[d0 + 1].a.kind != OPD_TEMP ||
        lv->src[d0 + 1].a.temp != t || lv->b.close[d0 + 1] != d1 + 1 || lv->src[d1 + 1].op != IR_ENDIF)
        return;
    lv_conjuncts(lv, w, &lv->src[d0].a, depth + 1);
    lv_conjuncts(lv, w, &lv->src[d1].a, depth + 1);
}

/* The bound j < L (*op BIN_LT) or j <= L from the exit test. */
static bool lv_bound(const Lv *lv, const LvWhile *w, const Local *j, LvVal *l, int *op)
{
    for (int k = 0; k < w->ncmp; k++) {
        const IrIns *c = w->cmp[k];
        bool j_left = lv_reads_local(lv, &c->a, j, w->at, w->brk);
        bool j_right = lv_reads_local(lv, &c->b, j, w->at, w->brk);
        int o = c->aux;
        if (j_left && (o == BIN_LT || o == BIN_LE) && lv_fixed_val(lv, w->at, w->end, &c->b, l)) {
            *op = o;
            return true;
        }
        if (j_right && (o == BIN_GT || o == BIN_GE) && lv_fixed_val(lv, w->at, w->end, &c->a, l)) {
            *op = o == BIN_GT ? BIN_LT : BIN_LE;
            return true;
        }
    }
    return false;
}

/* Loops opened in (at, i) and still open at i. */
static bool lv_in_nested_loop(const Lv *lv, int at, int i)
{
    for (int k = at + 1; k < i; k++)
        if ((lv->src[k].op == IR_FOR || lv->src[k].op == IR_LOOP) && lv->b.close[k] > i)
            return true;
    return false;
}

/* j's only write in the loop is `j = j + step` at *wat, after check c and
 * outside nested loops; step fixed. */
static bool lv_induction(const Lv *lv, const LvWhile *w, const Local *j, int c, LvVal *step)
{
    int wat = -1;
    for (int i = w->at + 1; i < w->end; i++) {
        if (!ir_writes_local(&lv->src[i], j))
            continue;
        if (wat >= 0)
            return false;
        wat = i;
    }
    if (wat <= c)
        return false;
    const IrIns *s = &lv->src[wat];
    if (s->op != IR_STORE || s->place->nproj != 0 || lv_in_nested_loop(lv, w->at, wat))
        return false;
    const IrIns *add = ir_defs_one(&lv->d, &s->a);
    if (!add || add->op != IR_BIN || add->aux != BIN_ADD || lv->d.def[s->a.temp] <= w->at)
        return false;
    if (lv_reads_local(lv, &add->a, j, w->at, wat))
        return lv_fixed_val(lv, w->at, w->end, &add->b, step);
    return lv_reads_local(lv, &add->b, j, w->at, wat) && lv_fixed_val(lv, w->at, w->end, &add->a, step);
}

static void lv_while_check(const Lv *lv, const LvWhile *w, LvPlan *p, int i)
{
    const IrIns *c = &lv->src[i];
    LvVal len, bound, step;
    int op, at;
    const Local *j = ir_local_value(&lv->d, &c->a, &at);
    if (!j || j->type->kind != TY_I64 || !lv_reads_local(lv, &c->a, j, w->at, i) ||
        !ir_local_private_in(&lv->orig, &lv->addressed, j) || !lv_len_val(lv, w->at, w->end, c, &len) ||
        !lv_bound(lv, w, j, &bound, &op) || !lv_induction(lv, w, j, i, &step))
        return;
    LvVal jv = { .opd = { .kind = OPD_LOCAL, .type = lv->i64, .local = (Local *)j } };
    LvVal max_step = step;
    max_step.from_max = true;
    int64_t sc;
    if (lv_const(&step, &sc)) {
        if (sc <= 0)
            return;
        max_step = lv_int(lv, INT64_MAX - sc);
    }
    LvTerm t[4] = {
        { BIN_LE, lv_int(lv, 0), jv },
        { op == BIN_LT ? BIN_LE : BIN_LT, bound, len },
        { BIN_LT, lv_int(lv, 0), step },
        { BIN_LE, bound, max_step },
    };
    lv_add_check(p, i, t, 4);
}

/* ---- while i < L1 && j < L2 { .. xs[k] .. (i or j) += 1 .. k += 1 } ----
 * k is not bounded by the exit test, but it moves with i + j: every step
 * adds 1 to k (one `k = k + 1` at the body's top level) and 1 to exactly
 * one of the bounded counters (each written only by `u = u + 1`, on every
 * path through the body: if/else arms add the same count; no break,
 * continue or return in the body). At a check of xs[k] that no write of
 * k, i or j precedes in its step, k = k0 + (i - i0) + (j - j0) with
 * i < L1, j < L2 (<= for `<=` tests), so k < xs.len when
 *   0 <= k0 <= xs.len, 0 <= u0 <= L for each counter, and
 *   (L1 - i0) + (L2 - j0) <= xs.len - k0 (< when no test is strict),
 * written so that no difference wraps once the others hold (sort_merge's
 * merge loop, `tmp[k]`). One or two counters. */

enum { LV_MAX_SUM = 2 };

typedef struct LvSum {
    const Local *u[LV_MAX_SUM];
    LvVal bound[LV_MAX_SUM];
    int op[LV_MAX_SUM];
    int n;
    const Local *k;
} LvSum;

static bool lv_sum_member(const LvSum *q, const Local *l)
{
    for (int m = 0; m < q->n; m++)
        if (q->u[m] == l)
            return true;
    return l == q->k;
}

static bool lv_sum_writes(const LvSum *q, const IrIns *in)
{
    for (int m = 0; m < q->n; m++)
        if (ir_writes_local(in, q->u[m]))
            return true;
    return ir_writes_local(in, q->k);
}

/* in is `STORE [l] (l + 1)`, l read in (lo, in). */
static bool lv_plus_one(const Lv *lv, const IrIns *in, const Local *l, int lo)
{
    int at = (int)(in - lv->src);
    if (in->op != IR_STORE || in->place->nproj != 0 || in->place->root.kind != OPD_LOCAL ||
        in->place->root.local != l)
        return false;
    const IrIns *add = ir_defs_one(&lv->d, &in->a);
    if (!add || add->op != IR_BIN || add->aux != BIN_ADD || lv->d.def[in->a.temp] <= lo)
        return false;
    const IrOpd *one = lv_reads_local(lv, &add->a, l, lo, at) ? &add->b
                       : lv_reads_local(lv, &add->b, l, lo, at) ? &add->a : NULL;
    return one && one->kind == OPD_INT && one->i == 1;
}

/* Increments of the counters on every path through [from, to), or -1
 * when paths differ, a counter is written otherwise, or a path leaves. */
static int lv_sum_incs(const Lv *lv, const LvSum *q, int from, int to, int lo)
{
    int n = 0;
    for (int i = from; i < to; i++) {
        const IrIns *in = &lv->src[i];
        if (ir_jumps(in))
            return -1;
        if (in->op == IR_LOOP || in->op == IR_FOR) {
            for (int j = i; j < lv->b.close[i]; j++)
                if (lv_sum_writes(q, &lv->src[j]))
                    return -1;
            i = lv->b.close[i];
        } else if (in->op == IR_IF) {
            int els = lv->b.els[i], close = lv->b.close[i];
            int t = lv_sum_incs(lv, q, i + 1, els ? els : close, lo);
            int e = els ? lv_sum_incs(lv, q, els + 1, close, lo) : 0;
            if (t < 0 || t != e)
                return -1;
            n += t;
            i = close;
        } else if (ir_writes_local(in, q->k)) {
            continue;               /* k's own step: lv_sum_k_once */
        } else if (lv_sum_writes(q, in)) {
            bool counter = false;
            for (int m = 0; m < q->n; m++)
                counter |= lv_plus_one(lv, in, q->u[m], lo);
            if (!counter)
                return -1;
            n++;
        }
    }
    return n;
}

/* k's one write is `k = k + 1` at the body's top level. */
static bool lv_sum_k_once(const Lv *lv, const LvWhile *w, const Local *k)
{
    int found = 0;
    for (int i = w->at + 1; i < w->end; i++) {
        const IrIns *in = &lv->src[i];
        if (!ir_writes_local(in, k))
            continue;
        if (found++ || i < w->brk || lv_in_nested_loop(lv, w->at, i) || !lv_plus_one(lv, in, k, w->brk))
            return false;
        for (int j = w->brk + 1; j < i; j++)     /* top level: no block open at i */
            if (ir_op_info[lv->src[j].op].nesting > 0 && lv->b.close[j] > i)
                return false;
    }
    return found == 1;
}

/* No write of k or a counter on the path from the step's start to c. */
static bool lv_sum_before(const Lv *lv, const LvWhile *w, const LvSum *q, int c)
{
    for (int i = c - 1; i > w->brk; i--) {
        const IrIns *in = &lv->src[i];
        if (in->op == IR_ELSE) {
            i = lv->b.open[i];      /* c is in the else arm: the then arm is not on its path */
            continue;
        }
        if (ir_op_info[in->op].nesting < 0) {
            for (int j = lv->b.open[i]; j < i; j++)
                if (lv_sum_writes(q, &lv->src[j]))
                    return false;
            i = lv->b.open[i];
            continue;
        }
        if (lv_sum_writes(q, in))
            return false;
    }
    return true;
}

/* The counters: locals bounded by the exit test and written in the loop. */
static void lv_sum_counters(const Lv *lv, const LvWhile *w, LvSum *q)
{
    for (int c = 0; c < w->ncmp && q->n < LV_MAX_SUM; c++) {
        const IrOpd *sides[2] = { &w->cmp[c]->a, &w->cmp[c]->b };
        for (int s = 0; s < 2; s++) {
            int at;
            const Local *u = ir_local_value(&lv->d, sides[s], &at);
            bool written = false;
            for (int i = w->at + 1; u && i < w->end; i++)
                written |= ir_writes_local(&lv->src[i], u);
            if (!u || !written || u == q->k || lv_sum_member(q, u) || u->type->kind != TY_I64 ||
                !ir_local_private_in(&lv->orig, &lv->addressed, u) || q->n == LV_MAX_SUM)
                continue;
            if (lv_bound(lv, w, u, &q->bound[q->n], &q->op[q->n])) {
                q->u[q->n] = u;
                q->n++;
            }
        }
    }
}

static LvVal *lv_sub(const LvVal *a, const LvVal *b)
{
    LvVal *v = SCRATCH_ARRAY(LvVal, 1);
    LvVal *l = SCRATCH_ARRAY(LvVal, 1), *r = SCRATCH_ARRAY(LvVal, 1);
    *l = *a;
    *r = *b;
    *v = (LvVal){ .opd = a->opd, .l = l, .r = r };
    return v;
}

static LvVal lv_local_val(const Lv *lv, const Local *l)
{
    return (LvVal){ .opd = { .kind = OPD_LOCAL, .type = lv->i64, .local = (Local *)l } };
}

static void lv_sum_check(const Lv *lv, const LvWhile *w, LvPlan *p, int i)
{
    const IrIns *c = &lv->src[i];
    int at;
    LvSum q = { .k = ir_local_value(&lv->d, &c->a, &at) };
    LvVal len;
    if (!q.k || q.k->type->kind != TY_I64 || !lv_reads_local(lv, &c->a, q.k, w->brk, i) ||
        !ir_local_private_in(&lv->orig, &lv->addressed, q.k) || !lv_len_val(lv, w->at, w->end, c, &len))
        return;
    lv_sum_counters(lv, w, &q);
    for (int j = w->at + 1; j < w->brk; j++)     /* the exit test writes none of them */
        if (q.n > 0 && lv_sum_writes(&q, &lv->src[j]))
            return;
    if (q.n == 0 || !lv_sum_k_once(lv, w, q.k) || lv_sum_incs(lv, &q, w->brk + 1, w->end, w->brk) != 1 ||
        !lv_sum_before(lv, w, &q, i))
        return;
    LvVal kv = lv_local_val(lv, q.k), zero = lv_int(lv, 0);
    LvTerm t[2 + 3 * LV_MAX_SUM + 1];
    int n = 0;
    bool strict = false;
    t[n++] = (LvTerm){ BIN_LE, zero, kv };
    t[n++] = (LvTerm){ BIN_LE, kv, len };
    const LvVal *room = lv_sub(&len, &kv);      /* xs.len - k0, in [0, xs.len] */
    const LvVal *first = NULL;
    for (int m = 0; m < q.n; m++) {
        LvVal uv = lv_local_val(lv, q.u[m]);
        t[n++] = (LvTerm){ BIN_LE, zero, uv };
        t[n++] = (LvTerm){ BIN_LE, uv, q.bound[m] };
        if (q.op[m] == BIN_LE)      /* u <= L: u + 1 must not wrap */
            t[n++] = (LvTerm){ BIN_LE, q.bound[m], lv_int(lv, INT64_MAX - 1) };
        strict |= q.op[m] == BIN_LT;
        const LvVal *span = lv_sub(&q.bound[m], &uv);   /* L - u0, in [0, L] */
        if (m == 0)
            first = span;
        else
            room = lv_sub(room, span);
    }
    t[n++] = (LvTerm){ strict ? BIN_LE : BIN_LT, *first, *room };
    lv_add_check(p, i, t, n);
}

static void lv_plan_while(const Lv *lv, int at, int end, LvPlan *p)
{
    LvWhile w = { .at = at, .end = end, .brk = -1 };
    for (int i = at + 1; i < end && w.brk < 0; i++) {
        if (lv->src[i].op == IR_BRK_UNLESS)
            w.brk = i;
        else if (ir_op_info[lv->src[i].op].nesting > 0)
            i = lv->b.close[i];
    }
    if (w.brk < 0)
        return;
    lv_conjuncts(lv, &w, &lv->src[w.brk].a, 0);
    if (w.ncmp == 0)
        return;
    for (int i = w.brk + 1; i < end; i++) {
        if (lv->src[i].op != IR_CHECK_INDEX)
            continue;
        int before = p->nchecks;
        lv_while_check(lv, &w, p, i);
        if (p->nchecks == before)
            lv_sum_check(lv, &w, p, i);
    }
}

/* ---- copying ---- */

static IrIns *lv_put(Lv *lv, IrOp op, Loc loc)
{
    return ir_emit(lv->f, op, loc);
}

static void lv_copy(Lv *lv, int i)
{
    const IrIns *in = &lv->src[i];
    IrIns *out = ir_clone_ins(lv->f, in, &lv->map);
    if (lv->drop[i] && ir_op_info[in->op].is_check) {
        out->op = IR_NOP;
        lv->f->checks_removed++;
    }
}

static IrOpd lv_new_temp(Lv *lv, IrIns *in, Type *t)
{
    in->dst = ir_temp(lv->f, t);
    in->type = t;
    return ir_tempopd(lv->f, in->dst);
}

static IrOpd lv_val(Lv *lv, const LvVal *v, Loc loc)
{
    if (v->l) {     /* l - r: the guard's other terms keep it from wrapping */
        IrOpd a = lv_val(lv, v->l, loc), b = lv_val(lv, v->r, loc);
        IrIns *in = lv_put(lv, IR_BIN, loc);
        in->aux = BIN_SUB;
        in->a = a;
        in->b = b;
        return lv_new_temp(lv, in, lv->i64);
    }
    if (v->load) {
        IrIns *in = lv_put(lv, IR_LOAD, loc);
        in->place = ir_clone_place(&lv->map, v->load);
        return lv_new_temp(lv, in, lv->i64);
    }
    IrOpd o = ir_clone_opd(&lv->map, v->opd);
    if (!v->from_max)
        return o;
    IrIns *in = lv_put(lv, IR_BIN, loc);
    in->aux = BIN_SUB;
    in->a = ir_int(lv->i64, (uint64_t)INT64_MAX);
    in->b = o;
    return lv_new_temp(lv, in, lv->i64);
}

/* The guard's instructions; its value. */
static IrOpd lv_guard(Lv *lv, const LvPlan *p, Loc loc)
{
    IrOpd g = ir_bool(lv->boolean, true);
    for (int k = 0; k < p->nterm; k++) {
        IrOpd x = lv_val(lv, &p->term[k].x, loc), y = lv_val(lv, &p->term[k].y, loc);
        IrIns *cmp = lv_put(lv, IR_BIN, loc);
        cmp->aux = p->term[k].op;
        cmp->a = x;
        cmp->b = y;
        IrOpd c = lv_new_temp(lv, cmp, lv->boolean);
        if (k == 0) {
            g = c;
            continue;
        }
        IrIns *both = lv_put(lv, IR_BIN, loc);
        both->aux = BIN_LAND;
        both->a = g;
        both->b = c;
        g = lv_new_temp(lv, both, lv->boolean);
    }
    return g;
}

static void lv_range(Lv *lv, int from, int to, int nest);

/* One copy of the loop [at, end]; fresh: its temps get new numbers. */
static void lv_arm(Lv *lv, int at, int end, int nest, bool fresh)
{
    if (fresh) {
        lv->arm++;
        for (int i = at; i <= end; i++) {
            int t = lv->src[i].dst;
            if (t >= 0 && lv->stamp[t] != lv->arm) {
                lv->stamp[t] = lv->arm;
                lv->tmap[t] = ir_temp(lv->f, lv->orig.temps[t]);
            }
        }
    }
    lv_copy(lv, at);
    lv_range(lv, at + 1, end + 1, nest);
}

/* The plan for the loop opened at `at` (none: p->nchecks == 0). */
static void lv_plan(const Lv *lv, int at, int nest, LvPlan *p)
{
    const IrIns *loop = &lv->src[at];
    int end = lv->b.close[at];
    if ((loop->op != IR_FOR && loop->op != IR_LOOP) || nest >= LV_MAX_NEST || !lv_copyable(lv, at, end))
        return;
    if (loop->op == IR_FOR)
        lv_plan_for(lv, at, end, p);
    else
        lv_plan_while(lv, at, end, p);
}

/* The loop [at, end] as written, without the checks the plan proves. */
static void lv_fast_arm(Lv *lv, const LvPlan *p, int at, int end, int nest)
{
    for (int k = 0; k < p->nchecks; k++)
        lv->drop[p->checks[k]] = true;
    lv_arm(lv, at, end, nest + 1, false);
    for (int k = 0; k < p->nchecks; k++)
        lv->drop[p->checks[k]] = false;
}

static bool lv_version(Lv *lv, int at, int nest)
{
    const IrIns *loop = &lv->src[at];
    int end = lv->b.close[at];
    int checks[LV_MAX_BODY + 1];
    LvPlan p = { .checks = checks };
    lv_plan(lv, at, nest, &p);
    if (p.nchecks == 0)
        return false;
    if (p.nterm == 0) {  /* the guard always holds: the checks go, no copy */
        lv_fast_arm(lv, &p, at, end, nest);
        return true;
    }
    lv->budget -= 2 * (end - at + 1) + 4 * p.nterm + 3;
    IrOpd g = lv_guard(lv, &p, loop->loc);
    IrIns *guard = lv_put(lv, IR_IF, loop->loc);
    guard->a = g;
    guard->aux = IR_IF_LIKELY;  /* the slow arm runs only where a check would fail */
    lv_fast_arm(lv, &p, at, end, nest);
    lv_put(lv, IR_ELSE, loop->loc);
    lv_arm(lv, at, end, nest + 1, true);
    lv_put(lv, IR_ENDIF, loop->loc);
    lv->f->loops_versioned++;
    return true;
}

static void lv_range(Lv *lv, int from, int to, int nest)
{
    for (int i = from; i < to; i++) {
        if (lv_version(lv, i, nest)) {
            i = lv->b.close[i];
            continue;
        }
        lv_copy(lv, i);
    }
}

static void lv_rebuild(Lv *lv)
{
    ir_rebuild(lv->f);
    lv_range(lv, 0, lv->orig.nins, 0);
}

static void lv_func(const IrProgram *ir, IrFunc *f)
{
    if (!f || f->nins == 0)
        return;
    Lv lv = { .ir = ir, .f = f, .orig = *f, .src = f->ins, .i64 = types_prim(TY_I64),
              .boolean = types_prim(TY_BOOL) };
    lv.budget = 2 * f->nins + 256;
    ir_defs_init(&lv.d, &lv.orig);
    lv_tables(&lv);
    ir_addressed_locals(&lv.orig, &lv.addressed);
    bool any = false;
    for (int i = 0; i < f->nins && !any; i++) {
        int checks[LV_MAX_BODY + 1];
        LvPlan p = { .checks = checks };
        lv_plan(&lv, i, 0, &p);
        any = p.nchecks > 0;
    }
    if (any)
        lv_rebuild(&lv);
}

void pass_version(const IrProgram *ir, IrFunc *f)
{
    lv_func(ir, f);
}
