/* pass_fields.c — struct fields and globals whose slice header only their
 * own place ever holds (issue 27's lifetime proofs;
 * docs/temporal_safety.md).
 *
 * A home F — a slice field (of one struct instance type) or a global slice
 * variable — is confined when, in the whole program as it ends up:
 *   - a header is stored into F only when it is fresh: the zero value, or a
 *     `make` (or a struct literal of such) that nothing else uses;
 *   - a header read from F is used only to index it, read its len or cap,
 *     or be checked, never copied, passed, viewed or freed; or deleted
 *     when F's place is then never seen stale: a fresh header is stored
 *     into it next (`delete(g); g = make(...)`), or it is a field of a
 *     local struct variable named by nothing after the delete, outside
 *     any loop (`delete(t.cells)` as the variable's last use);
 *   - F's place is otherwise only pushed, popped, cleared or checked, or
 *     its address handed to __grow_stable (which never moves storage);
 *   - no value of a type holding F is copied (a struct or array of it
 *     loaded, stored, passed or returned, or elements of a slice of it
 *     copied), captured by a closure, or reached by runtime code.
 * A by-value parameter counts as fresh where every call passes a fresh
 * value for it and the function only stores it whole, at most once a call
 * (a sink: `p.slots.push(v)`, or `p.slots[k] = v` and return), so a
 * struct literal handed to a pool's `alloc` keeps its fields confined.
 * Then F's storage is given back only through F itself (a push that moves
 * it stores the new header in F), so the header in F is never stale: a
 * check of it, or of a header read from it with nothing in between that
 * may change F, is unnecessary (pass_live.c, lv_confined).
 * The answer is the set of homes (the FieldInfo of a field, the Global of
 * a global) some instruction breaks a rule for (IrProgram.shared_homes); a
 * home never named by a place counts as shared too (IrProgram.seen_homes).
 * A global named as a value (not as a place) is shared. Not for: strings
 * (views share their bytes freely) or refs (pass_borrow.c). */
#include "pass.h"

#include <string.h>

typedef struct Lf {
    const IrProgram *ir;
    const IrFunc *f;
    IrDefs d;
    int *uses;              /* per temp: how many operands and place roots name it */
    PtrSet sinks;           /* parameters (Local) their function only stores whole, once a call */
    PtrSet stale;           /* ... of them, those some call passes a value that is not fresh */
    PtrSet called;          /* functions (IrFunc) some instruction calls directly */
} Lf;

static const Type *lf_deref(const Type *t)
{
    return t && t->kind == TY_REF ? t->elem : t;
}

/* The slice field projection j of p selects, or NULL. */
static const FieldInfo *lf_field(const IrPlace *p, int j)
{
    const IrProj *pj = &p->proj[j];
    const Type *c = lf_deref(j == 0 ? p->root.type : p->proj[j - 1].type);
    if (pj->kind != PJ_FIELD || !c || c->kind != TY_STRUCT || pj->field < 0 || pj->field >= c->st->nfields)
        return NULL;
    const FieldInfo *fi = &c->st->fields[pj->field];
    return fi->type && fi->type->kind == TY_SLICE ? fi : NULL;
}

/* A global slice variable named as a value or a place root, or NULL. */
static const void *lf_global(const IrOpd *o)
{
    return o->kind == OPD_GLOBAL && o->type && o->type->kind == TY_SLICE ? (const void *)o->global : NULL;
}

/* The home a place is: the slice field it ends at, or a global slice with
 * no projection; NULL when neither. */
static const void *lf_home(const IrPlace *p)
{
    if (!p)
        return NULL;
    return p->nproj > 0 ? (const void *)lf_field(p, p->nproj - 1) : lf_global(&p->root);
}

static void lf_share(const Lf *l, const void *home)
{
    ir_set_add(l->ir->shared_homes, home);
}

/* A value of type t is copied: every slice field it holds by value is
 * shared. */
