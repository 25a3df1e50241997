/* pass_live.c — a use of storage through a slice or string header is
 * checked to name live storage (every -O level; docs/temporal_safety.md,
 * rule G).
 *
 * A header carries the tag its storage had when the header was made
 * (goose_rt.h: GS_TAG_MASK); giving storage back changes the storage's
 * tag, so a copy, view, sub-string or struct field made before stops
 * matching. Each instruction that reads or writes through a header gets a
 * CHECK_LIVE of that header just before it: an element load, store or
 * reference (the place before a slice or string element), a push or pop,
 * a delete, copy_into / move_from / defaults, a string comparison or
 * concatenation, and a runtime call or primitive given a string or slice.
 *
 * Checks it proves unnecessary go (counted by --stats):
 *   - repeated: the same header checked earlier in the same straight-line
 *     run, with nothing between that may give storage back, change the
 *     header or branch;
 *   - in a loop that gives nothing back and never changes the header: the
 *     test is made once before the loop (LIVE_TEST: it stops nothing) and
 *     the check in the loop reads its answer, so it still stops only where
 *     and when the original would.
 * Not for: refs (pass_borrow.c), which point at elements, not headers. */
#include "pass.h"

#include <string.h>

/* ---- where headers are used ---- */

static bool lv_header_type(const Type *t)
{
    return t && (t->kind == TY_SLICE || t->kind == TY_STRING);
}

typedef struct Lv {
    const IrProgram *ir;
    IrFunc *f;
    int found;          /* pass_live's first look: checks it would make, none made */
    IrDefs d;           /* the proofs: who writes each temp */
    IrBlocks b;         /* ... where each block closes */
    IrIns *src;         /* ... per CHECK_LIVE: its source (lv_sources) */
    PtrSet addressed;   /* ... and the locals whose address f takes */
} Lv;

static void lv_check(Lv *v, const IrIns *at, IrOpd hdr, IrPlace *place, int aux)
{
    if (v->found >= 0) {
        v->found++;
        return;
    }
    IrIns *c = ir_emit(v->f, IR_CHECK_LIVE, at->loc);
    c->a = hdr;
    c->place = place;
    c->aux = aux;
    c->site = ir_site(v->f, at->loc, NULL, IR_CHECK_LIVE);
}

/* The header places in p: the place before each slice or string element. */
static void lv_place(Lv *v, const IrIns *at, const IrPlace *p)
{
    for (int k = 0; k < p->nproj; k++) {
        if (p->proj[k].kind != PJ_SINDEX)
            continue;
        const Type *ht = k == 0 ? p->root.type : p->proj[k - 1].type;
        if (!lv_header_type(ht))
            continue;
        if (k == 0) {   /* the root is the header value itself */
            lv_check(v, at, p->root, NULL, IR_LIVE_USE);
            continue;
        }
        IrPlace *h = NULL;
        if (v->found < 0) {
            h = ir_place_root(p->root, (Type *)ht);
            for (int j = 0; j < k; j++)
                h = ir_place_proj(h, p->proj[j].kind, p->proj[j].field, p->proj[j].index, p->proj[j].type);
        }
        lv_check(v, at, ir_none(), h, IR_LIVE_USE);
    }
}

static void lv_value(Lv *v, const IrIns *at, const IrOpd *o, int aux)
{
    /* literals and zero values name no storage that is ever given back */
    if (o->kind != OPD_NONE && o->kind != OPD_STR && o->kind != OPD_ZERO && lv_header_type(o->type))
        lv_check(v, at, *o, NULL, aux);
}

/* Argument k of in is the span a span pool's free gives back: the free
 * tests its tag itself, before anything else (gs_spans_free: "pool free of
 * a span already freed"), so it needs no check here. */
static bool lv_pool_free(const IrIns *in, int k)
{
    return in->op == IR_PRIM && in->aux == BI_R_FREE && k == 1 && in->args[k].type &&
           in->args[k].type->kind == TY_SLICE;
}

/* The checks instruction in needs, emitted before it. */
static void lv_uses(Lv *v, const IrIns *in)
{
    switch (in->op) {
    case IR_LOAD: case IR_STORE: case IR_ADDR:
        lv_place(v, in, in->place);
        break;
    case IR_PUSH: case IR_POP:   /* writes or reads the slice's storage */
        lv_place(v, in, in->place);
        lv_check(v, in, ir_none(), in->place, IR_LIVE_USE);
        break;
    case IR_DELETE:
        lv_value(v, in, &in->a, IR_LIVE_DELETE);
        break;
    case IR_COPY:
        lv_value(v, in, &in->a, IR_LIVE_USE);
        lv_value(v, in, &in->b, IR_LIVE_USE);
        break;
    case IR_ZEROFILL:
        lv_value(v, in, &in->a, IR_LIVE_USE);
        break;
    case IR_BIN:
        if (in->a.type && in->a.type->kind == TY_STRING) {
            lv_value(v, in, &in->a, IR_LIVE_USE);
            lv_value(v, in, &in->b, IR_LIVE_USE);
        }
        break;
    case IR_RT: case IR_PRIM:
        for (int k = 0; k < in->nargs; k++)
            if (!lv_pool_free(in, k))
                lv_value(v, in, &in->args[k], IR_LIVE_USE);
        break;
    default:
        break;
    }
}

/* ---- proofs ---- */

static bool lv_same_header(const IrIns *a, const IrIns *b)
{
    IrSame s = { 0 };
    if (!a->place != !b->place)
        return false;
    return a->place ? ir_same_place(&s, a->place, b->place) : ir_same(&s, &a->a, &b->a);
}

/* What a check's header is read from: a local, a global, a temp. */
static const IrOpd *lv_root(const IrIns *c)
{
    return c->place ? &c->place->root : &c->a;
}

/* A place read without indexing storage (fields, derefs, fixed-array
 * elements at constant indices): reading it again reads the same header. */
