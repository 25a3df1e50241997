/* cemit.c — the C file's layout: includes, forward types, types (with
 * closure environments), prototypes, data (globals and check sites),
 * functions (with thunks for top-level functions used as values), and the
 * entry glue. Same IR and options, same bytes: every list comes from the
 * Program's deterministic order and every name from a cname or a counter.
 * Not for: single instructions (cemit_ins.c) or type spelling (cemit_types.c). */
#include "cemit_priv.h"

#include <string.h>

/* ---- per-function analysis: temp defs/uses, local reads, sites ---- */

static void cm_use_opd(Cm *cm, const IrOpd *o, int d, bool *env_used)
{
    if (o->kind == OPD_TEMP)
        cm->temp_uses[o->temp] += d;
    if (o->kind != OPD_LOCAL)
        return;
    if (cm->f->fn && o->local->owner != cm->f->fn)
        *env_used = true;
    else if (o->local->id >= 0 && o->local->id < cm->nlocal_ids)
        cm->local_reads[o->local->id] += d;
}

static void cm_use_place(Cm *cm, const IrPlace *p, bool is_store, int d, bool *env_used)
{
    if (!p)
        return;
    if (!is_store || p->root.kind != OPD_LOCAL)  /* storing to a local is no read */
        cm_use_opd(cm, &p->root, d, env_used);
    else if (cm->f->fn && p->root.local->owner != cm->f->fn)
        *env_used = true;
    for (int k = 0; k < p->nproj; k++)
        cm_use_opd(cm, &p->proj[k].index, d, env_used);
}

static int cm_max_local_id(const IrFunc *f)
{
    int m = 0;
    if (!f->fn)
        return 0;
    for (int i = 0; i < f->fn->locals.len; i++) {
        int id = VEC_AT(f->fn->locals, Local *, i)->id;
        m = id > m ? id : m;
    }
    for (int i = 0; i < f->fn->nparams; i++)
        m = f->fn->params[i]->id > m ? f->fn->params[i]->id : m;
    return m + 1;
}

/* Adds d to the use counts of everything the instruction reads. */
static void cm_count_ins(Cm *cm, const IrIns *in, int d, bool *env_used)
{
    bool end = true, start = true;
    if (in->op == IR_CHECK_SLICE)
        cm_slice_parts(in, &end, &start);
    if (start && (in->op != IR_IF || cm_switch_reads_test(cm, cm->f, in)))
        cm_use_opd(cm, &in->a, d, env_used);
    if (start || end)
        cm_use_opd(cm, &in->b, d, env_used);
    if (end)
        cm_use_opd(cm, &in->c, d, env_used);
    for (int k = 0; k < in->nargs; k++)
        cm_use_opd(cm, &in->args[k], d, env_used);
    cm_use_place(cm, in->place, in->op == IR_STORE, d, env_used);
    if (in->op == IR_CLOSURE)
        *env_used = true;
    if (in->op == IR_FOR && in->local && in->local->id < cm->nlocal_ids)
        cm->local_reads[in->local->id] += d;
}

static bool cm_dead(const Cm *cm, const IrIns *in)
{
    return in->op == IR_NOP || (ir_op_info[in->op].pure && in->dst >= 0 && cm->temp_uses[in->dst] == 0);
}

/* Counts defs and uses, leaving out pure values nobody reads (backwards,
 * so whole dead chains go); returns whether the function reads its env. */