static void lf_share_type(const Lf *l, const Type *t, int depth)
{
    if (!t || depth > 16)
        return;
    switch (t->kind) {
    case TY_ARRAY: case TY_OPTIONAL:
        lf_share_type(l, t->elem, depth + 1);
        return;
    case TY_STRUCT:
        for (int i = 0; i < t->st->nfields; i++) {
            if (t->st->fields[i].type && t->st->fields[i].type->kind == TY_SLICE)
                lf_share(l, &t->st->fields[i]);
            lf_share_type(l, t->st->fields[i].type, depth + 1);
        }
        for (int i = 0; i < t->st->nvariants; i++)
            if (t->st->variants[i].payload)
                lf_share_type(l, t->st->variants[i].payload->type, depth + 1);
        return;
    default:
        return;
    }
}

static void lf_count_use(const IrOpd *o, void *ctx)
{
    Lf *l = ctx;
    if (o->kind == OPD_TEMP)
        l->uses[o->temp]++;
}

/* The uses of temp t that fill a slice literal: stores into its elements,
 * and checks of it. */
static int lf_fill_uses(const Lf *l, int t)
{
    int n = 0;
    for (int i = 0; i < l->f->nins; i++) {
        const IrIns *in = &l->f->ins[i];
        const IrPlace *p = in->place;
        n += in->op == IR_STORE && p && p->root.kind == OPD_TEMP && p->root.temp == t && p->nproj > 0 &&
             p->proj[0].kind == PJ_SINDEX && !(p->proj[0].index.kind == OPD_TEMP && p->proj[0].index.temp == t);
        n += (in->op == IR_CHECK_LIVE || in->op == IR_NOP) && !in->place && in->a.kind == OPD_TEMP && in->a.temp == t;
    }
    return n;
}

/* o holds a value nothing else holds: the zero value, or a make (a slice
 * literal: filled by stores into its elements) or struct literal (of such
 * values and values without headers) used once. */
static bool lf_fresh(const Lf *l, const IrOpd *o, int depth)
{
    if (o->kind == OPD_ZERO || o->kind == OPD_NONE)
        return true;
    if (o->kind == OPD_LOCAL)   /* a sink parameter every call gives a fresh value */
        return ir_set_has(&l->sinks, o->local) && !ir_set_has(&l->stale, o->local) &&
               o->local->owner && ir_set_has(&l->called, ir_find_func(l->ir, o->local->owner));
    if (o->kind != OPD_TEMP || depth > 8)
        return false;
    const IrIns *d = ir_defs_one(&l->d, o);
    if (!d)
        return false;
    if (d->op == IR_MAKE)
        return l->uses[o->temp] == 1 || l->uses[o->temp] - lf_fill_uses(l, o->temp) == 1;
    if (l->uses[o->temp] != 1)
        return false;
    if (d->op != IR_STRUCT)
        return false;
    for (int k = 0; k < d->nargs; k++) {
        const Type *t = d->args[k].type;
        bool plain = t && (type_is_num(t) || t->kind == TY_BOOL);
        if (!plain && !lf_fresh(l, &d->args[k], depth + 1))
            return false;
    }
    return true;
}

/* A read-only primitive: it neither keeps nor gives back what it is shown. */
static bool lf_reads_only(const IrIns *in)
{
    return in->op == IR_PRIM && (in->aux == BI_P_REF_INDEX || in->aux == BI_P_SPAN_FIND);
}

/* Whether instruction in names local x, as an operand or a place root. */
static bool lf_names(const IrIns *in, const Local *x)
{
    if (in->place && in->place->root.kind == OPD_LOCAL && in->place->root.local == x)
        return true;
    const IrOpd *ops[3] = { &in->a, &in->b, &in->c };
    for (int k = 0; k < 3 + in->nargs; k++) {
        const IrOpd *o = k < 3 ? ops[k] : &in->args[k - 3];
        if (o->kind == OPD_LOCAL && o->local == x)
            return true;
    }
    return false;
}

