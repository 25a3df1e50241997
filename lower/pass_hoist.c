/* pass_hoist.c — -O2: an index check that both arms of an `if ... else`
 * begin with is done once, before the `if`.
 *
 *     if a[j] < a[i] { tmp[k] = a[j]; j += 1 } else { tmp[k] = a[i]; i += 1 }
 *
 * checks k < tmp.len first in either arm. Done before the branch, the arms
 * hold no check, and the C compiler can turn them into a select: a merge
 * loop without a mispredicted branch per element.
 *
 * What the program does is unchanged: on every path the check runs at the
 * same point (before the first effect of the arm that runs) on the same
 * values, and a failure reports the site of that arm: the check keeps
 * both sites and picks one by the if's test (ins->c, ins->site_unless),
 * on the cold path only. The two checks must be the first instruction of
 * their arms that is not a pure value, and their operands the same values:
 * the same locals, globals, constants and outer temporaries, or temporaries
 * computed in the arms by the same loads of header fields and arithmetic.
 * Only that computation moves above the `if`, and it cannot fault: no
 * element loads, no division, no shifts, no float conversions.
 * Not for: proving checks (pass_bce.c, pass_facts.c). */
#include "pass.h"

#include <string.h>

enum { HO_SCAN = 32, HO_DEPTH = 7 };   /* HO_DEPTH: definitions compared (ir_same) */

typedef struct Ho {
    IrFunc *f;
    IrBlocks b;     /* b.els: per IF its ELSE, or 0; kept up to date as IFs move */
    ArenaMark m;    /* the scratch after b: d is made again over it */
    IrDefs d;       /* who writes each temp: made again after each move */
} Ho;

/* The first instruction after `from` that is not a pure value (NOPs are
 * skipped), or -1 past HO_SCAN. */
static int ho_first_effect(const IrFunc *f, int from)
{
    for (int i = from + 1; i < f->nins && i <= from + HO_SCAN; i++)
        if (f->ins[i].op != IR_NOP && !ir_op_info[f->ins[i].op].pure)
            return i;
    return -1;
}

/* A place read without faulting: a local's or global's fields and headers. */
static bool ho_safe_place(const IrPlace *p)
{
    if (p->root.kind != OPD_LOCAL && p->root.kind != OPD_GLOBAL)
        return false;
    for (int k = 0; k < p->nproj; k++) {
        IrProjKind j = p->proj[k].kind;
        if (j != PJ_FIELD && j != PJ_LEN && j != PJ_CAP && j != PJ_HAS && j != PJ_VAL)
            return false;
    }
    return true;
}

/* in may run before the if: it cannot fault and writes a temp of its own. */
static bool ho_movable(const Ho *h, const IrIns *in)
{
    if (in->dst < 0 || h->d.ndef[in->dst] != 1)
        return false;
    switch (in->op) {
    case IR_MOV: case IR_UN: return true;
    case IR_CAST: return type_is_int(in->type) && type_is_int(in->a.type);
    case IR_BIN:
        return in->aux != BIN_DIV && in->aux != BIN_MOD && in->aux != BIN_SHL && in->aux != BIN_SHR &&
               in->aux != BIN_LAND && in->aux != BIN_LOR;
    case IR_LOAD: return ho_safe_place(in->place);
    default: return false;
    }
}

typedef struct HoArm {
    int lo, hi;     /* the arm's prefix: instructions in (lo, hi) */
    bool *mv;       /* per instruction of the prefix: moves with the check */
} HoArm;

/* The arms being compared: the then arm (side 0) and the else arm. */
typedef struct HoArms {
    const Ho *h;
    HoArm *arm[2];
} HoArms;

/* A definition in an arm's prefix that can move above the if stands for
 * its value there: the prefix is pure, so what it reads holds the value
 * it had at the if. Temporaries from before the if are the same value
 * only as themselves. */