static bool cm_analyse(Cm *cm, const IrFunc *f)
{
    cm->f = f;
    cm->temp_defs = NEW_ARRAY(int, f->ntemps + 1);
    cm->temp_uses = NEW_ARRAY(int, f->ntemps + 1);
    cm->nlocal_ids = cm_max_local_id(f);
    cm->local_reads = NEW_ARRAY(int, cm->nlocal_ids + 1);
    bool *dead = NEW_ARRAY(bool, f->nins + 1), env_used = false;
    for (int i = 0; i < f->nins; i++)
        cm_count_ins(cm, &f->ins[i], 1, &env_used);
    for (int i = f->nins - 1; i >= 0; i--)
        if ((dead[i] = cm_dead(cm, &f->ins[i])))
            cm_count_ins(cm, &f->ins[i], -1, &env_used);
    memset(cm->temp_uses, 0, sizeof(int) * (size_t)(f->ntemps + 1));
    memset(cm->local_reads, 0, sizeof(int) * (size_t)(cm->nlocal_ids + 1));
    env_used = false;
    for (int i = 0; i < f->nins; i++) {
        if (dead[i])
            continue;
        cm_count_ins(cm, &f->ins[i], 1, &env_used);
        if (f->ins[i].dst >= 0)
            cm->temp_defs[f->ins[i].dst]++;
    }
    return env_used;
}

/* ---- -O1+: fold single-use temporaries into their use ----
 * A pure value may move forward past other pure values and checks (they
 * change nothing it reads); a call may fold only into the very next
 * instruction, and only where nothing else in that instruction reads
 * memory the call could change. */

static bool cm_pure_value(IrOp op)
{
    return op == IR_MOV || op == IR_LOAD || op == IR_ADDR || op == IR_BIN || op == IR_UN ||
           op == IR_CAST || op == IR_SELECT || op == IR_SOME || op == IR_SLICE || op == IR_FNVAL ||
           op == IR_STRUCT || op == IR_ARRAY || op == IR_CLOSURE;
}

static bool cm_opd_is(const IrOpd *o, int t) { return o->kind == OPD_TEMP && o->temp == t; }

/* Operands of in that are t (as temp_uses counts them). */
static int cm_count_uses(const IrIns *in, int t)
{
    int n = cm_opd_is(&in->a, t) + cm_opd_is(&in->b, t) + cm_opd_is(&in->c, t);
    for (int k = 0; k < in->nargs; k++)
        n += cm_opd_is(&in->args[k], t);
    if (in->place) {
        n += cm_opd_is(&in->place->root, t);
        for (int k = 0; k < in->place->nproj; k++)
            n += cm_opd_is(&in->place->proj[k].index, t);
    }
    return n;
}

static bool cm_uses_temp(const IrIns *in, int t) { return cm_count_uses(in, t) > 0; }

static bool cm_passable(const IrIns *in)
{
    return in->op == IR_NOP || in->op == IR_LIVE_TEST || ir_op_info[in->op].is_check || cm_pure_value(in->op);
}

static bool cm_safe_store(const IrIns *in)
{
    for (int k = 0; k < in->place->nproj; k++)
        if (in->place->proj[k].kind == PJ_SINDEX)
            return false;
    return true;
}

static bool cm_call_target(const IrIns *in)
{
    switch (in->op) {
    case IR_DECL: case IR_RET: case IR_MOV: case IR_CALL: case IR_RT: case IR_IF:
    case IR_BRK_UNLESS: case IR_CAST: case IR_UN: case IR_SOME: case IR_STRUCT: case IR_ARRAY:
        return true;
    case IR_BIN: return in->aux != BIN_MOD;
    case IR_STORE: return cm_safe_store(in);
    default: return false;
    }
}

static bool cm_is_call(IrOp op)
{
    return op == IR_CALL || op == IR_CALLV || op == IR_RT || op == IR_MAKE;
}

/* A folded expression that contains a call counts as a call itself. */
static bool cm_holds_call(const Cm *cm, const bool *has_call, const IrIns *in)
{
    const IrOpd *ops[3] = { &in->a, &in->b, &in->c };
    for (int k = 0; k < 3; k++)
        if (ops[k]->kind == OPD_TEMP && cm->inline_temp[ops[k]->temp] && has_call[ops[k]->temp])
            return true;
    for (int k = 0; k < in->nargs; k++)
        if (in->args[k].kind == OPD_TEMP && cm->inline_temp[in->args[k].temp] && has_call[in->args[k].temp])
            return true;
    return false;
}