/* After instruction i, the function returns before its block (an if's
 * arm, a loop body) ends. */
static bool lf_returns_after(const IrFunc *f, int i)
{
    int depth = 0;
    for (int j = i + 1; j < f->nins; j++) {
        IrOp op = f->ins[j].op;
        if (op == IR_RET && depth == 0)
            return true;
        if (op == IR_ELSE && depth == 0)
            return false;
        if (op != IR_ELSE && ir_op_info[op].nesting != 0) {
            depth += ir_op_info[op].nesting;
            if (depth < 0)
                return false;
        }
    }
    return false;
}

/* Parameter x of f is a sink: a by-value parameter f names only as the
 * value a STORE or PUSH writes whole (or checks), outside loops, each such
 * write but the last followed by a return in its own block, so one call
 * stores it at most once. */
static bool lf_sink(const IrFunc *f, const Local *x)
{
    if (!x->is_param || x->is_ref || x->captured)
        return false;
    int loops = 0, last = -1;
    for (int i = 0; i < f->nins; i++) {
        const IrIns *in = &f->ins[i];
        loops += (in->op == IR_LOOP || in->op == IR_FOR) - (in->op == IR_ENDLOOP || in->op == IR_ENDFOR);
        if (!lf_names(in, x))
            continue;
        bool named_a = in->a.kind == OPD_LOCAL && in->a.local == x;
        bool only_a = named_a && !(in->place && in->place->root.kind == OPD_LOCAL && in->place->root.local == x) &&
                      !(in->b.kind == OPD_LOCAL && in->b.local == x) &&
                      !(in->c.kind == OPD_LOCAL && in->c.local == x) && in->nargs == 0;
        if (only_a && !in->place && (in->op == IR_CHECK_LIVE || in->op == IR_LIVE_TEST || in->op == IR_NOP))
            continue;
        if (!only_a || (in->op != IR_STORE && in->op != IR_PUSH) || loops > 0)
            return false;
        if (last >= 0 && !lf_returns_after(f, last))
            return false;
        last = i;
    }
    return true;
}

/* in loads a number or a bool from variables or struct fields (no slice
 * element): what it reads can be no header, nor the deleted storage. */
static bool lf_plain_load(const IrIns *in)
{
    if (in->op != IR_LOAD || !in->place || !in->place->type ||
        !(type_is_num(in->place->type) || in->place->type->kind == TY_BOOL))
        return false;
    for (int k = 0; k < in->place->nproj; k++)
        if (in->place->proj[k].kind == PJ_SINDEX)
            return false;
    return true;
}

/* The DELETE at index at gives back the storage of the header read from
 * place p, and p is never seen holding it: a fresh header is stored into
 * p next (after only pure instructions, makes and loads of numbers from
 * fields, such as the new length: `delete(z.t); z.t = make([]int, z.n)`),
 * or p is in a local struct variable that nothing names after the delete,
 * outside loops. */
static bool lf_delete_renews(const Lf *l, int at, const IrPlace *p)
{
    const IrFunc *f = l->f;
    for (int j = at + 1; j < f->nins; j++) {
        const IrIns *in = &f->ins[j];
        if (in->op == IR_NOP || in->op == IR_MAKE || (ir_op_info[in->op].pure && !in->place) || lf_plain_load(in))
            continue;
        IrSame s = { 0 };
        if (in->op == IR_STORE && ir_same_place(&s, in->place, p) && lf_fresh(l, &in->a, 0))
            return true;
        break;
    }
    const Local *x = p->root.kind == OPD_LOCAL ? p->root.local : NULL;
    if (!x || x->is_ref || x->captured || p->nproj == 0)
        return false;
    int depth = 0;
    for (int j = 0; j < f->nins; j++) {
        IrOp op = f->ins[j].op;
        depth += (op == IR_LOOP || op == IR_FOR) - (op == IR_ENDLOOP || op == IR_ENDFOR);
        if (j == at && depth > 0)
            return false;
        if (j > at && lf_names(&f->ins[j], x))
            return false;
    }
    return true;
}

