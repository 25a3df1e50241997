/* ir_verify.c — the IR verifier: the invariants the passes rely on and must
 * keep, checked after lowering and after every pass of the pipeline
 * (pipeline.c) when --verify-ir is given, and always in a build without
 * NDEBUG. Per function:
 *   - block structure: IF/ELSE/ENDIF, LOOP/ENDLOOP and FOR/ENDFOR
 *     balanced, at most one ELSE per IF and none elsewhere, BREAK,
 *     CONTINUE and BRK_UNLESS only inside a loop;
 *   - operand shapes: per op (iv_shape), the kinds of operand a, b and c,
 *     and whether it must, may or must not carry a dst, a place,
 *     arguments, a fn, a local, a runtime function and a site; temps and
 *     sites in range, places rooted at a temp, local or global, an index
 *     on exactly the indexing projections;
 *   - definitions before uses: a temp is read only where its definition
 *     is earlier in a block still open (the same or an enclosing one),
 *     never when it was defined inside a closed block or the other arm
 *     of an if, so it holds a value on every path that reaches the read;
 *   - single definitions: one instruction writes each temp, except the
 *     one exception ir.h documents: the result of && and ||, written by a
 *     MOV before an IF that tests it and by a MOV inside that IF's arm.
 * A NOP (a deleted instruction, fields kept) reads and writes nothing.
 * A failure names the pass it followed, the function and the instruction,
 * and stops through fatal_internal (status 2).
 * Not for: whether a pass's rewrite is sound (what a deleted check proved):
 * the golden IR and run tests pin that. */
#include "ir.h"

#include <stdarg.h>

/* Operand kinds a slot may hold, one bit per IrOpdKind. */
enum {
    K_NONE = 1u << OPD_NONE,
    K_VAL = (1u << OPD_TEMP) | (1u << OPD_LOCAL) | (1u << OPD_GLOBAL) | (1u << OPD_INT) |
            (1u << OPD_F64) | (1u << OPD_BOOL) | (1u << OPD_STR) | (1u << OPD_ZERO),
    K_OPT = K_VAL | K_NONE,
};

/* The other fields: NEED_ must be present, MAY_ may be, and a field
 * neither names must be absent. */
enum {
    NEED_DST = 1 << 0,
    MAY_DST = 1 << 1,
    NEED_PLACE = 1 << 2,
    MAY_ARGS = 1 << 3,
    NEED_FN = 1 << 4,
    NEED_LOCAL = 1 << 5,
    NEED_RT = 1 << 6,
    NEED_SITE = 1 << 7,
    MAY_SITE = 1 << 8,
    COUNTER = 1 << 9,       /* FOR: its counter is a local or a dst, one of them */
    MAY_PLACE = 1 << 10,
};

typedef struct IvShape {
    unsigned a, b, c;       /* operand kinds allowed (0: the op has no row) */
    unsigned has;
} IvShape;