static bool cm_can_fold(const IrFunc *f, int i, bool call)
{
    const IrIns *in = &f->ins[i];
    int t = in->dst;
    if (call)
        return i + 1 < f->nins && cm_uses_temp(&f->ins[i + 1], t) && cm_call_target(&f->ins[i + 1]);
    for (int j = i + 1; j < f->nins; j++) {
        if (cm_uses_temp(&f->ins[j], t))   /* a primitive's template may repeat an argument */
            return f->ins[j].op != IR_FOR && f->ins[j].op != IR_REPEAT && f->ins[j].op != IR_PUSH &&
                   (f->ins[j].op != IR_PRIM || in->op == IR_ADDR);
        if (!cm_passable(&f->ins[j]))
            return false;
    }
    return false;
}

/* A slice read from a path of locals, fields and derefs, used several
 * times before anything writes: each use reads the path again instead of
 * copying the slice header into a temporary (TinyCC copies it through
 * memory). Every use but the last must be passable. */
static bool cm_cheap_slice_load(const IrIns *in)
{
    if (in->op != IR_LOAD || in->type->kind != TY_SLICE || in->place->root.kind != OPD_LOCAL)
        return false;
    for (int k = 0; k < in->place->nproj; k++)
        if (in->place->proj[k].kind != PJ_FIELD && in->place->proj[k].kind != PJ_DEREF)
            return false;
    return true;
}

static bool cm_can_fold_multi(const Cm *cm, const IrFunc *f, int i)
{
    int t = f->ins[i].dst, left = cm->temp_uses[t];
    for (int j = i + 1; j < f->nins && left > 0; j++) {
        const IrIns *u = &f->ins[j];
        if (cm_uses_temp(u, t)) {
            if (u->op == IR_FOR || u->op == IR_REPEAT || u->op == IR_PUSH || u->op == IR_PRIM)
                return false;
            left -= cm_count_uses(u, t);
            if (left <= 0)
                return true;
        }
        if (!cm_passable(u))
            return false;
    }
    return false;
}

static void cm_plan_inline(Cm *cm, const IrFunc *f)
{
    cm->inline_temp = NEW_ARRAY(bool, f->ntemps + 1);
    cm->inl = NEW_ARRAY(const char *, f->ntemps + 1);
    cm->inl_raw = NEW_ARRAY(const char *, f->ntemps + 1);
    cm->inl_lval = NEW_ARRAY(bool, f->ntemps + 1);
    if (cm->o->opt_level < 1)
        return;
    bool *has_call = NEW_ARRAY(bool, f->ntemps + 1);
    bool *pinned = NEW_ARRAY(bool, f->ntemps + 1);   /* passed by pointer: needs a name */
    cm_byptr_pinned(cm, f, pinned);
    cm_view_temps_pinned(cm, f, pinned);
    bool *viewed = NEW_ARRAY(bool, f->ntemps + 1);   /* a view's element: always folded */
    cm_view_folded(cm, f, viewed);
    for (int i = 0; i < f->nins; i++) {
        const IrIns *in = &f->ins[i];
        int t = in->dst;
        if (t >= 0 && viewed[t]) {
            cm->inline_temp[t] = true;
            continue;
        }
        if (t >= 0 && cm->temp_defs[t] == 1 && cm->temp_uses[t] > 1 && cm_cheap_slice_load(in) &&
            cm_can_fold_multi(cm, f, i)) {
            cm->inline_temp[t] = true;
            continue;
        }
        if (t < 0 || cm->temp_defs[t] != 1 || cm->temp_uses[t] != 1 || pinned[t])
            continue;
        bool call = cm_is_call(in->op) || cm_holds_call(cm, has_call, in);
        if (!cm_pure_value(in->op) && !cm_is_call(in->op))
            continue;
        if (cm_can_fold(f, i, call)) {
            cm->inline_temp[t] = true;
            has_call[t] = call;
        }
    }
}