/* Rule: the uses of temp t (a header read from home fi at place from, or
 * the address of fi's place when addr) are the allowed ones; a copy of it
 * into another temp (MOV) is held to the same rules. */
static void lf_temp_uses(const Lf *l, int t, const void *fi, const IrPlace *from, bool addr)
{
    const IrFunc *f = l->f;
    for (int i = 0; i < f->nins; i++) {
        const IrIns *in = &f->ins[i];
        if (in->place && in->place->root.kind == OPD_TEMP && in->place->root.temp == t) {
            IrProjKind k = in->place->nproj > 0 ? in->place->proj[0].kind : PJ_FIELD;
            if (addr || !(k == PJ_LEN || k == PJ_CAP || k == PJ_SINDEX))
                lf_share(l, fi);
        }
        const IrOpd *ops[3] = { &in->a, &in->b, &in->c };
        for (int k = 0; k < 3 + in->nargs; k++) {
            const IrOpd *o = k < 3 ? ops[k] : &in->args[k - 3];
            if (o->kind != OPD_TEMP || o->temp != t)
                continue;
            if (!addr && in->op == IR_MOV && k == 0 && in->dst >= 0 && in->dst != t) {
                lf_temp_uses(l, in->dst, fi, from, false);
                continue;
            }
            bool ok = addr ? (in->op == IR_PRIM && in->aux == BI_P_GROW_STABLE && k == 3)
                           : (in->op == IR_CHECK_LIVE || in->op == IR_LIVE_TEST || in->op == IR_NOP ||
                              (lf_reads_only(in) && k >= 3) ||
                              (in->op == IR_DELETE && k == 0 && lf_delete_renews(l, i, from)));
            if (!ok)
                lf_share(l, fi);
        }
        if (in->place)      /* index operands of places */
            for (int j = 0; j < in->place->nproj; j++)
                if (in->place->proj[j].index.kind == OPD_TEMP && in->place->proj[j].index.temp == t)
                    lf_share(l, fi);
    }
}

/* Rule: what an instruction whose place is home fi does. */
static void lf_home_place(const Lf *l, const IrIns *in, const void *fi)
{
    ir_set_add(l->ir->seen_homes, fi);
    switch (in->op) {
    case IR_LOAD:
        if (in->dst >= 0)
            lf_temp_uses(l, in->dst, fi, in->place, false);
        return;
    case IR_STORE:
        if (!lf_fresh(l, &in->a, 0))
            lf_share(l, fi);
        return;
    case IR_ADDR:
        if (in->dst >= 0)
            lf_temp_uses(l, in->dst, fi, in->place, true);
        return;
    case IR_PUSH: case IR_POP: case IR_CLEAR: case IR_CHECK_LIVE: case IR_LIVE_TEST: case IR_NOP:
        return;
    default:
        lf_share(l, fi);
        return;
    }
}

/* Rule: values of types holding fields, copied or shown to runtime code. */
static void lf_values(const Lf *l, const IrIns *in)
{
    bool runtime = in->op == IR_RT || (in->op == IR_PRIM && !lf_reads_only(in));
    const IrOpd *ops[3] = { &in->a, &in->b, &in->c };
    for (int k = 0; k < 3 + in->nargs; k++) {
        const IrOpd *o = k < 3 ? ops[k] : &in->args[k - 3];
        if (o->kind == OPD_NONE || !o->type)
            continue;
        if (lf_global(o) && in->op != IR_CHECK_LIVE && in->op != IR_LIVE_TEST && in->op != IR_NOP)
            lf_share(l, lf_global(o));                 /* the global's header, copied */
        if (runtime && (o->type->kind == TY_REF || o->type->kind == TY_SLICE))
            lf_share_type(l, o->type->elem, 0);     /* the runtime may write through it */
        if (!lf_fresh(l, o, 0))
            lf_share_type(l, o->type, 0);
    }
    if ((in->op == IR_LOAD || in->op == IR_POP) && in->dst >= 0)
        lf_share_type(l, l->f->temps[in->dst], 0);   /* a value read out of memory: a copy */
    if (in->op == IR_COPY && in->a.type && in->a.type->kind == TY_SLICE)
        lf_share_type(l, in->a.type->elem, 0);       /* elements copied */
}