#define N K_NONE
#define V K_VAL
#define O K_OPT
static const IvShape iv_shape[IR__COUNT] = {
    [IR_MOV] = { V, N, N, NEED_DST },
    [IR_LOAD] = { N, N, N, NEED_DST | NEED_PLACE },
    [IR_STORE] = { V, N, N, NEED_PLACE },
    [IR_ADDR] = { N, N, N, NEED_DST | NEED_PLACE },
    [IR_DECL] = { O, N, N, NEED_LOCAL },
    [IR_BIN] = { V, V, N, NEED_DST },
    [IR_UN] = { V, N, N, NEED_DST },
    [IR_CAST] = { V, N, N, NEED_DST },
    [IR_SELECT] = { V, V, V, NEED_DST },
    [IR_STRUCT] = { N, N, N, NEED_DST | MAY_ARGS },
    [IR_ARRAY] = { N, N, N, NEED_DST | MAY_ARGS },
    [IR_REPEAT] = { V, N, N, NEED_DST },
    [IR_SOME] = { V, N, N, NEED_DST },
    [IR_SLICE] = { V, V, V, NEED_DST },
    [IR_FNVAL] = { N, N, N, NEED_DST | NEED_FN },
    [IR_CLOSURE] = { N, N, N, NEED_DST | NEED_FN },
    [IR_CALL] = { N, N, N, MAY_DST | MAY_ARGS | NEED_FN | MAY_SITE },
    [IR_CALLV] = { V, N, N, MAY_DST | MAY_ARGS | NEED_SITE },
    [IR_RT] = { N, N, N, MAY_DST | MAY_ARGS | NEED_RT | MAY_SITE },
    [IR_MAKE] = { V, O, N, NEED_DST | NEED_SITE },
    [IR_PUSH] = { V, N, N, NEED_PLACE | MAY_SITE },
    [IR_POP] = { N, N, N, MAY_DST | NEED_PLACE },
    [IR_CLEAR] = { N, N, N, NEED_PLACE },
    [IR_COPY] = { V, V, V, 0 },            /* c: the length CHECK_LEN compared */
    [IR_ZEROFILL] = { V, N, N, 0 },
    [IR_DELETE] = { V, N, N, NEED_SITE },
    [IR_PANIC] = { V, N, N, NEED_SITE },
    [IR_FAIL_ASSERT] = { V, N, N, NEED_SITE },
    [IR_PRIM] = { N, N, N, MAY_DST | MAY_ARGS | MAY_SITE },
    [IR_BORROW] = { O, N, N, MAY_DST },
    [IR_CHECK_LIVE] = { O, N, N, NEED_SITE | MAY_PLACE },
    [IR_LIVE_TEST] = { O, N, N, NEED_DST | MAY_PLACE },
    [IR_CHECK_INDEX] = { V, V, N, NEED_SITE },
    [IR_CHECK_SLICE] = { V, V, V, NEED_SITE },
    [IR_CHECK_DIV] = { V, N, N, NEED_SITE },
    [IR_CHECK_DIVOVF] = { V, V, N, NEED_SITE },
    [IR_CHECK_SHIFT] = { V, N, N, NEED_SITE },
    [IR_CHECK_F2I] = { V, N, N, NEED_SITE },
    [IR_CHECK_UNWRAP] = { V, N, N, NEED_SITE },
    [IR_CHECK_POP] = { V, N, N, NEED_SITE },
    [IR_CHECK_ASSERT] = { V, N, N, NEED_SITE },
    [IR_CHECK_LEN] = { V, V, N, NEED_SITE },
    [IR_IF] = { V, O, N, MAY_ARGS },      /* b, args: IR_IF_SWITCH's key and cases */
    [IR_ELSE] = { N, N, N, 0 },
    [IR_ENDIF] = { N, N, N, 0 },
    [IR_LOOP] = { N, N, N, 0 },
    [IR_ENDLOOP] = { N, N, N, 0 },
    [IR_FOR] = { V, V, N, COUNTER },
    [IR_ENDFOR] = { N, N, N, 0 },
    [IR_BRK_UNLESS] = { V, N, N, 0 },
    [IR_BREAK] = { N, N, N, 0 },
    [IR_CONTINUE] = { N, N, N, 0 },
    [IR_RET] = { O, N, N, 0 },
    [IR_NOP] = { O, O, O, 0 },
};
#undef N
#undef V
#undef O

/* One open block: its opener, and for an IF whether its ELSE was seen. */
typedef struct IvBlock {
    int at;
    bool in_else;
} IvBlock;

typedef struct Iv {
    const IrFunc *f;
    StrBuf *why;
    bool failed;
    int at;                 /* the instruction being checked */
    IvBlock *open;          /* open blocks, outermost first; open[0] the body */
    int *arm;               /* per depth: the number of the block arm open there */
    int depth, narms, nloops;
    int *ndef, *def0;       /* per temp: its definitions, the first of them */
    int *def_depth, *def_arm;   /* per temp: where the first definition is */
} Iv;