static bool lv_plain_place(const IrPlace *p)
{
    for (int k = 0; k < p->nproj; k++)
        if (p->proj[k].kind == PJ_SINDEX || (p->proj[k].kind == PJ_AINDEX && p->proj[k].index.kind != OPD_INT))
            return false;
    return true;
}

/* A value of type t may hold a slice or string header (a write of any
 * other type never changes one). Pools and enums with payloads count as
 * holding one. */
static bool lv_holds_header(const Type *t, int depth)
{
    if (!t || depth > 16)
        return true;
    switch (t->kind) {
    case TY_SLICE: case TY_STRING: case TY_REUSABLE: case TY_REUSABLE_SLICE: return true;
    case TY_ARRAY: case TY_OPTIONAL: return lv_holds_header(t->elem, depth + 1);
    case TY_STRUCT:
        if (t->st->is_enum)
            return !t->st->enum_plain;
        for (int i = 0; i < t->st->nfields; i++)
            if (lv_holds_header(t->st->fields[i].type, depth + 1))
                return true;
        return false;
    default: return false;
    }
}

/* c's header is read through a reference (then a write to storage may
 * reach it). */
static bool lv_through_ref(const IrIns *c)
{
    if (!c->place)
        return false;
    if (c->place->root.type && c->place->root.type->kind == TY_REF)
        return true;
    for (int k = 0; k < c->place->nproj; k++)
        if (c->place->proj[k].kind == PJ_DEREF)
            return true;
    return false;
}

/* Check c's header may be one read from a confined field (pass_fields.c):
 * a temp loaded from one, or one whose writer is not known here. A header
 * c reads from a place never is: that place is the field itself, which
 * is never stale, or holds no header ever read from it. */
static bool lv_maybe_confined(const Lv *v, const IrIns *c)
{
    if (c->place || c->a.kind != OPD_TEMP)
        return false;
    const IrIns *d = v->d.f == v->f ? ir_defs_one(&v->d, &c->a) : NULL;
    for (int n = 0; n < 8 && d && d->op == IR_MOV && d->a.kind == OPD_TEMP; n++)
        d = ir_defs_one(&v->d, &d->a);
    return !d || (d->op == IR_LOAD && ir_place_confined(v->ir, d->place)) ||
           (d->op == IR_MOV && d->a.kind == OPD_TEMP);
}

/* in may give back the storage of check c's header: it may free storage
 * of c's element type (pass_frees_elem: a push, delete or span pool free
 * frees one type, a call what its callee's summary says). What a push
 * onto a confined field gives back only a header read from one may name
 * (pass_frees_open_elem). */
static bool lv_may_free_for(const Lv *v, const IrIns *in, const IrIns *c)
{
    const Type *elem = ir_storage_elem(c->place ? c->place->type : c->a.type);
    if (lv_maybe_confined(v, c))
        return pass_frees_elem(v->ir, in, elem);
    return pass_frees_open_elem(v->ir, in, elem);
}

/* in pushes, pops or clears the place c's header is read from: what it
 * leaves there is live when what was there was (a push that moves the
 * storage gives back the old and stores the new header in the place). */
static bool lv_own_change(const IrIns *in, const IrIns *c)
{
    IrSame s = { 0 };
    return (in->op == IR_PUSH || in->op == IR_POP || in->op == IR_CLEAR) && c->place && in->place &&
           lv_plain_place(c->place) && ir_same_place(&s, in->place, c->place);
}

/* in may change check c's header (or what the header is read through). */
static bool lv_may_write(const Lv *v, const IrIns *in, const IrIns *c)
{
    const IrProgram *ir = v->ir;
    if (!ir_may_change(in) || in->op == IR_ADDR)    /* taking an address writes nothing (what is
                                                       written through it later is a write) */
        return false;
    const IrOpd *r = lv_root(c);
    if (r->kind == OPD_TEMP && !c->place)
        return false;                   /* a temp's value never changes */
    IrEffect e;
    ir_effect(ir, in, &e);
    if (e.stops)
        return false;                   /* nothing after it runs */
    if (r->kind == OPD_LOCAL && !r->local->is_ref && !lv_through_ref(c) && ir_local_private_in(v->f, &v->addressed, r->local))
        return e.write == IR_AT_LOCAL && e.local == r->local;   /* only what names it changes it (a call
                                                                   cannot: its frees were asked above) */
    if (e.calls != IR_CALLS_NONE || e.addr)
        return true;
    if (e.write == IR_AT_NONE || e.write == IR_AT_TEMP)
        return false;
    if (e.type && e.write != IR_AT_ANY && !lv_holds_header(e.type, 0))
        return false;                   /* it writes no header anywhere */
    if (e.write == IR_AT_STORAGE && (r->kind == OPD_LOCAL || r->kind == OPD_GLOBAL) && !lv_through_ref(c))
        return false;                   /* elements never hold a local's or global's own value */
    if (r->kind == OPD_LOCAL && !r->local->is_ref && !r->local->captured)
        return e.write != IR_AT_LOCAL || e.local == r->local;
    if (r->kind == OPD_GLOBAL)
        return !(e.write == IR_AT_LOCAL || (e.write == IR_AT_GLOBAL && e.global != r->global));
    return true;
}

/* in may give back check c's storage or change its header (a push, pop or
 * clear of c's own place leaves it live). */
static bool lv_may_change(const Lv *v, const IrIns *in, const IrIns *c)
{
    return !lv_own_change(in, c) && (lv_may_free_for(v, in, c) || lv_may_write(v, in, c));
}

/* The last instruction that may run between instruction from and a later
 * one at: at itself, or the closer of the furthest loop around at that
 * from is outside of (what follows at in it runs before at runs again). */
static int lv_span_end(const Lv *v, int from, int at)
{
    int end = at;
    for (int o = from + 1; o < at; o++) {
        IrOp op = v->f->ins[o].op;
        if ((op == IR_LOOP || op == IR_FOR) && v->b.close[o] > end)
            end = v->b.close[o];
    }
    return end;
}