static void lf_begin(Lf *l, const IrFunc *f)
{
    l->f = f;
    ir_defs_init(&l->d, f);
    l->uses = SCRATCH_ARRAY(int, f->ntemps + 1);
    memset(l->uses, 0, sizeof(int) * (size_t)(f->ntemps + 1));
    for (int i = 0; i < f->nins; i++)
        ir_each_read(&f->ins[i], lf_count_use, l);
}

/* The sink parameters of f, a function called only directly. */
static void lf_sinks(Lf *l, const IrFunc *f)
{
    const FnInst *fn = f->fn;
    if (!fn || fn->is_closure || f->used_as_value)
        return;
    for (int k = 0; k < fn->nparams; k++)
        if (lf_sink(f, fn->params[k]))
            ir_set_add(&l->sinks, fn->params[k]);
}

/* The calls of f: their callees are called, and a sink parameter given a
 * value that is not fresh is stale. A sink is never passed on (a call is
 * not a store), so the freshness asked here does not depend on stale. */
static void lf_calls(Lf *l, const IrFunc *f)
{
    lf_begin(l, f);
    for (int i = 0; i < f->nins; i++) {
        const IrIns *in = &f->ins[i];
        const IrFunc *g = in->op == IR_CALL && in->fn ? ir_find_func(l->ir, in->fn) : NULL;
        if (!g)
            continue;
        ir_set_add(&l->called, g);
        for (int k = 0; k < in->nargs && k < in->fn->nparams; k++)
            if (ir_set_has(&l->sinks, in->fn->params[k]) && !lf_fresh(l, &in->args[k], 0))
                ir_set_add(&l->stale, in->fn->params[k]);
    }
}

static void lf_func(Lf *l, const IrFunc *f)
{
    lf_begin(l, f);
    for (int i = 0; f->captures && i < f->ncaptures; i++)
        lf_share_type(l, f->captures[i]->type, 0);
    for (int i = 0; i < f->nins; i++) {
        const IrIns *in = &f->ins[i];
        lf_values(l, in);
        const void *home = lf_home(in->place);
        if (home)
            lf_home_place(l, in, home);
    }
}

/* -O1 and up, before live-proofs: IrProgram.shared_homes and seen_homes,
 * then the open may-free summary they allow (pass_open_frees). */
void pass_fields(const IrProgram *ir, IrFunc *unused)
{
    (void)unused;
    Lf l = { .ir = ir };
    for (int i = 0; i < ir->nfuncs; i++)
        lf_sinks(&l, ir->funcs[i]);
    for (int step = 0; step < 2; step++) {
        for (int i = 0; i <= ir->nfuncs; i++) {
            const IrFunc *f = i < ir->nfuncs ? ir->funcs[i] : ir->init;
            if (!f)
                continue;
            ArenaMark m = mem_mark(g_scratch);
            if (step == 0)
                lf_calls(&l, f);
            else
                lf_func(&l, f);
            mem_release(g_scratch, m);
        }
    }
    pass_open_frees(ir);
}

bool ir_place_confined(const IrProgram *ir, const IrPlace *p)
{
    const void *home = lf_home(p);
    return home && ir_set_has(ir->seen_homes, home) && !ir_set_has(ir->shared_homes, home);
}