/* Program-wide site numbers, in emission order, for live checks only. */
static int *cm_number_sites(Cm *cm, const IrFunc *f)
{
    int *num = NEW_ARRAY(int, f->nsites + 1);
    for (int i = 0; i < f->nsites; i++)
        num[i] = -1;
    for (int i = 0; i < f->nins; i++) {
        int s = f->ins[i].site;
        bool end = true, start = true;
        if (f->ins[i].op == IR_CHECK_SLICE)
            cm_slice_parts(&f->ins[i], &end, &start);
        if (f->ins[i].op == IR_PRIM && !cm_prim_uses_site(&f->ins[i]))
            continue;
        if (f->ins[i].op != IR_NOP && s >= 0 && num[s] < 0 && (end || start) &&
            !ir_fn_has_site(f->fn))   /* reports at site_ */
            num[s] = cm->nsites++;
        s = f->ins[i].site_unless - 1;    /* a check hoisted out of an if's arms */
        if (f->ins[i].op != IR_NOP && s >= 0 && num[s] < 0 && !ir_fn_has_site(f->fn))
            num[s] = cm->nsites++;
    }
    return num;
}

/* ---- sections ---- */

static void cm_env_structs(Cm *cm)
{
    bool any = false;
    for (int i = 0; i < cm->ir->nfuncs; i++) {
        const IrFunc *f = cm->ir->funcs[i];
        if (!f->reachable || f->ncaptures == 0)
            continue;
        if (!any)
            sb_puts(cm->out, "/* ---- closure environments ---- */\n");
        any = true;
        sb_printf(cm->out, "struct %s_env {\n", f->cname);
        for (int k = 0; k < f->ncaptures; k++)
            sb_printf(cm->out, "    %s *%s;\n", cm_ctype(cm, f->captures[k]->type),
                      cm_env_field(cm, f, f->captures[k]));
        sb_puts(cm->out, "};\n");
    }
    if (any)
        sb_puts(cm->out, "\n");
}

static const char *cm_ret_type(Cm *cm, const FnInst *fn)
{
    return cm_is_void(fn->ret) ? "void" : cm_ctype(cm, fn->ret);
}

static const char *cm_param(Cm *cm, const Local *l)
{
    if (cm_byptr_param(cm, l))
        return mem_printf(g_arena, "const %s *%s", cm_ctype(cm, l->type), cm_local_name(l));
    if (l->is_ref)
        return mem_printf(g_arena, "%s *%s", cm_ctype(cm, l->type), cm_local_name(l));
    return mem_printf(g_arena, "%s %s", cm_ctype(cm, l->type), cm_local_name(l));
}

static const char *cm_signature(Cm *cm, const IrFunc *f)
{
    const FnInst *fn = f->fn;
    StrBuf b = { 0 };
    if (f->noreturn)
        sb_puts(&b, "GS_NORETURN GS_COLD GS_NOINLINE ");
    bool inl = f->inline_always && !cm->o->debug_names;   /* -g: every function has a frame */
    sb_printf(&b, "%s %s %s(", inl ? "GS_INLINE" : "static", cm_ret_type(cm, fn), f->cname);
    if (ir_fn_has_site(fn))
        sb_puts(&b, fn->nparams ? "const gs_site *site_, " : "const gs_site *site_");
    if (fn->is_closure)
        sb_puts(&b, fn->nparams ? "void *env_, " : "void *env_");
    for (int i = 0; i < fn->nparams; i++)
        sb_printf(&b, "%s%s", i ? ", " : "", cm_param(cm, fn->params[i]));
    for (int k = 0; k < f->ncarry; k++)     /* after a parameter, so never the first */
        sb_printf(&b, ", bool %s", cm_local_name(f->carry[k].flag));
    if (!fn->is_closure && !ir_fn_has_site(fn) && fn->nparams == 0)
        sb_puts(&b, "void");
    sb_puts(&b, ")");
    const char *s = mem_strndup(g_arena, b.data, b.len);
    sb_free(&b);
    return s;
}

static const char *cm_thunk_signature(Cm *cm, const IrFunc *f)
{
    Type *t = f->fn->type;
    StrBuf b = { 0 };
    sb_printf(&b, "static %s %s__thunk(void *env", cm_ret_type(cm, f->fn), f->cname);
    for (int i = 0; i < t->nparams; i++)
        sb_printf(&b, ", %s a%d", cm_ctype(cm, t->params[i]), i);
    sb_puts(&b, ")");
    const char *s = mem_strndup(g_arena, b.data, b.len);
    sb_free(&b);
    return s;
}