static bool ho_def_ok(const IrSame *s, int side, int def)
{
    const HoArms *a = s->ctx;
    const HoArm *x = a->arm[side];
    return def > x->lo && def < x->hi && ho_movable(a->h, &a->h->f->ins[def]);
}

/* Marks the then-arm prefix instructions computing operand o to move. */
static void ho_mark(const Ho *h, HoArm *x, const IrOpd *o)
{
    const IrIns *d = ir_defs_one(&h->d, o);
    int at = d ? h->d.def[o->temp] : -1;
    if (at <= x->lo || at >= x->hi || x->mv[at - x->lo - 1])
        return;
    x->mv[at - x->lo - 1] = true;
    ho_mark(h, x, &d->a);
    ho_mark(h, x, &d->b);
    ho_mark(h, x, &d->c);
    if (d->place)
        ho_mark(h, x, &d->place->root);
}

/* Moves the marked prefix instructions of the then-arm and its check
 * (at ct, at most HO_SCAN after i) in front of the IF at i; returns the
 * IF's new index. */
static int ho_move(IrFunc *f, int i, int ct, const bool *mv)
{
    int n = ct - i + 1, k = 0;
    IrIns tmp[HO_SCAN + 1];
    for (int j = i + 1; j < ct; j++)
        if (mv[j - i - 1])
            tmp[k++] = f->ins[j];
    tmp[k++] = f->ins[ct];
    int at = i + k;
    tmp[k++] = f->ins[i];
    for (int j = i + 1; j < ct; j++)
        if (!mv[j - i - 1])
            tmp[k++] = f->ins[j];
    memcpy(&f->ins[i], tmp, sizeof(IrIns) * (size_t)n);
    return at;
}

/* One check out of the arms of the IF at i; its new index, or -1. */
static int ho_one(Ho *h, int i)
{
    IrFunc *f = h->f;
    int e = h->b.els[i], ct = ho_first_effect(f, i), ce = ho_first_effect(f, e);
    if (ct < 0 || ce < 0 || f->ins[ct].op != IR_CHECK_INDEX || f->ins[ce].op != IR_CHECK_INDEX ||
        f->ins[ct].site_unless || f->ins[ce].site_unless || ct > e)
        return -1;
    bool mt[HO_SCAN + 1] = { false };
    HoArm x = { i, ct, mt }, y = { e, ce, NULL };
    HoArms arms = { h, { &x, &y } };
    IrSame same = { &h->d, HO_DEPTH, ho_def_ok, &arms };
    int at = -1;
    if (ir_same(&same, &f->ins[ct].a, &f->ins[ce].a) && ir_same(&same, &f->ins[ct].b, &f->ins[ce].b)) {
        IrIns *c = &f->ins[ct];
        ho_mark(h, &x, &c->a);
        ho_mark(h, &x, &c->b);
        const IrIns *cond = &f->ins[i];
        int then_site = c->site, else_site = f->ins[ce].site;
        c->c = cond->a;
        c->site = cond->aux & IR_IF_NOT ? else_site : then_site;        /* when c is true */
        c->site_unless = 1 + (cond->aux & IR_IF_NOT ? then_site : else_site);
        f->ins[ce].op = IR_NOP;
        at = ho_move(f, i, ct, mt);
    }
    return at;
}

void pass_hoist(const IrProgram *ir, IrFunc *f)
{
    Ho h = { .f = f };
    int merged = 0;
    ir_blocks_init(&h.b, f);
    h.m = mem_mark(g_scratch);
    ir_defs_init(&h.d, f);
    for (int i = 0; i < f->nins; i++) {
        if (f->ins[i].op != IR_IF || !h.b.els[i])
            continue;
        for (int at, e = h.b.els[i]; (at = ho_one(&h, i)) >= 0; merged++) {
            h.b.els[at] = e;        /* the IF moved down past what went up */
            i = at;
            mem_release(g_scratch, h.m);
            ir_defs_init(&h.d, f);
        }
    }
    f->checks_removed += merged;
}
