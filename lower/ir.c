/* ir.c — IR constructors and the deterministic printer behind --dump=ir
 * (the verifier run between passes is ir_verify.c).
 * Not for: lowering decisions (lower*.c) or C text (emit-c/). */
#include "ir.h"

#include <stdio.h>
#include <string.h>

const IrOpInfo ir_op_info[IR__COUNT] = {
#define IR_OP(name, res, trap, pure, check, nest, ctl, rd, wr, calls, frees) \
    { #name, res, trap, pure, check, nest, IR_##ctl, rd, IR_##wr, IR_##calls, IR_##frees },
#include "ir.def"
#undef IR_OP
};

/* ---- construction ---- */

/* The IR outlives every pass: its arrays grow in the compilation's arena. */
static void *ir_grow(void *items, int *cap, int len, size_t size)
{
    return mem_grow(g_arena, items, cap, len, size);
}

IrFunc *ir_func_new(FnInst *fn, const char *cname)
{
    IrFunc *f = NEW(IrFunc);
    f->fn = fn;
    f->cname = cname;
    return f;
}

int ir_temp(IrFunc *f, Type *t)
{
    f->temps = ir_grow(f->temps, &f->cap_temps, f->ntemps, sizeof(Type *));
    f->temps[f->ntemps] = t;
    return f->ntemps++;
}

IrIns *ir_emit(IrFunc *f, IrOp op, Loc loc)
{
    f->ins = ir_grow(f->ins, &f->cap_ins, f->nins, sizeof(IrIns));
    IrIns *in = &f->ins[f->nins++];
    memset(in, 0, sizeof *in);
    in->op = op;
    in->dst = -1;
    in->site = -1;
    in->loc = loc;
    return in;
}

int ir_site(IrFunc *f, Loc loc, const char *what, IrOp kind)
{
    f->sites = ir_grow(f->sites, &f->cap_sites, f->nsites, sizeof(IrSite));
    f->sites[f->nsites] = (IrSite){ loc, what, kind };
    return f->nsites++;
}

IrOpd ir_none(void) { return (IrOpd){ .kind = OPD_NONE }; }

IrOpd ir_tempopd(IrFunc *f, int t)
{
    return (IrOpd){ .kind = OPD_TEMP, .type = f->temps[t], .temp = t };
}

IrOpd ir_int(Type *t, uint64_t v) { return (IrOpd){ .kind = OPD_INT, .type = t, .i = v }; }
IrOpd ir_bool(Type *t, bool v) { return (IrOpd){ .kind = OPD_BOOL, .type = t, .b = v }; }
IrOpd ir_zero(Type *t) { return (IrOpd){ .kind = OPD_ZERO, .type = t }; }

IrPlace *ir_place_root(IrOpd root, Type *t)
{
    IrPlace *p = NEW(IrPlace);
    p->root = root;
    p->type = t;
    return p;
}

IrPlace *ir_place_proj(const IrPlace *base, IrProjKind k, int field, IrOpd index, Type *t)
{
    IrPlace *p = NEW(IrPlace);
    p->root = base->root;
    p->nproj = base->nproj + 1;
    p->proj = NEW_ARRAY(IrProj, p->nproj);
    if (base->nproj)
        memcpy(p->proj, base->proj, sizeof(IrProj) * (size_t)base->nproj);
    p->proj[base->nproj] = (IrProj){ k, field, index, t };
    p->type = t;
    return p;
}

static unsigned ir_fn_slot(const IrProgram *ir, const FnInst *fn)
{
    uintptr_t x = (uintptr_t)fn;
    x ^= x >> 16;
    x *= 0x45D9F3Bu;
    unsigned i = (unsigned)(x ^ (x >> 16)) & (unsigned)(ir->fn_cap - 1);
    while (ir->fn_keys[i] && ir->fn_keys[i] != fn)
        i = (i + 1) & (unsigned)(ir->fn_cap - 1);
    return i;
}

/* Membership only: the table's order never reaches the output. */
void ir_index_funcs(IrProgram *ir)
{
    ir->fn_cap = 16;
    while (ir->fn_cap < ir->nfuncs * 2 + 2)
        ir->fn_cap *= 2;
    ir->fn_keys = NEW_ARRAY(const FnInst *, ir->fn_cap);
    ir->fn_vals = NEW_ARRAY(IrFunc *, ir->fn_cap);
    for (int i = 0; i < ir->nfuncs; i++) {
        unsigned k = ir_fn_slot(ir, ir->funcs[i]->fn);
        ir->fn_keys[k] = ir->funcs[i]->fn;
        ir->fn_vals[k] = ir->funcs[i];
    }
}

IrFunc *ir_find_func(const IrProgram *ir, const FnInst *fn)
{
    if (!fn || !ir->fn_cap)
        return NULL;
    return ir->fn_vals[ir_fn_slot(ir, fn)];
}

int ir_func_slot(const IrProgram *ir, const FnInst *fn)
{
    if (!fn || !ir->fn_cap)
        return -1;
    unsigned k = ir_fn_slot(ir, fn);
    return ir->fn_keys[k] ? (int)k : -1;
}

int ir_count_checks(const IrFunc *f)
{
    int n = 0;
    for (int i = 0; i < f->nins; i++)
        n += ir_op_info[f->ins[i].op].is_check;
    return n;
}

int ir_count_ops(const IrFunc *f, IrOp op)
{
    int n = 0;
    for (int i = 0; i < f->nins; i++)
        n += f->ins[i].op == op;
    return n;
}

/* ---- sets of pointers ---- */

static unsigned ir_ptr_hash(const void *p)
{
    uintptr_t x = (uintptr_t)p;
    x ^= x >> 17;
    x *= 0x9E3779B1u;
    return (unsigned)(x ^ (x >> 15));
}

Type *ir_prim_base(const IrIns *in)
{
    Type *t = in->nargs > 0 ? in->args[0].type : NULL;
    return t && t->kind == TY_REF ? t->elem : t;
}

void ir_set_add(PtrSet *s, const void *p)
{
    if (ir_set_has(s, p))
        return;
    if ((s->len + 1) * 2 > s->cap) {
        PtrSet n = { NEW_ARRAY(const void *, s->cap ? s->cap * 2 : 16), s->cap ? s->cap * 2 : 16, 0 };
        for (int i = 0; i < s->cap; i++)
            if (s->slots[i])
                ir_set_add(&n, s->slots[i]);
        *s = n;
    }
    unsigned i = ir_ptr_hash(p) & (unsigned)(s->cap - 1);
    while (s->slots[i])
        i = (i + 1) & (unsigned)(s->cap - 1);
    s->slots[i] = p;
    s->len++;
}

bool ir_set_has(const PtrSet *s, const void *p)
{
    if (!s->cap)
        return false;
    for (unsigned i = ir_ptr_hash(p) & (unsigned)(s->cap - 1); s->slots[i];
         i = (i + 1) & (unsigned)(s->cap - 1))
        if (s->slots[i] == p)
            return true;
    return false;
}

/* ---- who writes each temp ---- */

int ir_local_ids(const IrFunc *f)
{
    int n = 0;
    for (int i = 0; i < f->nins; i++) {
        const IrIns *in = &f->ins[i];
        if (in->local && in->local->id >= n)
            n = in->local->id + 1;
        if (in->place && in->place->root.kind == OPD_LOCAL && in->place->root.local->id >= n)
            n = in->place->root.local->id + 1;
    }
    for (int i = 0; f->fn && i < f->fn->nparams; i++)
        if (f->fn->params[i]->id >= n)
            n = f->fn->params[i]->id + 1;
    for (int i = 0; f->fn && i < f->fn->locals.len; i++) {
        int id = VEC_AT(f->fn->locals, Local *, i)->id;
        n = id >= n ? id + 1 : n;
    }
    return n;
}

void ir_defs_init(IrDefs *d, const IrFunc *f)
{
    size_t nt = (size_t)f->ntemps + 1;
    *d = (IrDefs){ .f = f, .nlocal_ids = ir_local_ids(f) };
    d->ndef = SCRATCH_ARRAY(int, nt);
    d->def0 = SCRATCH_ARRAY(int, nt);
    d->def = SCRATCH_ARRAY(int, nt);
    for (int i = 0; i < f->nins; i++) {
        int t = f->ins[i].dst;
        if (t < 0 || t >= f->ntemps)
            continue;
        if (d->ndef[t]++ == 0)
            d->def0[t] = i;
        d->def[t] = i;
    }
}

const IrIns *ir_defs_one(const IrDefs *d, const IrOpd *o)
{
    if (o->kind != OPD_TEMP || o->temp < 0 || o->temp >= d->f->ntemps || d->ndef[o->temp] != 1)
        return NULL;
    return &d->f->ins[d->def[o->temp]];
}

void ir_each_read(const IrIns *in, IrOpdFn fn, void *ctx)
{
    fn(&in->a, ctx);
    fn(&in->b, ctx);
    fn(&in->c, ctx);
    for (int k = 0; k < in->nargs; k++)
        fn(&in->args[k], ctx);
    if (!in->place)
        return;
    fn(&in->place->root, ctx);
    for (int k = 0; k < in->place->nproj; k++)
        fn(&in->place->proj[k].index, ctx);
}

/* ---- how blocks nest ---- */

bool ir_jumps(const IrIns *in)
{
    return ir_op_info[in->op].control == IR_CTL_JUMP;
}

int ir_block_end(const IrFunc *f, int start)
{
    int depth = 0;
    for (int i = start; i < f->nins; i++) {
        depth += ir_op_info[f->ins[i].op].nesting;
        if (depth == 0)
            return i;
    }
    return f->nins;
}

void ir_blocks_init(IrBlocks *b, const IrFunc *f)
{
    size_t n = (size_t)f->nins + 1;
    int *stack = SCRATCH_ARRAY(int, n), sp = 0;
    b->open = SCRATCH_ARRAY(int, n);
    b->close = SCRATCH_ARRAY(int, n);
    b->els = SCRATCH_ARRAY(int, n);
    for (int i = 0; i < f->nins; i++) {
        int nest = ir_op_info[f->ins[i].op].nesting;
        if (f->ins[i].op == IR_ELSE && sp > 0) {
            b->open[i] = stack[sp - 1];
            b->els[stack[sp - 1]] = i;
        } else if (nest > 0) {
            stack[sp++] = i;
        } else if (nest < 0 && sp > 0) {
            b->open[i] = stack[--sp];
            b->close[b->open[i]] = i;
        }
    }
}

/* ---- copying instructions ---- */

IrFunc ir_rebuild(IrFunc *f)
{
    IrFunc was = *f;
    f->ins = NULL;
    f->nins = f->cap_ins = 0;
    return was;
}

IrIns *ir_put(IrFunc *f, const IrIns *in)
{
    IrIns *out = ir_emit(f, in->op, in->loc);
    *out = *in;
    return out;
}

/* The place a named operand stands for in the copy, or NULL: kept. */
static const IrPlace *ir_clone_name(const IrClone *c, const IrOpd *o)
{
    if (!c->name || (o->kind != OPD_LOCAL && o->kind != OPD_GLOBAL))
        return NULL;
    return c->name(c->ctx, o);
}

IrOpd ir_clone_opd(const IrClone *c, IrOpd o)
{
    if (o.kind == OPD_TEMP && o.temp >= 0 && o.temp < c->ntemps)
        o.temp = c->temps[o.temp];
    const IrPlace *p = ir_clone_name(c, &o);
    return p ? p->root : o;
}

IrPlace *ir_clone_place(const IrClone *c, const IrPlace *p)
{
    const IrPlace *pre = ir_clone_name(c, &p->root);
    int k0 = pre ? pre->nproj : 0;
    IrPlace *q = NEW(IrPlace);
    *q = *p;
    q->root = pre ? pre->root : ir_clone_opd(c, p->root);
    q->nproj = k0 + p->nproj;
    q->proj = NEW_ARRAY(IrProj, q->nproj);
    for (int k = 0; k < k0; k++)
        q->proj[k] = pre->proj[k];
    for (int k = 0; k < p->nproj; k++) {
        q->proj[k0 + k] = p->proj[k];
        q->proj[k0 + k].index = ir_clone_opd(c, p->proj[k].index);
    }
    return q;
}

IrIns *ir_clone_ins(IrFunc *f, const IrIns *in, const IrClone *c)
{
    IrIns out = *in;
    out.a = ir_clone_opd(c, in->a);
    out.b = ir_clone_opd(c, in->b);
    out.c = ir_clone_opd(c, in->c);
    if (in->dst >= 0 && in->dst < c->ntemps)
        out.dst = c->temps[in->dst];
    if (in->nargs) {
        out.args = NEW_ARRAY(IrOpd, in->nargs);
        for (int k = 0; k < in->nargs; k++)
            out.args[k] = ir_clone_opd(c, in->args[k]);
    }
    if (in->place)
        out.place = ir_clone_place(c, in->place);
    if (in->site >= 0 && c->site)
        out.site = c->site(c->ctx, in->site);
    return ir_put(f, &out);     /* last: a hook may grow f (ir_site) */
}

/* ---- printer (--dump=ir) ---- */

static void ir_dump_opd(StrBuf *o, const IrFunc *f, const IrOpd *x)
{
    switch (x->kind) {
    case OPD_NONE: sb_puts(o, "_"); break;
    case OPD_TEMP: sb_printf(o, "t%d", x->temp); break;
    case OPD_LOCAL: sb_printf(o, "%s.%d", x->local->name, x->local->id); break;
    case OPD_GLOBAL: sb_printf(o, "@%s", x->global->cname); break;
    case OPD_INT:
        if (type_is_signed(x->type))
            sb_printf(o, "%lld", (long long)(int64_t)x->i);
        else
            sb_printf(o, "%llu", (unsigned long long)x->i);
        break;
    case OPD_F64: sb_printf(o, "%.17g", x->f); break;
    case OPD_BOOL: sb_puts(o, x->b ? "true" : "false"); break;
    case OPD_STR: sb_printf(o, "str[%lld]", (long long)x->s.len); break;
    case OPD_ZERO: sb_printf(o, "zero(%s)", types_spell(x->type)); break;
    }
    (void)f;
}

static const char *const ir_proj_name[] = {
    [PJ_FIELD] = "field", [PJ_AINDEX] = "aindex", [PJ_SINDEX] = "sindex",
    [PJ_DEREF] = "deref", [PJ_LEN] = "len", [PJ_CAP] = "cap", [PJ_HAS] = "has", [PJ_VAL] = "val",
};

static void ir_dump_place(StrBuf *o, const IrFunc *f, const IrPlace *p)
{
    sb_puts(o, "[");
    ir_dump_opd(o, f, &p->root);
    for (int k = 0; k < p->nproj; k++) {
        const IrProj *j = &p->proj[k];
        sb_printf(o, " %s", ir_proj_name[j->kind]);
        if (j->kind == PJ_FIELD)
            sb_printf(o, "#%d", j->field);
        if (j->kind == PJ_AINDEX || j->kind == PJ_SINDEX) {
            sb_puts(o, " ");
            ir_dump_opd(o, f, &j->index);
        }
    }
    sb_puts(o, "]");
}

/* IR_CHECK_LIVE's aux as printed (IR_LIVE_USE prints nothing). */
static const char *const ir_live_names[] = {
    [IR_LIVE_USE] = "", [IR_LIVE_DELETE] = " delete", [IR_LIVE_FLAG] = " flag",
};

static const char *const ir_borrow_names[] = {
    [IR_BORROW_NOTE] = "note", [IR_BORROW_FORGET] = "forget",
    [IR_BORROW_DEPTH] = "depth", [IR_BORROW_RESET] = "reset",
};

static void ir_dump_ins(StrBuf *o, const IrFunc *f, const IrIns *in, int depth)
{
    sb_printf(o, "%*s", 2 + 2 * depth, "");
    if (in->dst >= 0)
        sb_printf(o, "t%d:%s = ", in->dst, types_spell(f->temps[in->dst]));
    sb_puts(o, ir_op_info[in->op].name);
    if (in->op == IR_BIN)
        sb_printf(o, " %s", ast_binop_spelling[in->aux]);
    if (in->op == IR_RT)
        sb_printf(o, " %s", in->rt);
    if (in->op == IR_PRIM)
        sb_printf(o, " %s", ast_builtin_name[in->aux]);
    if (in->op == IR_BORROW)
        sb_printf(o, " %s", ir_borrow_names[in->aux]);
    if (in->op == IR_CHECK_LIVE && in->aux != IR_LIVE_USE)
        sb_puts(o, ir_live_names[in->aux]);
    if (in->op == IR_IF && (in->aux & IR_IF_LIKELY))
        sb_puts(o, " likely");
    if (in->fn)
        sb_printf(o, " %s", in->fn->cname);
    if (in->local)
        sb_printf(o, " %s.%d", in->local->name, in->local->id);
    if (in->place) {
        sb_puts(o, " ");
        ir_dump_place(o, f, in->place);
    }
    const IrOpd *ops[3] = { &in->a, &in->b, &in->c };
    for (int k = 0; k < 3; k++)
        if (ops[k]->kind != OPD_NONE) {
            sb_puts(o, " ");
            ir_dump_opd(o, f, ops[k]);
        }
    for (int k = 0; k < in->nargs; k++) {
        sb_puts(o, k ? ", " : " (");
        ir_dump_opd(o, f, &in->args[k]);
    }
    if (in->nargs)
        sb_puts(o, ")");
    if (in->site >= 0)
        sb_printf(o, " @%d:%d", f->sites[in->site].loc.line, f->sites[in->site].loc.col);
    if (in->site_unless > 0)    /* the site when c is false (pass_hoist.c) */
        sb_printf(o, " else @%d:%d", f->sites[in->site_unless - 1].loc.line, f->sites[in->site_unless - 1].loc.col);
    sb_puts(o, "\n");
}

/* Instruction i is the first DECL of its local (a copied loop declares
 * it again). */
static bool ir_first_decl(const IrFunc *f, int i)
{
    for (int k = 0; k < i; k++)
        if (f->ins[k].op == IR_DECL && f->ins[k].local == f->ins[i].local)
            return false;
    return true;
}

void ir_dump_func(StrBuf *o, const IrFunc *f)
{
    sb_printf(o, "fn %s (%d temps, %d checks)%s%s", f->cname, f->ntemps, ir_count_checks(f),
              f->noreturn ? " noreturn" : "", f->inline_always ? " inline" : "");
    for (int k = 0; k < f->ncarry; k++)     /* the hidden bool parameters, after the others */
        sb_printf(o, "%s%s.%d", k ? ", " : " carries ", f->carry[k].flag->name, f->carry[k].flag->id);
    int nviews = 0;
    for (int i = 0; i < f->nins; i++)       /* in the order of their DECLs (pass_view.c) */
        if (f->ins[i].op == IR_DECL && f->ins[i].local && ir_set_has(&f->views, f->ins[i].local) &&
            ir_first_decl(f, i))
            sb_printf(o, "%s%s.%d", nviews++ ? ", " : " views ", f->ins[i].local->name, f->ins[i].local->id);
    for (int t = 0; f->view_temps && t < f->ntemps; t++)
        if (f->view_temps[t])
            sb_printf(o, "%st%d", nviews++ ? ", " : " views ", t);
    sb_puts(o, "\n");
    int depth = 0;
    for (int i = 0; i < f->nins; i++) {
        const IrIns *in = &f->ins[i];
        if (ir_op_info[in->op].nesting < 0 || in->op == IR_ELSE)
            depth--;
        ir_dump_ins(o, f, in, depth < 0 ? 0 : depth);
        if (ir_op_info[in->op].nesting > 0 || in->op == IR_ELSE)
            depth++;
    }
    sb_puts(o, "\n");
}