static void cm_prototypes(Cm *cm)
{
    sb_puts(cm->out, "/* ---- prototypes ---- */\n");
    sb_puts(cm->out, "static void gs__init_globals(void);\n");
    for (int i = 0; i < cm->ir->nfuncs; i++) {
        const IrFunc *f = cm->ir->funcs[i];
        if (!f->reachable || cm_fold_gone(cm, i))
            continue;
        sb_printf(cm->out, "%s;\n", cm_signature(cm, f));
        if (f->used_as_value)
            sb_printf(cm->out, "%s;\n", cm_thunk_signature(cm, f));
    }
    sb_puts(cm->out, "\n");
}

static bool cm_scalar_const(const Global *g)
{
    return g->is_const && g->has_value &&
           (type_is_int(g->type) || g->type->kind == TY_F64 || g->type->kind == TY_BOOL);
}

static void cm_global(Cm *cm, const Global *g)
{
    const char *t = cm_ctype(cm, g->type);
    if (!cm_scalar_const(g)) {
        sb_printf(cm->out, "%s %s;\n", t, g->cname);
        return;
    }
    IrOpd v = type_is_int(g->type) ? ir_int(g->type, (uint64_t)g->ivalue)
            : g->type->kind == TY_BOOL ? ir_bool(g->type, g->ivalue != 0)
            : (IrOpd){ .kind = OPD_F64, .type = g->type, .f = g->fvalue };
    if (type_is_int(g->type) && cm_width(g->type) < 64)   /* keep the typed bits */
        v.i = (uint64_t)g->ivalue;
    sb_printf(cm->out, "%s %s = ", t, g->cname);
    cm->f = cm->ir->init;
    cm_opd(cm, cm->out, &v);
    sb_puts(cm->out, ";\n");
}

static void cm_sites_of(Cm *cm, const IrFunc *f, const int *num)
{
    for (int i = 0; i < f->nsites; i++) {
        if (num[i] < 0)
            continue;
        const IrSite *s = &f->sites[i];
        SrcFile *sf = src_get(s->loc.file);
        const char *path = sf ? sf->path : "?";
        sb_printf(cm->out, "static const gs_site gs_site%d = { ", num[i]);
        cm_c_string(cm->out, path, (int64_t)strlen(path));
        sb_printf(cm->out, ", %d, %d, ", s->loc.line, s->loc.col);
        if (s->what)
            cm_c_string(cm->out, s->what, (int64_t)strlen(s->what));
        else
            sb_puts(cm->out, "NULL");
        sb_puts(cm->out, " };\n");
    }
}

/* ---- functions ---- */

static void cm_top_decls(Cm *cm, const IrFunc *f)
{
    for (int t = 0; t < f->ntemps; t++)
        if (cm->temp_defs[t] > 1)
            cm_line(cm, "%s t%d;", cm_hide(cm, cm_ctype(cm, f->temps[t])), t);
    for (int i = 0; i < f->nins; i++)
        if (f->ins[i].op == IR_CLOSURE)
            cm_line(cm, "%s env%d;", cm_hide(cm, mem_printf(g_arena, "struct %s_env", f->ins[i].fn->cname)),
                    f->ins[i].dst);
}

static void cm_unused_params(Cm *cm, const IrFunc *f)
{
    for (int i = 0; i < f->fn->nparams; i++)
        cm_void_unread(cm, f->fn->params[i]);
    for (int k = 0; k < f->ncarry; k++)
        cm_void_unread(cm, f->carry[k].flag);
}

static bool cm_ends_with_return(const IrFunc *f)
{
    int i = f->nins - 1;
    while (i >= 0 && f->ins[i].op == IR_NOP)
        i--;
    return i >= 0 && f->ins[i].op == IR_RET;
}