/* Place p still holds, whenever at runs, the header instruction d read
 * from it: nothing that may run between them may write the place. */
static bool lv_holds(const Lv *v, IrPlace *p, const IrIns *d, int at)
{
    int from = (int)(d - v->f->ins);
    if (from >= at)
        return false;
    IrIns k = { .op = IR_CHECK_LIVE, .place = p, .a = ir_none() };
    int end = lv_span_end(v, from, at);
    for (int i = from + 1; i < end; i++)
        if (i != at && lv_may_write(v, &v->f->ins[i], &k))
            return false;
    return true;
}

/* Every path from instruction d to a later one at runs d's block up to
 * at: no block around d closes, and no else arm of one starts, between
 * them. */
static bool lv_dominates(const Lv *v, int d, int at)
{
    int depth = 0;
    for (int i = d + 1; i < at; i++) {
        IrOp op = v->f->ins[i].op;
        if (op == IR_IF || op == IR_LOOP || op == IR_FOR)
            depth++;
        else if (op == IR_ELSE && depth == 0)
            return false;
        else if (op == IR_ENDIF || op == IR_ENDLOOP || op == IR_ENDFOR) {
            if (depth-- == 0)
                return false;
        }
    }
    return true;
}

/* The DECL that is the only write of local l in f, when it dominates at
 * and l is private (no address taken, not captured); else NULL. */
static const IrIns *lv_only_decl(const Lv *v, const Local *l, int at)
{
    if (l->is_ref || l->captured || !ir_local_private_in(v->f, &v->addressed, l))
        return NULL;
    int d = -1;
    for (int i = 0; i < v->f->nins; i++)
        if (ir_writes_local(&v->f->ins[i], l)) {
            if (d >= 0 || v->f->ins[i].op != IR_DECL)
                return NULL;
            d = i;
        }
    return d >= 0 && d < at && lv_dominates(v, d, at) ? &v->f->ins[d] : NULL;
}

/* Check at as it reads its header: a temp copied (MOV) from another, or
 * from a variable or loaded from a plain place that still holds it when
 * the check runs, stands for that place
 * (the proofs then ask whether the place changes, not the temp); a view
 * (SLICE, bounded by its base's len) stands for its base: a non-empty view
 * points into the base's storage and carries its tag, so it is live when
 * the base is; a local written only by the DECL before the check (a `let`)
 * stands for what the DECL stored. A variable is returned as a place.
 * Returns a check-shaped copy. */
static IrIns lv_source(const Lv *v, int at)
{
    IrIns k = v->f->ins[at];
    for (int n = 0; n < 8 && !k.place && (k.a.kind == OPD_TEMP || k.a.kind == OPD_LOCAL); n++) {
        if (k.a.kind == OPD_LOCAL) {
            const IrIns *d = lv_only_decl(v, k.a.local, at);
            if (!d || d->a.kind != OPD_TEMP)
                break;
            k.a = d->a;
            continue;
        }
        const IrIns *d = ir_defs_one(&v->d, &k.a);
        if (!d)
            break;
        const IrIns *dl = (d->op == IR_MOV || d->op == IR_SLICE) && d->a.kind == OPD_LOCAL
                              ? lv_only_decl(v, d->a.local, at) : NULL;
        if ((d->op == IR_MOV || d->op == IR_SLICE) && d->a.kind == OPD_TEMP) {
            k.a = d->a;
        } else if (dl && dl->a.kind == OPD_TEMP) {     /* a `let`: what its DECL stored */
            k.a = dl->a;
        } else if ((d->op == IR_MOV || d->op == IR_SLICE) && (d->a.kind == OPD_LOCAL || d->a.kind == OPD_GLOBAL)) {
            IrPlace *p = ir_place_root(d->a, d->a.type);      /* the variable as d read it */
            if (!lv_holds(v, p, d, at))
                break;
            k.place = p;
            k.a = ir_none();
        } else if (d->op == IR_LOAD && lv_plain_place(d->place) && d->place->root.kind != OPD_TEMP &&
                   lv_holds(v, d->place, d, at)) {
            k.place = d->place;
            k.a = ir_none();
        } else {
            break;
        }
    }
    if (!k.place && (k.a.kind == OPD_LOCAL || k.a.kind == OPD_GLOBAL)) {   /* one form for a variable */
        k.place = ir_place_root(k.a, k.a.type);
        k.a = ir_none();
    }
    return k;
}

/* in makes new storage and the header of it, which is live as it comes
 * (a make, a span pool's alloc): as good as a check of that header passed. */
static bool lv_fresh(const IrFunc *f, const IrIns *in)
{
    bool made = in->op == IR_MAKE || (in->op == IR_PRIM && in->aux == BI_R_ALLOC);
    return made && in->dst >= 0 && lv_header_type(f->temps[in->dst]);
}

/* The source of every check (lv_source), after defs and blocks; a fresh
 * header's is its temp. */
static void lv_sources(Lv *v)
{
    IrFunc *f = v->f;
    ir_defs_init(&v->d, f);
    ir_blocks_init(&v->b, f);
    v->src = SCRATCH_ARRAY(IrIns, f->nins + 1);
    for (int i = 0; i < f->nins; i++)
        if (f->ins[i].op == IR_CHECK_LIVE || f->ins[i].op == IR_LIVE_TEST)
            v->src[i] = lv_source(v, i);
        else if (lv_fresh(f, &f->ins[i]))
            v->src[i] = (IrIns){ .op = IR_CHECK_LIVE, .a = ir_tempopd(f, f->ins[i].dst), .aux = IR_LIVE_USE };
}

/* Fact at (a check, or a fresh header) shows that a check with aux passes. */
static bool lv_passed(const IrFunc *f, int at, int aux)
{
    const IrIns *e = &f->ins[at];
    return (e->op == IR_CHECK_LIVE && e->aux == aux) || (aux == IR_LIVE_USE && lv_fresh(f, e));
}

