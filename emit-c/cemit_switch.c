/* cemit_switch.c — a `match` on an integer or enum as a C switch.
 *
 * The lowering marks each arm's IF with IR_IF_SWITCH: its test a holds
 * exactly when key b equals one of the constants args. A chain of two or
 * more such IFs on the same key, each (after pure instructions computing
 * its test) the first thing in the else arm of the one before, and closed
 * right before it, is written as
 *     switch (key) { case 1: case 2: { ... break; } case 3: { ... } default: { ... } }
 * with the tests left unread (cm_analyse drops them as dead). A `break` of
 * the enclosing loop inside an arm becomes `goto gs_brk_N;` to a label
 * after that loop (a C `break` would leave the switch). Passes see plain
 * IFs; when a pass has
 * changed the shape, the chain is simply not recognised.
 * Not for: lowering the arms (lower/lower_match.c). */
#include "cemit_priv.h"

#include <string.h>

static bool sw_same_key(const IrOpd *a, const IrOpd *b)
{
    if (a->kind != b->kind || a->type != b->type)
        return false;
    switch (a->kind) {
    case OPD_TEMP: return a->temp == b->temp;
    case OPD_LOCAL: return a->local == b->local;
    case OPD_GLOBAL: return a->global == b->global;
    default: return false;
    }
}

static bool sw_link(const IrIns *in, const IrIns *head)
{
    return in->op == IR_IF && (in->aux & IR_IF_SWITCH) && sw_same_key(&in->b, &head->b);
}

/* The loop instruction h is in, or -1. */
static int sw_loop_of(const IrFunc *f, int h)
{
    int depth = 0;
    for (int i = h - 1; i >= 0; i--) {
        IrOp op = f->ins[i].op;
        depth += op == IR_ENDLOOP || op == IR_ENDFOR;
        if (op == IR_LOOP || op == IR_FOR) {
            if (depth == 0)
                return i;
            depth--;
        }
    }
    return -1;
}

/* Breaks of the loop around [from, to) become gotos past the loop's end. */
static void sw_breaks(Cm *cm, const IrFunc *f, const IrBlocks *b, int from, int to)
{
    int loops = 0, loop = -2;
    for (int i = from; i < to; i++) {
        IrOp op = f->ins[i].op;
        loops += op == IR_LOOP || op == IR_FOR;
        loops -= op == IR_ENDLOOP || op == IR_ENDFOR;
        if (loops != 0 || op != IR_BREAK)
            continue;
        if (loop == -2)
            loop = sw_loop_of(f, from);
        if (loop < 0)
            continue;
        cm->sw_role[i] = CM_SW_BREAK;
        cm->sw_next[i] = loop;
        cm->sw_role[b->close[loop]] = CM_SW_LABEL;
        cm->sw_next[b->close[loop]] = loop;
    }
}

/* The chain headed by IF h: its links marked, or nothing when it is none. */
static void sw_chain(Cm *cm, const IrFunc *f, const IrBlocks *b, int h)
{
    const IrIns *head = &f->ins[h];
    int links[256], n = 0, cur = h;
    links[n++] = h;
    for (;;) {
        int e = b->els[cur];
        if (!e || n == 256)
            break;
        int j = e + 1;
        while (j < f->nins && ir_op_info[f->ins[j].op].pure && f->ins[j].dst >= 0)
            j++;
        if (j >= f->nins || !sw_link(&f->ins[j], head) || b->close[j] + 1 != b->close[cur])
            break;
        links[n++] = j;
        cur = j;
    }
    if (n < 2)
        return;
    sw_breaks(cm, f, b, h, b->close[h]);
    cm->sw_role[h] = CM_SW_HEAD;
    cm->sw_role[b->close[h]] = CM_SW_END;
    for (int k = 1; k < n; k++) {
        cm->sw_role[links[k]] = CM_SW_LINK;
        cm->sw_role[b->els[links[k - 1]]] = CM_SW_CASE;
        cm->sw_next[b->els[links[k - 1]]] = links[k];
        cm->sw_role[b->close[links[k]]] = CM_SW_SKIP;
    }
    int last = b->els[links[n - 1]];
    if (last)
        cm->sw_role[last] = CM_SW_DEFAULT;
}

void cm_plan_switches(Cm *cm, const IrFunc *f)
{
    cm->sw_role = NEW_ARRAY(uint8_t, f->nins + 1);
    cm->sw_next = NEW_ARRAY(int, f->nins + 1);
    memset(cm->sw_role, 0, (size_t)f->nins + 1);
    IrBlocks b;
    bool any = false;
    for (int i = 0; i < f->nins && !any; i++)
        any = f->ins[i].op == IR_IF && (f->ins[i].aux & IR_IF_SWITCH);
    if (!any)
        return;
    ArenaMark m = mem_mark(g_scratch);     /* the block table is scratch */
    ir_blocks_init(&b, f);
    for (int i = 0; i < f->nins; i++)
        if (f->ins[i].op == IR_IF && (f->ins[i].aux & IR_IF_SWITCH) && cm->sw_role[i] == CM_SW_NONE)
            sw_chain(cm, f, &b, i);
    mem_release(g_scratch, m);
}

bool cm_switch_reads_test(const Cm *cm, const IrFunc *f, const IrIns *in)
{
    int i = (int)(in - f->ins);
    return !cm->sw_role || cm->sw_role[i] == CM_SW_NONE;
}

static void sw_cases(Cm *cm, const IrIns *in)
{
    StrBuf b = { 0 };
    for (int k = 0; k < in->nargs; k++) {
        StrBuf v = { 0 };
        cm_opd(cm, &v, &in->args[k]);
        sb_printf(&b, "%scase %s:", k ? " " : "", v.data);
        sb_free(&v);
    }
    cm_line(cm, "%s {", b.data);
    sb_free(&b);
    cm->depth++;
}

/* Writes in's part of a switch; false when it has none. */
bool cm_switch_control(Cm *cm, const IrIns *in)
{
    int i = (int)(in - cm->f->ins);
    if (!cm->sw_role)
        return false;
    StrBuf key = { 0 };
    switch (cm->sw_role[i]) {
    case CM_SW_HEAD:
        cm_opd(cm, &key, &in->b);
        cm_line(cm, "switch (%s) {", key.data);
        sb_free(&key);
        cm->depth++;
        sw_cases(cm, in);
        return true;
    case CM_SW_CASE:
        cm_line(cm, "break;");
        cm->depth--;
        cm_line(cm, "}");
        sw_cases(cm, &cm->f->ins[cm->sw_next[i]]);
        return true;
    case CM_SW_DEFAULT:
        cm_line(cm, "break;");
        cm->depth--;
        cm_line(cm, "}");
        cm_line(cm, "default: {");
        cm->depth++;
        return true;
    case CM_SW_END:
        cm_line(cm, "break;");
        cm->depth--;
        cm_line(cm, "}");
        cm->depth--;
        cm_line(cm, "}");
        return true;
    case CM_SW_BREAK:
        cm_line(cm, "goto gs_brk_%d;", cm->sw_next[i]);
        return true;
    case CM_SW_LABEL:
        cm->depth--;
        cm_line(cm, "}");
        cm_line(cm, "gs_brk_%d:;", cm->sw_next[i]);
        return true;
    case CM_SW_LINK: case CM_SW_SKIP: return true;
    default: return false;
    }
}