static void cm_function(Cm *cm, const IrFunc *f, const int *num)
{
    cm_plan_switches(cm, f);
    bool env_used = cm_analyse(cm, f);
    cm_plan_inline(cm, f);
    cm->site_num = (int *)num;
    cm->depth = 1;
    size_t start = cm->out->len;
    cm->line_loc = cm_fn_loc(f->fn);
    cm_line_mark(cm);
    sb_printf(cm->out, "%s\n", f->fn ? cm_signature(cm, f) : "static void gs__init_globals(void)");
    cm_line_mark(cm);       /* the brace too: C compilers put the prologue at its line */
    sb_puts(cm->out, "{\n");
    if (f->fn && f->fn->is_closure && f->ncaptures > 0) {
        cm_line(cm, "struct %s_env *env = (struct %s_env *)env_;", f->cname, f->cname);
        if (!env_used)
            cm_line(cm, "(void)env;");
    } else if (f->fn && f->fn->is_closure) {
        cm_line(cm, "(void)env_;");
    }
    cm_top_decls(cm, f);
    if (ir_fn_has_site(f->fn))
        cm_line(cm, "(void)site_;");
    if (f->fn)
        cm_unused_params(cm, f);
    cm_abort_plan(cm, f);
    StrBuf body = { 0 }, *out = cm->out;   /* the abort variables it needs come first */
    cm->out = &body;
    cm_emit_body(cm);
    bool is_void = !f->fn || cm_is_void(f->fn->ret);
    StrBuf zero = { 0 };
    if (!is_void)
        cm_zero(cm, &zero, f->fn->ret);
    if (!is_void && !cm_ends_with_return(f))
        cm_line(cm, "return %s;", zero.data);
    cm->out = out;
    cm_abort_decls(cm);
    if (body.len)
        sb_putn(out, body.data, body.len);
    sb_free(&body);
    cm_abort_blocks(cm, is_void && !cm_ends_with_return(f), zero.data);
    sb_free(&zero);
    cm_line_mark(cm);
    sb_puts(cm->out, "}\n\n");
    cm_debug_names(cm, f, start);
}

/* With debug lines, every line of a thunk is its function's declaration. */
static void cm_thunk(Cm *cm, const IrFunc *f)
{
    Type *t = f->fn->type;
    StrBuf call = { 0 };
    sb_printf(&call, "%s%s(", cm_is_void(f->fn->ret) ? "" : "return ", f->cname);
    if (ir_fn_has_site(f->fn))      /* called through a value: no user call site */
        sb_puts(&call, t->nparams ? "NULL, " : "NULL");
    for (int i = 0; i < t->nparams; i++)
        sb_printf(&call, "%s%sa%d", i ? ", " : "", cm_byptr_param(cm, f->fn->params[i]) ? "&" : "", i);
    sb_puts(&call, ");");
    cm->line_loc = cm_fn_loc(f->fn);
    cm->depth = 0;
    cm_line(cm, "%s", cm_thunk_signature(cm, f));
    cm_line(cm, "{");
    cm->depth = 1;
    cm_line(cm, "(void)env;");
    cm_line(cm, "%s", sb_cstr(&call));
    cm->depth = 0;
    cm_line(cm, "}");
    sb_puts(cm->out, "\n");
    sb_free(&call);
}

/* The C entry; with debug lines, every line of it is main's declaration
 * (a debugger stepping out of main stays in the Goose program). */
static void cm_entry(Cm *cm)
{
    const Program *p = cm->ir->prog;
    const char *main_c = p->main_fn ? p->main_fn->cname : NULL;
    sb_puts(cm->out, "/* ---- entry ---- */\n");
    cm->line_loc = cm_fn_loc(p->main_fn);
    cm->depth = 0;
    cm_line(cm, "static int gs__entry(void)");
    cm_line(cm, "{");
    cm->depth = 1;
    cm_line(cm, "gs__init_globals();");
    if (main_c && p->main_returns_int) {
        cm_line(cm, "return (int)%s();", main_c);
    } else if (main_c) {
        cm_line(cm, "%s();", main_c);
        cm_line(cm, "return 0;");
    } else {
        cm_line(cm, "return 0;");
    }
    cm->depth = 0;
    cm_line(cm, "}");
    sb_puts(cm->out, "\n");
    cm_line(cm, "int main(int argc, char **argv)");
    cm_line(cm, "{");
    cm->depth = 1;
    if (cm->o->no_lifetime)     /* --unsafe-no-lifetime-checks: the heap keeps no tags */
        cm_line(cm, "gs_shadow_off = 1;");
    cm_line(cm, "return gs_rt_main(argc, argv, gs__entry);");
    cm->depth = 0;
    cm_line(cm, "}");
}