/* The checks known passed at a point: indices of CHECK_LIVE instructions
 * whose header no instruction since may have changed. */
typedef struct LvFacts {
    int *at;
    int n;
} LvFacts;

static LvFacts lv_facts_copy(const LvFacts *a)
{
    LvFacts c = { SCRATCH_ARRAY(int, a->n + 1), a->n };
    memcpy(c.at, a->at, sizeof(int) * (size_t)a->n);
    return c;
}

/* a keeps the facts b has too. */
static void lv_facts_meet(LvFacts *a, const LvFacts *b)
{
    int n = 0;
    for (int i = 0; i < a->n; i++)
        for (int k = 0; k < b->n; k++)
            if (a->at[i] == b->at[k]) {
                a->at[n++] = a->at[i];
                break;
            }
    a->n = n;
}

/* An IF open while lv_dedupe walks its arms: the facts at its entry and
 * at the end of its first arm (after an ELSE). */
typedef struct LvIf {
    LvFacts entry, then_end;
    bool has_else;
} LvIf;

/* Facts across IF / ELSE / ENDIF: each arm starts from the entry's facts,
 * and after ENDIF what holds at the end of both arms (an IF without ELSE:
 * of its arm and of the entry) still holds. Other blocks and jumps forget
 * everything. */
static void lv_facts_block(const IrIns *in, LvFacts *cur, LvIf *ifs, int *nif, int max_if)
{
    if (in->op == IR_IF && *nif < max_if) {
        ifs[(*nif)++] = (LvIf){ .entry = lv_facts_copy(cur) };
        return;
    }
    if (in->op == IR_ELSE && *nif > 0) {
        LvIf *t = &ifs[*nif - 1];
        t->then_end = lv_facts_copy(cur);
        t->has_else = true;
        memcpy(cur->at, t->entry.at, sizeof(int) * (size_t)t->entry.n);    /* cur's buffer has room for all */
        cur->n = t->entry.n;
        return;
    }
    if (in->op == IR_ENDIF && *nif > 0) {
        LvIf *t = &ifs[--(*nif)];
        lv_facts_meet(cur, t->has_else ? &t->then_end : &t->entry);
        return;
    }
    *nif = in->op == IR_IF || in->op == IR_ELSE || in->op == IR_ENDIF ? 0 : *nif;  /* past max_if: give up */
    cur->n = 0;
}

/* Test c (the answer a call passes, live-args) reads an earlier one's
 * answer, in temp flag. */
static void lv_read_test(Lv *v, IrIns *c, int flag)
{
    *c = (IrIns){ .op = IR_MOV, .dst = c->dst, .a = ir_tempopd(v->f, flag), .site = -1, .loc = c->loc };
}

/* A check of a header's storage, or a test of it that stops nothing. */
static bool lv_is_check(const IrIns *in)
{
    return (in->op == IR_CHECK_LIVE && in->aux == IR_LIVE_USE) || in->op == IR_LIVE_TEST;
}

static bool lv_loop_keeps(Lv *v, int open, int close, const IrIns *c);

/* The loops open while lv_dedupe walks them: per loop, the facts at its
 * entry that nothing in it may change, which hold everywhere in it and
 * after it (past LV_MAX_LOOP deep: none). */
enum { LV_MAX_LOOP = 32 };
typedef struct LvLoops {
    LvFacts kept[LV_MAX_LOOP];
    int n;
} LvLoops;

/* The loop opened at i: cur keeps what the loop keeps. */
static void lv_loop_enter(Lv *v, int i, LvFacts *cur, LvLoops *lp)
{
    int n = 0;
    for (int k = 0; k < cur->n; k++)
        if (lp->n < LV_MAX_LOOP && lv_loop_keeps(v, i, v->b.close[i], &v->src[cur->at[k]]))
            cur->at[n++] = cur->at[k];
    cur->n = n;
    if (lp->n < LV_MAX_LOOP)
        lp->kept[lp->n] = lv_facts_copy(cur);
    lp->n++;
}

/* After a jump inside a loop, or after the loop: what the loop keeps. */
static void lv_loop_facts(LvFacts *cur, const LvLoops *lp)
{
    cur->n = 0;
    if (lp->n > 0 && lp->n <= LV_MAX_LOOP) {
        memcpy(cur->at, lp->kept[lp->n - 1].at, sizeof(int) * (size_t)lp->kept[lp->n - 1].n);
        cur->n = lp->kept[lp->n - 1].n;
    }
}

/* A check whose header an earlier check already passed, on every path to
 * it with nothing since that may change it, is dropped; so is a check of a
 * loop's test that an earlier check of the same test dominates; and a
 * loop's test of such a header is true (MOV true: the C compiler drops
 * the checks reading it). A fresh header (lv_fresh) counts as checked
 * where it is made, and what a loop keeps (nothing in it may change the
 * header) holds in it and after it. */
