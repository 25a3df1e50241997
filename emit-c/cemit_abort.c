/* cemit_abort.c — how a failing check reaches its runtime function.
 *
 * Every check calls one noreturn, cold gs_fail_* with a pointer to its
 * static site record and at most two values. At -O2 the checks of one kind
 * (one gs_fail_* function) that a function has two or more of share one
 * abort block at the end of the function: each check stores its site and
 * values in function-scope variables and jumps there,
 *     if (GS_UNLIKELY(c)) { abort_site_ = &gs_site1; abort_i_ = i; abort_n_ = n; goto abort_index_; }
 *     ...
 * abort_index_:
 *     gs_fail_index(abort_site_, abort_i_, abort_n_);
 * so the function holds one call per kind. A kind used once keeps its
 * direct call; -O0/-O1 and noreturn functions (cold as a whole) keep every
 * call. Clang's inliner then sees one call instead of several (its cost
 * model charges each); the hot path's instructions do not change
 * (docs/benchmarks.md, "Shared abort blocks"). The variables are declared
 * before the body and the blocks
 * come after its last statement, so no jump enters a declaration's scope
 * (the emitted C has no VLAs and no statement expressions); the message,
 * site and values are exactly those of the direct call.
 * Not for: the conditions of the checks (cemit_ins.c). */
#include "cemit_priv.h"

#include <string.h>

/* The first value's C variable by the type the gs_fail_* takes: 'i'
 * int64_t, 'u' uint64_t, 'd' double, 0 none; a second value is int64_t. */
typedef struct CmFail {
    const char *name;       /* gs_fail_<name>, label abort_<name>_ */
    char a;
    bool b;
} CmFail;

static const CmFail cm_fails[CM_NFAIL] = {
    [CF_INDEX] = { "index", 'i', true },           [CF_INDEX_U] = { "index_u", 'u', true },
    [CF_SLICE_END] = { "slice_end", 'i', true },   [CF_SLICE_END_U] = { "slice_end_u", 'u', true },
    [CF_SLICE_START] = { "slice_start", 'i', true }, [CF_SLICE_START_U] = { "slice_start_u", 'u', true },
    [CF_DIV_ZERO] = { "div_zero", 0, false },      [CF_DIV_OVF] = { "div_overflow", 0, false },
    [CF_SHIFT] = { "shift", 'i', true },           [CF_SHIFT_U] = { "shift_u", 'u', true },
    [CF_F2I] = { "f2i", 'd', false },              [CF_UNWRAP] = { "unwrap", 0, false },
    [CF_POP] = { "pop_empty", 0, false },          [CF_ASSERT] = { "assert", 0, false },
    [CF_LEN] = { "len_mismatch", 'i', true },
};

static const char *const cm_abort_var_type[] = { ['i'] = "int64_t", ['u'] = "uint64_t", ['d'] = "double" };

static bool cm_unsigned_opd(const IrOpd *o) { return type_is_int(o->type) && !type_is_signed(o->type); }

/* The kinds the checks of in fail through, in emission order; returns how many. */
int cm_fail_kinds(const IrIns *in, CmFailKind out[2])
{
    bool end, start;
    int u = cm_unsigned_opd(&in->a);
    switch (in->op) {
    case IR_CHECK_INDEX: out[0] = CF_INDEX + u; return 1;
    case IR_CHECK_SLICE: {
        int n = 0;
        cm_slice_parts(in, &end, &start);
        if (end)
            out[n++] = CF_SLICE_END + cm_unsigned_opd(&in->b);
        if (start)
            out[n++] = CF_SLICE_START + u;
        return n;
    }
    case IR_CHECK_DIV: out[0] = CF_DIV_ZERO; return 1;
    case IR_CHECK_DIVOVF: out[0] = CF_DIV_OVF; return 1;
    case IR_CHECK_SHIFT: out[0] = CF_SHIFT + u; return 1;
    case IR_CHECK_F2I: out[0] = CF_F2I; return 1;
    case IR_CHECK_UNWRAP: out[0] = CF_UNWRAP; return 1;
    case IR_CHECK_POP: out[0] = CF_POP; return 1;
    case IR_CHECK_ASSERT: out[0] = CF_ASSERT; return 1;
    case IR_CHECK_LEN: out[0] = CF_LEN; return 1;
    default: return 0;
    }
}

