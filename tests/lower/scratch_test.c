/* scratch_test.c — the pass scratch (base/util.h mem_mark, mem_release,
 * mem_grow) and the one IR copying routine (lower/ir.c ir_clone_*), on
 * values built by hand:
 *   scratch/reuse     memory released to a mark is handed out again, zeroed
 *   scratch/nest      a released inner mark leaves the outer allocations
 *   scratch/overflow  a block opened past the mark goes with the release
 *   scratch/grow      mem_grow keeps the items as the array doubles
 *   clone/temps       temps and sites renamed, places and arguments copied
 *   clone/names       a local standing for a place: its root as an operand,
 *                     its projections in front of a place rooted at it
 * One PASS/FAIL line per case; the exit status is the number of failures.
 * Not for: the passes that copy (the goldens compare their output). */
#include "ir.h"

#include <stdio.h>
#include <string.h>

static int failures;
static const Loc NOLOC = { 0, 1, 1 };

static void t_report(const char *name, bool ok)
{
    printf("%s %s\n", ok ? "PASS" : "FAIL", name);
    failures += !ok;
}

static bool t_zero(const unsigned char *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (p[i])
            return false;
    return true;
}

static void t_reuse(void)
{
    ArenaMark m = mem_mark(g_scratch);
    unsigned char *a = mem_alloc(g_scratch, 100);
    memset(a, 0xAB, 100);
    mem_release(g_scratch, m);
    unsigned char *b = mem_alloc(g_scratch, 100);
    t_report("scratch/reuse", a == b && t_zero(b, 100));
    mem_release(g_scratch, m);
}

static void t_nest(void)
{
    ArenaMark outer = mem_mark(g_scratch);
    int *keep = mem_alloc(g_scratch, sizeof(int) * 4);
    keep[3] = 42;
    ArenaMark inner = mem_mark(g_scratch);
    unsigned char *tmp = mem_alloc(g_scratch, 64);
    memset(tmp, 0xFF, 64);
    mem_release(g_scratch, inner);
    unsigned char *again = mem_alloc(g_scratch, 64);
    t_report("scratch/nest", keep[3] == 42 && again == tmp && t_zero(again, 64));
    mem_release(g_scratch, outer);
}

static void t_overflow(void)
{
    ArenaMark m = mem_mark(g_scratch);
    (void)mem_alloc(g_scratch, 16);
    ArenaMark inner = mem_mark(g_scratch);
    char *first = mem_alloc(g_scratch, 16);        /* where the next one goes */
    mem_release(g_scratch, inner);
    (void)mem_alloc(g_scratch, (size_t)256 << 20);    /* more than a block: a block of its own */
    mem_release(g_scratch, inner);
    char *next = mem_alloc(g_scratch, 16);
    t_report("scratch/overflow", next == first);
    mem_release(g_scratch, m);
}

static void t_grow(void)
{
    ArenaMark m = mem_mark(g_scratch);
    int *xs = NULL, len = 0, cap = 0;
    for (int i = 0; i < 1000; i++) {
        xs = mem_grow(g_scratch, xs, &cap, len, sizeof(int));
        xs[len++] = i * 3;
    }
    bool ok = cap >= 1000;
    for (int i = 0; i < len; i++)
        ok = ok && xs[i] == i * 3;
    t_report("scratch/grow", ok);
    mem_release(g_scratch, m);
}

static IrFunc *t_func(int ntemps)
{
    IrFunc *f = ir_func_new(NULL, "t");
    for (int i = 0; i < ntemps; i++)
        ir_temp(f, NULL);
    return f;
}

static int t_site(void *ctx, int s)
{
    return ((const int *)ctx)[s];
}

static void t_clone_temps(void)
{
    IrFunc *src = t_func(3), *dst = t_func(0);
    int site = ir_site(src, NOLOC, NULL, IR_CHECK_INDEX);
    IrIns *in = ir_emit(src, IR_CALL, NOLOC);
    in->dst = 2;
    in->a = ir_tempopd(src, 0);
    in->args = NEW_ARRAY(IrOpd, 2);
    in->args[0] = ir_tempopd(src, 1);
    in->args[1] = ir_int(NULL, 7);
    in->nargs = 2;
    in->place = ir_place_proj(ir_place_root(ir_tempopd(src, 0), NULL), PJ_SINDEX, 0, ir_tempopd(src, 1), NULL);
    in->site = site;
    int temps[3] = { 10, 11, 12 }, sites[1] = { 5 };
    IrClone map = { temps, 3, t_site, NULL, sites };
    const IrIns *out = ir_clone_ins(dst, in, &map);
    bool ok = dst->nins == 1 && out->dst == 12 && out->a.temp == 10 && out->args != in->args &&
              out->args[0].temp == 11 && out->args[1].i == 7 && out->place != in->place &&
              out->place->root.temp == 10 && out->place->proj != in->place->proj &&
              out->place->proj[0].index.temp == 11 && out->site == 5 &&
              in->a.temp == 0 && in->args[0].temp == 1 && in->place->proj[0].index.temp == 1;
    t_report("clone/temps", ok);
}

typedef struct TName {
    const Local *l;
    IrPlace at;     /* what l stands for */
} TName;

static const IrPlace *t_name(void *ctx, const IrOpd *o)
{
    const TName *n = ctx;
    return o->kind == OPD_LOCAL && o->local == n->l ? &n->at : NULL;
}

static void t_clone_names(void)
{
    IrFunc *src = t_func(1), *dst = t_func(0);
    Local l = { .name = "p" };
    IrOpd lo = { .kind = OPD_LOCAL, .local = &l };
    IrIns *in = ir_emit(src, IR_STORE, NOLOC);
    in->a = lo;
    in->place = ir_place_proj(ir_place_root(lo, NULL), PJ_FIELD, 2, ir_none(), NULL);
    IrProj pre = { .kind = PJ_DEREF };
    TName n = { &l, { .root = ir_tempopd(src, 0), .proj = &pre, .nproj = 1 } };
    IrClone map = { NULL, 0, NULL, t_name, &n };
    const IrIns *out = ir_clone_ins(dst, in, &map);
    const IrPlace *p = out->place;
    bool ok = out->a.kind == OPD_TEMP && out->a.temp == 0 && p->root.kind == OPD_TEMP && p->nproj == 2 &&
              p->proj[0].kind == PJ_DEREF && p->proj[1].kind == PJ_FIELD && p->proj[1].field == 2 &&
              in->place->nproj == 1 && in->place->root.kind == OPD_LOCAL;
    t_report("clone/names", ok);
}

int main(void)
{
    t_reuse();
    t_nest();
    t_overflow();
    t_grow();
    t_clone_temps();
    t_clone_names();
    return failures;
}