static void lv_dedupe(Lv *v)
{
    IrFunc *f = v->f;
    enum { LV_MAX_IF = 64 };
    LvIf ifs[LV_MAX_IF];
    int nif = 0;
    LvLoops loops = { .n = 0 };
    LvFacts cur = { SCRATCH_ARRAY(int, f->nins + 1), 0 };
    for (int i = 0; i < f->nins; i++) {
        IrIns *in = &f->ins[i];
        if (in->op == IR_CHECK_LIVE && (in->aux == IR_LIVE_USE || in->aux == IR_LIVE_FLAG)) {
            bool dup = false;
            for (int k = 0; k < cur.n && !dup; k++)
                dup = lv_passed(f, cur.at[k], in->aux) && lv_same_header(&v->src[cur.at[k]], &v->src[i]);
            if (dup) {
                in->op = IR_NOP;
                f->live_removed++;
            } else {
                cur.at[cur.n++] = i;
            }
            continue;
        }
        if (in->op == IR_LIVE_TEST) {
            int known = -1, tested = -1;
            for (int k = 0; k < cur.n && known < 0; k++) {
                const IrIns *e = &f->ins[cur.at[k]];
                if (!lv_same_header(&v->src[cur.at[k]], &v->src[i]))
                    continue;
                if (lv_passed(f, cur.at[k], IR_LIVE_USE))
                    known = k;
                else if (e->op == IR_LIVE_TEST && tested < 0)
                    tested = k;
            }
            if (known >= 0) {
                *in = (IrIns){ .op = IR_MOV, .dst = in->dst, .a = ir_bool(types_prim(TY_BOOL), true), .site = -1 };
                continue;
            }
            if (tested >= 0) {  /* the same header tested before: the same answer */
                lv_read_test(v, in, f->ins[cur.at[tested]].dst);
                continue;
            }
            cur.at[cur.n++] = i;
            continue;
        }
        if (in->op == IR_LOOP || in->op == IR_FOR) {
            lv_loop_enter(v, i, &cur, &loops);
            continue;
        }
        if (in->op == IR_ENDLOOP || in->op == IR_ENDFOR) {
            lv_loop_facts(&cur, &loops);
            loops.n -= loops.n > 0;
            continue;
        }
        if (ir_op_info[in->op].control != IR_CTL_NONE) {
            lv_facts_block(in, &cur, ifs, &nif, LV_MAX_IF);
            if (ir_op_info[in->op].control == IR_CTL_JUMP)
                lv_loop_facts(&cur, &loops);
            continue;
        }
        int n = 0;
        for (int k = 0; k < cur.n; k++)
            if (lv_passed(f, cur.at[k], IR_LIVE_FLAG) || !lv_may_change(v, in, &v->src[cur.at[k]]))    /* a flag never changes */
                cur.at[n++] = cur.at[k];
        cur.n = n;
        if (lv_fresh(f, in))
            cur.at[cur.n++] = i;
    }
}

/* Whether the loop [open, close] leaves check c's header and storage as
 * they are: nothing in it may give storage back or change the header. */
static bool lv_loop_keeps(Lv *v, int open, int close, const IrIns *c)
{
    const IrOpd *r = lv_root(c);
    if (r->kind == OPD_TEMP) {      /* made outside the loop */
        for (int i = open; i <= close; i++)
            if (ir_op_info[v->f->ins[i].op].has_result && v->f->ins[i].dst == r->temp)
                return false;
    }
    if (c->place)
        for (int k = 0; k < c->place->nproj; k++)
            if (c->place->proj[k].index.kind == OPD_TEMP || c->place->proj[k].kind == PJ_SINDEX)
                return false;
    for (int i = open + 1; i < close; i++) {
        const IrIns *in = &v->f->ins[i];
        if (in->op != IR_CHECK_LIVE && lv_may_change(v, in, c))
            return false;
    }
    return true;
}

/* The test made before loop of the header src reads, or -1. */
static int lv_test_for(IrIns **tests, const int *test_loop, int nt, int loop, const IrIns *src)
{
    for (int k = 0; k < nt; k++)
        if (test_loop[k] == loop && lv_same_header(tests[k], src))
            return k;
    return -1;
}

/* Check c reads the answer of the test in temp flag. */
static void lv_read_flag(Lv *v, IrIns *c, int flag)
{
    c->aux = IR_LIVE_FLAG;
    c->a = ir_tempopd(v->f, flag);
    c->place = NULL;
}

/* Loops that give nothing back: each check or test there on a header the
 * loop keeps reads a test made once before the loop. */
static void lv_loops(Lv *v)
{
    IrFunc *f = v->f;
    IrIns **tests = SCRATCH_ARRAY(IrIns *, f->nins + 1);
    int *test_loop = SCRATCH_ARRAY(int, f->nins + 1), nt = 0;
    for (int i = 0; i < f->nins; i++) {
        IrIns *c = &f->ins[i];
        if (!lv_is_check(c))
            continue;
        const IrIns *src = &v->src[i];
        int loop = -1;      /* the outermost loop around c that keeps its header */
        for (int o = i - 1; o >= 0; o--) {
            IrOp op = f->ins[o].op;
            if ((op == IR_LOOP || op == IR_FOR) && v->b.close[o] > i && lv_loop_keeps(v, o, v->b.close[o], src))
                loop = o;
        }
        if (loop < 0)
            continue;
        int same = lv_test_for(tests, test_loop, nt, loop, src);
        if (same < 0) {
            IrIns *t = NEW(IrIns);
            *t = *src;
            t->op = IR_LIVE_TEST;
            t->site = -1;
            t->dst = ir_temp(f, types_prim(TY_BOOL));
            tests[nt] = t;
            test_loop[same = nt++] = loop;
        }
        if (c->op == IR_LIVE_TEST)
            lv_read_test(v, c, tests[same]->dst);
        else
            lv_read_flag(v, c, tests[same]->dst);
    }
    if (nt == 0)
        return;
    IrFunc old = ir_rebuild(f);
    for (int i = 0; i < old.nins; i++) {
        for (int k = 0; k < nt; k++)
            if (test_loop[k] == i)
                ir_put(f, tests[k]);
        ir_put(f, &old.ins[i]);
    }
}

/* The loop tests the fast arm of a versioned loop reads (pass_version.c:
 * an IF likely whose arms are the loop without some checks and the loop
 * as it was), made before the IF or at the arm's start: the ones at the
 * arm's start move before the IF (its condition is a temp, so they see
 * the headers they saw there), each joins the guard, and the arm's checks
 * reading them go. The fast arm then runs only where the tests hold;
 * where one fails the original arm runs and stops where it would.
 * Returns how many tests joined guard i (their temps in flags). */