static void iv_fail(Iv *v, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void iv_fail(Iv *v, const char *fmt, ...)
{
    if (v->failed)
        return;
    v->failed = true;
    const IrFunc *f = v->f;
    IrOp op = v->at < f->nins ? f->ins[v->at].op : IR_NOP;
    if (v->at < f->nins && op >= IR__COUNT)
        sb_printf(v->why, "instruction %d (op %d): ", v->at, (int)op);
    else if (v->at < f->nins)
        sb_printf(v->why, "instruction %d (%s): ", v->at, ir_op_info[op].name);
    else
        sb_printf(v->why, "end of function (%d instructions): ", f->nins);
    va_list ap;
    va_start(ap, fmt);
    sb_vprintf(v->why, fmt, ap);
    va_end(ap);
}

/* ---- block structure ---- */

static bool iv_is_loop(IrOp op) { return op == IR_LOOP || op == IR_FOR; }

static void iv_open(Iv *v, int i)
{
    v->depth++;
    v->open[v->depth] = (IvBlock){ i, false };
    v->arm[v->depth] = ++v->narms;
    v->nloops += iv_is_loop(v->f->ins[i].op);
}

static void iv_else(Iv *v)
{
    IvBlock *b = &v->open[v->depth];
    if (v->depth == 0 || v->f->ins[b->at].op != IR_IF)
        iv_fail(v, "ELSE outside an IF");
    else if (b->in_else)
        iv_fail(v, "a second ELSE for the IF at %d", b->at);
    b->in_else = true;
    v->arm[v->depth] = ++v->narms;     /* the then arm's temps are out of scope */
}

static void iv_close(Iv *v, IrOp op)
{
    IrOp want = op == IR_ENDIF ? IR_IF : op == IR_ENDLOOP ? IR_LOOP : IR_FOR;
    if (v->depth == 0 || v->f->ins[v->open[v->depth].at].op != want) {
        iv_fail(v, "%s closes no open %s", ir_op_info[op].name, ir_op_info[want].name);
        return;
    }
    v->nloops -= iv_is_loop(want);
    v->depth--;
}

static void iv_nest(Iv *v, const IrIns *in)
{
    if (in->op == IR_ELSE)
        iv_else(v);
    else if (ir_op_info[in->op].nesting > 0)
        iv_open(v, v->at);
    else if (ir_op_info[in->op].nesting < 0)
        iv_close(v, in->op);
    else if ((in->op == IR_BREAK || in->op == IR_CONTINUE || in->op == IR_BRK_UNLESS) && v->nloops == 0)
        iv_fail(v, "outside any loop");
}

/* ---- operands ---- */

/* Temp t is defined in a block arm still open at the read. */
static bool iv_visible(const Iv *v, int t)
{
    int d = v->def_depth[t];
    return v->ndef[t] > 0 && d <= v->depth && v->arm[d] == v->def_arm[t];
}

static void iv_temp(Iv *v, const IrOpd *o)
{
    int t = o->temp;
    if (t < 0 || t >= v->f->ntemps)
        iv_fail(v, "temporary t%d out of range (%d temps)", t, v->f->ntemps);
    else if (v->ndef[t] == 0)
        iv_fail(v, "t%d read before any definition", t);
    else if (!iv_visible(v, t))
        iv_fail(v, "t%d read outside the block that defines it (instruction %d)", t, v->def0[t]);
    else if (o->type != v->f->temps[t])
        iv_fail(v, "t%d read with a type other than its own", t);
}

static const char *const iv_kind_name[] = {
    [OPD_NONE] = "none", [OPD_TEMP] = "temp", [OPD_LOCAL] = "local", [OPD_GLOBAL] = "global",
    [OPD_INT] = "int", [OPD_F64] = "f64", [OPD_BOOL] = "bool", [OPD_STR] = "str", [OPD_ZERO] = "zero",
};

static void iv_opd(Iv *v, const IrOpd *o, unsigned kinds, const char *slot)
{
    if ((unsigned)o->kind > OPD_ZERO) {
        iv_fail(v, "operand %s: no operand kind %d", slot, (int)o->kind);
        return;
    }
    if (!(kinds & (1u << o->kind))) {
        iv_fail(v, "operand %s: kind %s not allowed here", slot, iv_kind_name[o->kind]);
        return;
    }
    if (o->kind == OPD_TEMP)
        iv_temp(v, o);
    else if ((o->kind == OPD_LOCAL && !o->local) || (o->kind == OPD_GLOBAL && !o->global))
        iv_fail(v, "operand %s: a local or global operand names none", slot);
}

static bool iv_indexing(IrProjKind k) { return k == PJ_AINDEX || k == PJ_SINDEX; }

static void iv_place(Iv *v, const IrPlace *p)
{
    IrOpdKind r = p->root.kind;
    if (r != OPD_TEMP && r != OPD_LOCAL && r != OPD_GLOBAL) {
        iv_fail(v, "place root is not a temp, local or global");
        return;
    }
    iv_opd(v, &p->root, K_VAL, "place root");
    for (int k = 0; k < p->nproj; k++)
        iv_opd(v, &p->proj[k].index, iv_indexing(p->proj[k].kind) ? K_VAL : K_NONE, "place index");
}

/* ---- the op's shape ---- */

static bool iv_has(const IvShape *s, unsigned need, unsigned may, bool present)
{
    return present ? (s->has & (need | may)) != 0 : !(s->has & need);
}

static void iv_dst_shape(Iv *v, const IrIns *in, const IvShape *s)
{
    if (in->dst < -1 || in->dst >= v->f->ntemps)
        iv_fail(v, "destination t%d out of range (%d temps)", in->dst, v->f->ntemps);
    else if (s->has & COUNTER) {
        if ((in->dst >= 0) == (in->local != NULL))
            iv_fail(v, "a FOR counts in a local or a temp: one of them");
    } else if (!iv_has(s, NEED_DST, MAY_DST, in->dst >= 0)) {
        iv_fail(v, in->dst >= 0 ? "writes a temp it has no result for" : "has no destination temp");
    }
}

static void iv_site_shape(Iv *v, const IrIns *in, const IvShape *s)
{
    if (in->site < -1 || in->site >= v->f->nsites)
        iv_fail(v, "site %d out of range (%d sites)", in->site, v->f->nsites);
    else if (!iv_has(s, NEED_SITE, MAY_SITE, in->site >= 0))
        iv_fail(v, in->site >= 0 ? "carries a site it does not report at" : "has no site");
    else if (in->site_unless < 0 || in->site_unless > v->f->nsites)
        iv_fail(v, "else-site %d out of range (%d sites)", in->site_unless - 1, v->f->nsites);
    else if (in->site_unless > 0 && (!ir_op_info[in->op].is_check || s->c != K_NONE))
        iv_fail(v, "an else-site on an op whose operand c is not free for the if's test");
}

static void iv_fields(Iv *v, const IrIns *in, const IvShape *s)
{
    iv_dst_shape(v, in, s);
    iv_site_shape(v, in, s);
    if (!iv_has(s, NEED_PLACE, MAY_PLACE, in->place != NULL))
        iv_fail(v, in->place ? "carries a place it does not use" : "has no place");
    if (in->nargs < 0 || (in->nargs > 0 && (!in->args || !(s->has & MAY_ARGS))))
        iv_fail(v, "carries %d arguments it cannot have", in->nargs);
    if (!iv_has(s, NEED_FN, 0, in->fn != NULL))
        iv_fail(v, in->fn ? "names a function it does not use" : "names no function");
    if (!iv_has(s, NEED_LOCAL, COUNTER, in->local != NULL))
        iv_fail(v, in->local ? "names a local it does not use" : "names no local");
    if (!iv_has(s, NEED_RT, 0, in->rt != NULL))
        iv_fail(v, in->rt ? "names a runtime function it does not use" : "names no runtime function");
}

/* Every operand in reads, checked against the op's shape. */
static void iv_reads(Iv *v, const IrIns *in, const IvShape *s)
{
    iv_opd(v, &in->a, s->a, "a");
    iv_opd(v, &in->b, s->b, "b");
    iv_opd(v, &in->c, in->site_unless > 0 ? K_VAL : s->c, "c");
    for (int k = 0; k < in->nargs && in->args; k++)
        iv_opd(v, &in->args[k], K_VAL, "argument");
    if (in->place)
        iv_place(v, in->place);
}

/* ---- definitions ---- */

/* A second write of t is the && / || join (ir.h): t = MOV lhs before an
 * IF testing t, t = MOV rhs in that IF's then arm, both in the block
 * around the IF. */
static bool iv_join_write(const Iv *v, const IrIns *in, int t)
{
    if (v->ndef[t] != 1 || v->depth == 0 || in->op != IR_MOV || v->f->ins[v->def0[t]].op != IR_MOV)
        return false;
    const IvBlock *b = &v->open[v->depth];
    const IrIns *test = &v->f->ins[b->at];
    return test->op == IR_IF && !b->in_else && test->a.kind == OPD_TEMP && test->a.temp == t &&
           v->def_depth[t] == v->depth - 1 && v->def_arm[t] == v->arm[v->depth - 1];
}

static void iv_def(Iv *v, const IrIns *in)
{
    int t = in->dst;
    if (t < 0 || t >= v->f->ntemps)
        return;
    if (v->ndef[t] > 0 && !iv_join_write(v, in, t)) {
        iv_fail(v, "t%d written again (first by instruction %d)", t, v->def0[t]);
        return;
    }
    if (v->ndef[t]++ == 0) {
        v->def0[t] = v->at;
        v->def_depth[t] = v->depth;     /* a FOR's counter: inside its loop */
        v->def_arm[t] = v->arm[v->depth];
    }
}

/* An IF carries a key and cases exactly when it is a match arm. */
static void iv_switch(Iv *v, const IrIns *in)
{
    bool sw = (in->aux & IR_IF_SWITCH) != 0;
    if (!sw && (in->b.kind != OPD_NONE || in->nargs > 0))
        iv_fail(v, "a key or cases on an IF that is no match arm");
    if (!sw)
        return;
    if (in->b.kind == OPD_NONE || in->nargs == 0)
        iv_fail(v, "a match arm without its key or cases");
    for (int k = 0; k < in->nargs; k++)
        if (in->args[k].kind != OPD_INT || in->args[k].type != in->b.type)
            iv_fail(v, "case %d of a match arm is not a constant of its key's type", k);
}

static void iv_ins(Iv *v, const IrIns *in)
{
    const IvShape *s = in->op < IR__COUNT ? &iv_shape[in->op] : NULL;
    if (!s || s->a == 0) {
        iv_fail(v, "op %d has no row in the verifier's table", (int)in->op);
        return;
    }
    if (in->op == IR_NOP)
        return;
    if (ir_op_info[in->op].is_check && in->site < 0)
        iv_fail(v, "check without a site");
    iv_fields(v, in, s);
    if (in->op == IR_IF)
        iv_switch(v, in);
    if (!v->failed)
        iv_reads(v, in, s);
    iv_nest(v, in);
    if (!v->failed)
        iv_def(v, in);
}

bool ir_verify_func(const IrFunc *f, StrBuf *why)
{
    size_t nt = (size_t)f->ntemps + 1, ni = (size_t)f->nins + 2;
    Iv v = { .f = f, .why = why };
    ArenaMark m = mem_mark(g_scratch);
    v.open = SCRATCH_ARRAY(IvBlock, ni);
    v.arm = SCRATCH_ARRAY(int, ni);
    v.ndef = SCRATCH_ARRAY(int, nt);
    v.def0 = SCRATCH_ARRAY(int, nt);
    v.def_depth = SCRATCH_ARRAY(int, nt);
    v.def_arm = SCRATCH_ARRAY(int, nt);
    for (v.at = 0; v.at < f->nins && !v.failed; v.at++)
        iv_ins(&v, &f->ins[v.at]);
    if (!v.failed && v.depth != 0)
        iv_fail(&v, "%d blocks left open (the innermost at %d)", v.depth, v.open[v.depth].at);
    mem_release(g_scratch, m);
    return !v.failed;
}

void ir_verify(const IrProgram *ir, const char *after)
{
    StrBuf why = { 0 };
    for (int i = 0; i <= ir->nfuncs; i++) {
        const IrFunc *f = i < ir->nfuncs ? ir->funcs[i] : ir->init;
        if (f && !ir_verify_func(f, &why))
            fatal_internal("IR verifier, after %s: function %s: %s", after, f->cname, sb_cstr(&why));
    }
}
