/* pass_mark.c — the two passes that mark functions for the C emitter
 * rather than change their instructions:
 *   noreturn       (-O1) every path of the function ends in a runtime
 *                  error: emitted cold, out of line and noreturn, and its
 *                  calls are cold paths the other passes may rely on
 *                  (ir_stops);
 *   inline_always  (-O2) a small leaf: emitted GS_INLINE.
 * Not for: deciding checks (pass_bce.c and the other pass_*.c). */
#include "pass.h"

#include <string.h>

/* ---- functions that never return: their calls are cold paths ---- */

/* No RET anywhere and the last instruction (top level: blocks are closed
 * by then) stops the program: every path that ends, ends there. */
static bool mk_never_returns(const IrProgram *ir, const IrFunc *f)
{
    if (!f->fn || f->fn->is_closure || f->nins == 0 || !ir_stops(ir, &f->ins[f->nins - 1]))
        return false;
    for (int i = 0; i < f->nins; i++)
        if (f->ins[i].op == IR_RET)
            return false;
    return true;
}

/* To a fixed point: a function whose last call is to a noreturn one is
 * noreturn too. */
void pass_noreturn(const IrProgram *ir, IrFunc *unused)
{
    for (bool changed = true; changed;) {
        changed = false;
        for (int i = 0; i < ir->nfuncs; i++) {
            IrFunc *f = ir->funcs[i];
            if (!f->noreturn && mk_never_returns(ir, f)) {
                f->noreturn = true;
                changed = true;
            }
        }
    }
}

/* ---- -O2: small leaf functions are inlined at every call ----
 * A leaf calls no function that can return (calls into cold noreturn error
 * paths are fine), so forcing it inline can never recurse. The C compiler's
 * own inliner counts the error paths and the growth calls as cost and
 * leaves pool-sized methods out of line; these are the builtins' size. */
enum { INLINE_MAX_INS = 64 };

static void mk_count_use(const IrOpd *o, void *uses)
{
    if (o->kind == OPD_TEMP)
        ((int *)uses)[o->temp]++;
}

/* Per temp of f: how many operands read it. */
static int *mk_uses(const IrFunc *f)
{
    int *uses = SCRATCH_ARRAY(int, f->ntemps + 1);
    for (int i = 0; i < f->nins; i++)
        ir_each_read(&f->ins[i], mk_count_use, uses);
    return uses;
}

/* The size is what the function's C will hold, measured after the checks
 * pass_bce removes are NOPs: no NOP, and no pure value nobody reads (an
 * inlined method's receiver address, which the emitter drops; without
 * this a loop over pool.slot_pool's get came out longer than the same loop
 * over a builtin pool's r[i], and stayed out of line: game_of_life). */
static bool mk_small_leaf(const IrProgram *ir, const IrFunc *f)
{
    if (!f->fn || f->fn->is_closure || f->noreturn || !strcmp(f->fn->name, "main"))
        return false;
    int n = 0, *uses = mk_uses(f);
    bool ok = true;
    for (int i = 0; i < f->nins && ok; i++) {
        const IrIns *in = &f->ins[i];
        ok = !(in->op == IR_CALLV || in->op == IR_CLOSURE || (in->op == IR_CALL && !ir_stops(ir, in)));
        bool dead = ir_op_info[in->op].pure && in->dst >= 0 && uses[in->dst] == 0;
        n += in->op != IR_NOP && !dead;
    }
    return ok && n <= INLINE_MAX_INS;
}

void pass_inline_always(const IrProgram *ir, IrFunc *f)
{
    f->inline_always = mk_small_leaf(ir, f);
}