static int lv_guard_flags(Lv *v, int i, int *flags, int max)
{
    IrFunc *f = v->f;
    int n = 0;
    for (int k = i + 1; k < v->b.els[i]; k++) {
        IrIns *c = &f->ins[k];
        if (c->op != IR_CHECK_LIVE || c->aux != IR_LIVE_FLAG || c->a.kind != OPD_TEMP)
            continue;
        const IrIns *t = ir_defs_one(&v->d, &c->a);
        int at = t ? (int)(t - f->ins) : -1;
        bool start = at > i && at < v->b.els[i];
        for (int j = i + 1; start && j < at; j++)
            start = f->ins[j].op == IR_LIVE_TEST;
        if (at < 0 || (at > i && !start))
            continue;
        int seen = 0;
        while (seen < n && flags[seen] != c->a.temp)
            seen++;
        if (seen == n && n == max)
            continue;
        if (seen == n)
            flags[n++] = c->a.temp;
        c->op = IR_NOP;
        f->live_removed++;
    }
    return n;
}

static void lv_guards(Lv *v)
{
    IrFunc *f = v->f;
    enum { LV_MAX_GUARD = 16 };
    ir_defs_init(&v->d, f);
    ir_blocks_init(&v->b, f);
    int *nflags = SCRATCH_ARRAY(int, f->nins + 1), any = 0;
    int *flags = SCRATCH_ARRAY(int, (size_t)(f->nins + 1) * LV_MAX_GUARD);   /* LV_MAX_GUARD per IF */
    for (int i = 0; i < f->nins; i++) {
        nflags[i] = 0;
        if (f->ins[i].op == IR_IF && (f->ins[i].aux & IR_IF_LIKELY) && v->b.els[i] > 0)
            any += nflags[i] = lv_guard_flags(v, i, flags + (size_t)i * LV_MAX_GUARD, LV_MAX_GUARD);
    }
    if (any == 0)
        return;
    IrFunc old = ir_rebuild(f);
    for (int i = 0; i < old.nins; i++) {
        IrIns guard = old.ins[i];
        int j = i + 1;
        if (nflags[i] > 0) {
            for (; j < old.nins && old.ins[j].op == IR_LIVE_TEST; j++)   /* the arm's own tests first */
                ir_put(f, &old.ins[j]);
            for (int k = 0; k < nflags[i]; k++) {
                IrIns both = { .op = IR_BIN, .aux = BIN_LAND, .a = guard.a,
                               .b = ir_tempopd(f, flags[(size_t)i * LV_MAX_GUARD + k]),
                               .dst = ir_temp(f, types_prim(TY_BOOL)), .site = -1, .loc = guard.loc };
                ir_put(f, &both);
                guard.a = ir_tempopd(f, both.dst);
            }
        }
        ir_put(f, &guard);
        i = j - 1;
    }
}

/* Every -O level: the checks, before each instruction that uses a header. */
void pass_live(const IrProgram *ir, IrFunc *f)
{
    Lv v = { .ir = ir, .f = f, .found = 0 };
    for (int i = 0; i < f->nins; i++)   /* most functions use no header: copy nothing */
        lv_uses(&v, &f->ins[i]);
    if (v.found == 0)
        return;
    v.found = -1;
    IrFunc old = ir_rebuild(f);
    for (int i = 0; i < old.nins; i++) {
        lv_uses(&v, &old.ins[i]);
        ir_put(f, &old.ins[i]);
    }
}

/* Confined fields and globals (pass_fields.c): a check of a header read
 * from such a place, at the check or while the place still holds it
 * (lv_holds: nothing that may run between writes the place, a push to it
 * included, since the header read before may be the moved one), is
 * unnecessary: the place's storage is given back only through the place,
 * which then holds the new header. */
static bool lv_from_confined(Lv *v, const IrIns *c, int at)
{
    if (c->place)
        return ir_place_confined(v->ir, c->place);
    const IrIns *d = c->a.kind == OPD_TEMP ? ir_defs_one(&v->d, &c->a) : NULL;
    for (int n = 0; n < 8 && d && d->op == IR_MOV && d->a.kind == OPD_TEMP; n++)   /* copies of the load */
        d = ir_defs_one(&v->d, &d->a);
    if (!d || d->op != IR_LOAD || !ir_place_confined(v->ir, d->place))
        return false;
    return lv_holds(v, d->place, d, at);
}

static void lv_confined(Lv *v)
{
    for (int i = 0; i < v->f->nins; i++) {
        IrIns *c = &v->f->ins[i];
        if (c->op == IR_CHECK_LIVE && c->aux == IR_LIVE_USE && lv_from_confined(v, c, i)) {
            c->op = IR_NOP;
            v->f->live_removed++;
        }
    }
}

/* ---- liveness carried into callees (live-args) ----
 * A check in g of a header parameter p, where g and its callees give back
 * no storage of p's element type, gets the answer a test at g's entry
 * would get: nothing gives that storage back in between, and p never
 * changes. So each caller makes that test before the call (a LIVE_TEST,
 * which its own proofs make true where the argument is known live, or
 * once before a loop that keeps it) and passes the answer as a hidden bool
 * parameter (IrFunc.carry); g's checks of p read it and still stop where
 * and when they would. Only a function every call of which is a direct
 * call in the IR with one argument per parameter carries: not a closure,
 * not one used as a value. */

/* The check or test at i reads parameter p itself (its source). */
static bool lv_reads_param(const Lv *v, int i, const Local *p)
{
    const IrIns *s = &v->src[i];
    return s->place && s->place->nproj == 0 && s->place->root.kind == OPD_LOCAL && s->place->root.local == p;
}

/* g gives back no storage p may name, and p is a plain header parameter. */
static bool lv_can_carry(const IrFunc *g, const Local *p)
{
    if (!p || p->is_ref || p->captured || !lv_header_type(p->type))
        return false;
    return !pass_func_frees_open(g, ir_storage_elem(p->type));   /* p is no field's header */
}