/* -O2, not in a noreturn function (cold as a whole): which kinds share. */
void cm_abort_plan(Cm *cm, const IrFunc *f)
{
    int uses[CM_NFAIL] = { 0 };
    memset(cm->abort_share, 0, sizeof cm->abort_share);
    memset(cm->abort_gotos, 0, sizeof cm->abort_gotos);
    if (cm->o->opt_level < 2 || f->noreturn)
        return;
    for (int i = 0; i < f->nins; i++) {
        CmFailKind k[2];
        if (!ir_op_info[f->ins[i].op].is_check)
            continue;
        for (int j = cm_fail_kinds(&f->ins[i], k) - 1; j >= 0; j--)
            uses[k[j]]++;
    }
    for (int k = 0; k < CM_NFAIL; k++)
        cm->abort_share[k] = uses[k] >= 2;
}

/* The statement a failing check of kind k runs: the direct call, or the
 * jump. a and b are the values the kind's message takes (the others are
 * ignored). */
const char *cm_fail_stmt(Cm *cm, CmFailKind k, const char *site, const char *a, const char *b)
{
    const CmFail *fk = &cm_fails[k];
    if (!cm->abort_share[k])
        return mem_printf(g_arena, "gs_fail_%s(%s%s%s%s%s);", fk->name, site, fk->a ? ", " : "", fk->a ? a : "",
                          fk->b ? ", " : "", fk->b ? b : "");
    cm->abort_gotos[k]++;
    StrBuf s = { 0 };
    sb_printf(&s, "{ abort_site_ = %s; ", site);
    if (fk->a)
        sb_printf(&s, "abort_%c_ = %s; ", fk->a, a);
    if (fk->b)
        sb_printf(&s, "abort_n_ = %s; ", b);
    sb_printf(&s, "goto abort_%s_; }", fk->name);
    const char *r = mem_printf(g_arena, "%s", s.data);
    sb_free(&s);
    return r;
}

void cm_fail(Cm *cm, const char *cond, CmFailKind k, const char *site, const char *a, const char *b)
{
    cm_line(cm, "if (GS_UNLIKELY(%s)) %s", cond, cm_fail_stmt(cm, k, site, a, b));
}

static bool cm_any_goto(const Cm *cm)
{
    for (int k = 0; k < CM_NFAIL; k++)
        if (cm->abort_gotos[k] > 0)
            return true;
    return false;
}

/* The function-scope variables the emitted jumps set (after the body is
 * written, so exactly those used). */
void cm_abort_decls(Cm *cm)
{
    bool need[128] = { false };
    if (!cm_any_goto(cm))
        return;
    for (int k = 0; k < CM_NFAIL; k++)
        if (cm->abort_gotos[k] > 0) {
            need[(int)cm_fails[k].a] = true;
            need['n'] |= cm_fails[k].b;
        }
    cm_line(cm, "%s *abort_site_;", cm_hide(cm, "const gs_site"));
    static const char vars[] = "iud";
    for (const char *v = vars; *v; v++)
        if (need[(int)*v])
            cm_line(cm, "%s abort_%c_;", cm_hide(cm, cm_abort_var_type[(int)*v]), *v);
    if (need['n'])
        cm_line(cm, "%s abort_n_;", cm_hide(cm, "int64_t"));
}

/* The shared blocks, after the body; a body that can end falls through
 * to a return first. TinyCC does not know the calls are noreturn: a
 * function with a value ends with a return it never reaches (zero, the
 * C of a zero value), or tcc -Wall says it "might return no value". */
void cm_abort_blocks(Cm *cm, bool needs_return, const char *zero)
{
    if (!cm_any_goto(cm))
        return;
    if (needs_return)
        cm_line(cm, "return;");
    for (int k = 0; k < CM_NFAIL; k++) {
        const CmFail *fk = &cm_fails[k];
        if (cm->abort_gotos[k] == 0)
            continue;
        sb_printf(cm->out, "abort_%s_:\n", fk->name);
        if (fk->a && fk->b)
            cm_line(cm, "gs_fail_%s(abort_site_, abort_%c_, abort_n_);", fk->name, fk->a);
        else if (fk->a)
            cm_line(cm, "gs_fail_%s(abort_site_, abort_%c_);", fk->name, fk->a);
        else
            cm_line(cm, "gs_fail_%s(abort_site_);", fk->name);
    }
    if (zero)
        cm_line(cm, "return %s;", zero);
}
