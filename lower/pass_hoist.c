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

#include <stdlib.h>
#include <string.h>

enum { HO_SCAN = 32, HO_DEPTH = 8 };

typedef struct Ho {
    IrFunc *f;
    IrDefs d;       /* d.ndef: per temp, instructions writing it (moving keeps the counts) */
    IrBlocks b;     /* b.els: per IF its ELSE, or 0; kept up to date as IFs move */
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

/* The instruction in (lo, hi) writing temp t, or -1. */
static int ho_def_in(const IrFunc *f, int t, int lo, int hi)
{
    for (int i = hi - 1; i > lo; i--)
        if (f->ins[i].dst == t)
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

static bool ho_same(const Ho *h, HoArm *x, const IrOpd *a, HoArm *y, const IrOpd *b, int depth);

static bool ho_same_ins(const Ho *h, HoArm *x, const IrIns *p, HoArm *y, const IrIns *q, int depth)
{
    if (p->op != q->op || p->aux != q->aux || p->type != q->type || !ho_movable(h, p) || !ho_movable(h, q) ||
        !ho_same(h, x, &p->a, y, &q->a, depth) || !ho_same(h, x, &p->b, y, &q->b, depth) ||
        !ho_same(h, x, &p->c, y, &q->c, depth))
        return false;
    if (!p->place)
        return !q->place;
    if (!q->place || p->place->nproj != q->place->nproj ||
        !ho_same(h, x, &p->place->root, y, &q->place->root, depth))
        return false;
    for (int k = 0; k < p->place->nproj; k++)
        if (p->place->proj[k].kind != q->place->proj[k].kind || p->place->proj[k].field != q->place->proj[k].field)
            return false;
    return true;
}

/* a (read in arm x) and b (read in arm y) hold the same value at the if;
 * marks the arm instructions computing a to move. */
static bool ho_same(const Ho *h, HoArm *x, const IrOpd *a, HoArm *y, const IrOpd *b, int depth)
{
    int leaf = ir_opd_same_leaf(a, b);
    if (leaf >= 0)
        return leaf;
    int da = ho_def_in(h->f, a->temp, x->lo, x->hi), db = ho_def_in(h->f, b->temp, y->lo, y->hi);
    if (da < 0 || db < 0)   /* both from before the if, or not comparable */
        return da < 0 && db < 0 && a->temp == b->temp;
    if (depth >= HO_DEPTH || !ho_same_ins(h, x, &h->f->ins[da], y, &h->f->ins[db], depth + 1))
        return false;
    x->mv[da - x->lo - 1] = true;
    return true;
}

/* Moves the marked prefix instructions of the then-arm and its check
 * (at ct) in front of the IF at i; returns the IF's new index. */
static int ho_move(IrFunc *f, int i, int ct, const bool *mv)
{
    int n = ct - i + 1, k = 0;
    IrIns *tmp = (IrIns *)malloc(sizeof(IrIns) * (size_t)n);
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
    free(tmp);
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
    bool *mt = (bool *)calloc((size_t)(ct - i) + 1, 1), *me = (bool *)calloc((size_t)(ce - e) + 1, 1);
    HoArm x = { i, ct, mt }, y = { e, ce, me };
    int at = -1;
    if (ho_same(h, &x, &f->ins[ct].a, &y, &f->ins[ce].a, 0) && ho_same(h, &x, &f->ins[ct].b, &y, &f->ins[ce].b, 0)) {
        IrIns *c = &f->ins[ct];
        const IrIns *cond = &f->ins[i];
        int then_site = c->site, else_site = f->ins[ce].site;
        c->c = cond->a;
        c->site = cond->aux & IR_IF_NOT ? else_site : then_site;        /* when c is true */
        c->site_unless = 1 + (cond->aux & IR_IF_NOT ? then_site : else_site);
        f->ins[ce].op = IR_NOP;
        at = ho_move(f, i, ct, mt);
    }
    free(mt);
    free(me);
    return at;
}

void pass_hoist(const IrProgram *ir, IrFunc *f)
{
    Ho h = { .f = f };
    int merged = 0;
    ir_defs_init(&h.d, f);
    ir_blocks_init(&h.b, f);
    for (int i = 0; i < f->nins; i++) {
        if (f->ins[i].op != IR_IF || !h.b.els[i])
            continue;
        for (int at, e = h.b.els[i]; (at = ho_one(&h, i)) >= 0; merged++) {
            h.b.els[at] = e;        /* the IF moved down past what went up */
            i = at;
        }
    }
    ir_defs_free(&h.d);
    ir_blocks_free(&h.b);
    f->checks_removed += merged;
}