static Local *lv_flag_local(IrFunc *g, const Local *p)
{
    Local *l = NEW(Local);
    *l = (Local){ .name = intern_cstr(mem_printf(g_arena, "%s_live", p->name)), .loc = p->loc,
                  .type = types_prim(TY_BOOL), .id = ir_local_ids(g), .is_param = true, .used = true,
                  .owner = g->fn };
    vec_push(&g->fn->locals, l);
    return l;
}

/* Which instructions of g run on every call that gets that far: those in
 * no if, counting the arms of a versioned loop (pass_version's guard, an
 * IF likely) as the loop itself. */
static bool *lv_unconditional(const IrFunc *g)
{
    bool *plain = SCRATCH_ARRAY(bool, g->nins + 1), *versioned = SCRATCH_ARRAY(bool, g->nins + 1);
    int depth = 0, open = 0;    /* open: IFs open; depth: those not versioned */
    for (int i = 0; i < g->nins; i++) {
        const IrIns *in = &g->ins[i];
        if (in->op == IR_ENDIF && open > 0)
            depth -= !versioned[--open];
        plain[i] = depth == 0;
        if (in->op == IR_IF) {
            versioned[open] = (in->aux & IR_IF_LIKELY) != 0;
            depth += !versioned[open++];
        }
    }
    return plain;
}

static IrFunc *lv_carrier(const IrProgram *ir, const IrIns *in)
{
    IrFunc *g = in->op == IR_CALL ? ir_find_func(ir, in->fn) : NULL;
    return g && g->ncarry > 0 ? g : NULL;
}

/* in is a call that passes parameter p on to a callee that carries it. */
static bool lv_passes_on(const IrProgram *ir, const IrIns *in, const Local *p)
{
    const IrFunc *g = lv_carrier(ir, in);
    for (int k = 0; g && k < g->ncarry; k++) {
        const IrOpd *a = &in->args[g->carry[k].index];
        if (g->carry[k].index < in->nargs && a->kind == OPD_LOCAL && a->local == p)
            return true;
    }
    return false;
}

static bool lv_carries(const IrFunc *g, const Local *p)
{
    for (int k = 0; k < g->ncarry; k++)
        if (g->carry[k].param == p)
            return true;
    return false;
}

/* The header parameters of g that g tests on every call (a check or test,
 * in a loop made once before the loop, also where the check in that loop
 * is conditional, or a call passing it on to a function that carries it):
 * a caller's test costs no more, and less where the caller knows the
 * answer. Whether it chose one. */
/* Check i sits in a loop that runs on every call and that nothing in
 * changes its header or gives its storage back: lv_loops tests the header
 * once before that loop, so on every call. */
static bool lv_tested_before_loop(Lv *v, const bool *plain, int i)
{
    for (int o = i - 1; o >= 0; o--) {
        IrOp op = v->f->ins[o].op;
        if ((op == IR_LOOP || op == IR_FOR) && v->b.close[o] > i && plain[o] &&
            lv_loop_keeps(v, o, v->b.close[o], &v->src[i]))
            return true;
    }
    return false;
}

static bool lv_choose(const IrProgram *ir, IrFunc *g)
{
    const FnInst *fn = g->fn;
    if (!fn || fn->is_closure || g->used_as_value || fn->nparams == 0 || pass_func_frees_open(g, NULL))
        return false;
    ArenaMark m = mem_mark(g_scratch);
    Lv v = { .ir = ir, .f = g, .found = -1 };
    ir_addressed_locals(g, &v.addressed);
    lv_sources(&v);
    bool *plain = lv_unconditional(g), chose = false;
    for (int k = 0; k < fn->nparams; k++) {
        const Local *p = fn->params[k];
        bool read = false;
        for (int i = 0; i < g->nins && !read && lv_can_carry(g, p) && !lv_carries(g, p); i++)
            read = (plain[i] && ((lv_is_check(&g->ins[i]) && lv_reads_param(&v, i, p)) ||
                                 lv_passes_on(ir, &g->ins[i], p))) ||
                   (lv_is_check(&g->ins[i]) && lv_reads_param(&v, i, p) && lv_tested_before_loop(&v, plain, i));
        if (!read)
            continue;
        if (!g->carry)
            g->carry = NEW_ARRAY(IrCarry, fn->nparams);
        g->carry[g->ncarry++] = (IrCarry){ k, fn->params[k], lv_flag_local(g, p) };
        chose = true;
    }
    mem_release(g_scratch, m);
    return chose;
}

/* A call of a carrier with other than one argument per parameter makes it
 * carry nothing. */
static void lv_drop_odd(const IrProgram *ir, const IrFunc *f)
{
    for (int i = 0; f && i < f->nins; i++) {
        IrFunc *g = lv_carrier(ir, &f->ins[i]);
        if (g && f->ins[i].nargs != g->fn->nparams)
            g->ncarry = 0;
    }
}

/* Where the test of argument a of the call at i goes: as early as nothing
 * between there and the call may change a or give its storage back, in
 * the same block, so that what is computed for the call stays next to it
 * (the C emitter folds a call's result only into the next instruction). */
static int lv_test_at(const Lv *v, int i, const IrOpd *a)
{
    IrIns k = { .op = IR_CHECK_LIVE, .a = *a };
    if (a->kind == OPD_LOCAL || a->kind == OPD_GLOBAL) {
        k.place = ir_place_root(*a, a->type);
        k.a = ir_none();
    }
    int at = i;
    for (; at > 0; at--) {
        const IrIns *in = &v->f->ins[at - 1];
        if (ir_op_info[in->op].control != IR_CTL_NONE || (a->kind == OPD_TEMP && in->dst == a->temp) ||
            lv_may_change(v, in, &k))
            break;
    }
    return at;
}

/* A test to put before instruction at, in the order made. */
typedef struct LvArgTest {
    IrIns ins;
    int at, next;
} LvArgTest;