static void cm_data(Cm *cm, int **nums)
{
    const Program *p = cm->ir->prog;
    sb_puts(cm->out, "/* ---- data ---- */\n");
    for (int i = 0; i < p->globals.len; i++)
        cm_global(cm, VEC_AT(p->globals, Global *, i));
    cm_sites_of(cm, cm->ir->init, nums[cm->ir->nfuncs]);
    for (int i = 0; i < cm->ir->nfuncs; i++)
        if (cm->ir->funcs[i]->reachable && !cm_fold_gone(cm, i))
            cm_sites_of(cm, cm->ir->funcs[i], nums[i]);
    sb_puts(cm->out, "\n");
}

/* Every function's C (and the entry's) into fns; function i's is
 * fns[start[i], end[i]), its thunk after it. */
static void cm_functions(Cm *cm, StrBuf *fns, int **nums, size_t *start, size_t *end)
{
    const IrProgram *ir = cm->ir;
    cm->out = fns;
    cm_function(cm, ir->init, nums[ir->nfuncs]);
    for (int i = 0; i < ir->nfuncs; i++) {
        const IrFunc *f = ir->funcs[i];
        start[i] = end[i] = fns->len;
        if (!f->reachable)
            continue;
        cm_function(cm, f, nums[i]);
        end[i] = fns->len;
        if (f->used_as_value)
            cm_thunk(cm, f);
    }
    cm_entry(cm);
    sb_cstr(fns);
}

void cemit_program(StrBuf *out, const IrProgram *ir, const CemitOptions *o)
{
    Cm cm = { .out = out, .ir = ir, .o = o };
    const Program *p = ir->prog;
    const char *src = p->main_module && p->main_module->path ? p->main_module->path : "?";
    sb_puts(out, "/* generated by goose from ");
    for (const char *c = src; *c; c++)     /* a path must not end the comment */
        sb_putc(out, c[0] == '*' && c[1] == '/' ? '_' : *c);
    cm_collect_types(&cm);
    cm_fmt_plan(&cm);
    cm_byptr_plan(&cm);
    sb_puts(out, ": do not edit */\n#include \"goose_rt.h\"\n");
    if (cm.uses_pools)
        sb_puts(out, "#include \"gs_pool.h\"\n");
    cm_debug_prelude(&cm);
    sb_puts(out, "\n");
    cm_emit_types(&cm);
    cm_env_structs(&cm);
    cm_fmt_emit(&cm);
    int **nums = NEW_ARRAY(int *, ir->nfuncs + 1);
    nums[ir->nfuncs] = cm_number_sites(&cm, ir->init);
    for (int i = 0; i < ir->nfuncs; i++)
        nums[i] = ir->funcs[i]->reachable ? cm_number_sites(&cm, ir->funcs[i]) : NULL;
    StrBuf fns = { 0 };     /* the functions come first: folding decides what the rest declares */
    size_t *start = NEW_ARRAY(size_t, ir->nfuncs + 1), *end = NEW_ARRAY(size_t, ir->nfuncs + 1);
    cm_functions(&cm, &fns, nums, start, end);
    cm_fold_plan(&cm, &fns, start, end, nums);
    cm.out = out;
    cm_prototypes(&cm);
    cm_data(&cm, nums);
    sb_puts(out, "/* ---- functions ---- */\n");
    cm_fold_write(&cm, &fns, start, end, out);
    sb_free(&fns);
}