/* The answer the call at i passes for argument a (literals and zero values
 * name no storage that is ever given back): a test queued in tests. */
static IrOpd lv_arg_flag(const Lv *v, int i, const IrOpd *a, LvArgTest *tests, int *nt)
{
    if (a->kind == OPD_NONE || a->kind == OPD_STR || a->kind == OPD_ZERO)
        return ir_bool(types_prim(TY_BOOL), true);
    LvArgTest *t = &tests[(*nt)++];
    *t = (LvArgTest){ .ins = { .op = IR_LIVE_TEST, .a = *a, .site = -1, .loc = v->f->ins[i].loc },
                      .at = lv_test_at(v, i, a), .next = -1 };
    t->ins.dst = ir_temp(v->f, types_prim(TY_BOOL));
    return ir_tempopd(v->f, t->ins.dst);
}

/* Each call of a carrier in f: the tests of its carried arguments before
 * it, their answers after its arguments. */
static void lv_pass_flags(const IrProgram *ir, IrFunc *f)
{
    int n = 0;
    for (int i = 0; f && i < f->nins; i++) {
        const IrFunc *g = lv_carrier(ir, &f->ins[i]);
        n += g ? g->ncarry : 0;
    }
    if (n == 0)
        return;
    Lv v = { .ir = ir, .f = f, .found = -1 };
    ir_addressed_locals(f, &v.addressed);
    LvArgTest *tests = SCRATCH_ARRAY(LvArgTest, n);
    int nt = 0, *first = SCRATCH_ARRAY(int, f->nins + 1), *last = SCRATCH_ARRAY(int, f->nins + 1);
    for (int i = 0; i < f->nins; i++) {
        first[i] = last[i] = -1;
        IrIns *call = &f->ins[i];
        const IrFunc *g = lv_carrier(ir, call);
        if (!g)
            continue;
        IrOpd *args = NEW_ARRAY(IrOpd, call->nargs + g->ncarry);
        memcpy(args, call->args, sizeof(IrOpd) * (size_t)call->nargs);
        for (int k = 0; k < g->ncarry; k++)
            args[call->nargs + k] = lv_arg_flag(&v, i, &call->args[g->carry[k].index], tests, &nt);
        call->args = args;
        call->nargs += g->ncarry;
    }
    for (int t = 0; t < nt; t++) {     /* each instruction's list, in the order made */
        int at = tests[t].at;
        if (last[at] >= 0)
            tests[last[at]].next = t;
        else
            first[at] = t;
        last[at] = t;
    }
    IrFunc old = ir_rebuild(f);
    for (int i = 0; i < old.nins; i++) {
        for (int t = first[i]; t >= 0; t = tests[t].next)
            ir_put(f, &tests[t].ins);
        ir_put(f, &old.ins[i]);
    }
}

void pass_live_args(const IrProgram *ir, IrFunc *unused)
{
    (void)unused;
    enum { LV_CHAIN_ROUNDS = 4 };   /* how far up a chain of calls passing a parameter on it reaches */
    bool more = true;
    for (int r = 0; r < LV_CHAIN_ROUNDS && more; r++) {
        more = false;
        for (int i = 0; i < ir->nfuncs; i++)
            more |= lv_choose(ir, ir->funcs[i]);
    }
    for (int i = 0; i < ir->nfuncs; i++)
        lv_drop_odd(ir, ir->funcs[i]);
    lv_drop_odd(ir, ir->init);
    for (int i = 0; i < ir->nfuncs; i++) {
        ArenaMark m = mem_mark(g_scratch);
        lv_pass_flags(ir, ir->funcs[i]);
        mem_release(g_scratch, m);
    }
    lv_pass_flags(ir, ir->init);
}

/* f's checks and tests of the parameters it carries read their flags,
 * copied into temps at the entry (where the guards of versioned loops can
 * take them). Whether it changed f. */
static bool lv_carried(Lv *v)
{
    IrFunc *f = v->f;
    int *flag = SCRATCH_ARRAY(int, f->ncarry + 1), any = 0;
    for (int k = 0; k < f->ncarry; k++)
        flag[k] = -1;
    for (int i = 0; i < f->nins; i++) {
        IrIns *c = &f->ins[i];
        for (int k = 0; k < f->ncarry && lv_is_check(c); k++) {
            if (!lv_reads_param(v, i, f->carry[k].param))
                continue;
            flag[k] = flag[k] < 0 ? ir_temp(f, types_prim(TY_BOOL)) : flag[k];
            if (c->op == IR_LIVE_TEST)
                lv_read_test(v, c, flag[k]);
            else
                lv_read_flag(v, c, flag[k]);
            any++;
        }
    }
    if (any == 0)
        return false;
    IrFunc old = ir_rebuild(f);
    for (int k = 0; k < f->ncarry; k++) {
        Local *l = f->carry[k].flag;
        IrIns mov = { .op = IR_MOV, .dst = flag[k], .a = { .kind = OPD_LOCAL, .type = l->type, .local = l },
                      .site = -1, .loc = l->loc };
        if (flag[k] >= 0)
            ir_put(f, &mov);
    }
    for (int i = 0; i < old.nins; i++)
        ir_put(f, &old.ins[i]);
    return true;
}

/* -O1 and up: the checks proven unnecessary go. */
void pass_live_proofs(const IrProgram *ir, IrFunc *f)
{
    if (ir_count_ops(f, IR_CHECK_LIVE) + ir_count_ops(f, IR_LIVE_TEST) == 0)
        return;
    Lv v = { .ir = ir, .f = f, .found = -1 };
    ir_addressed_locals(f, &v.addressed);
    ir_defs_init(&v.d, f);
    ir_blocks_init(&v.b, f);
    lv_confined(&v);
    lv_sources(&v);
    if (f->ncarry > 0 && lv_carried(&v))
        lv_sources(&v);
    lv_loops(&v);
    lv_guards(&v);
    lv_sources(&v);
    lv_dedupe(&v);
}
