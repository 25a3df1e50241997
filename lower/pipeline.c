/* pipeline.c — the optimisation passes in the order they run, in one
 * table: each with its name (--dump=ir-after=NAME), the lowest -O level
 * that runs it, its scope (the whole program once, or each function of a
 * set, then perhaps the global initialiser) and its entry (pass.h: one
 * signature for all). The IR verifier (ir_verify.c) runs after lowering
 * and after every pass that ran, when --verify-ir asks for it or the
 * build keeps assertions (no NDEBUG); off, it costs one test per pass.
 * Each run of a pass on a function gets its scratch above a mark that is
 * released when the run ends (ir.h: pass scratch).
 * Not for: what a pass does (pass_*.c), or --stats (stats.c). */
#include "pass.h"

#include <string.h>

typedef enum PassScope {
    PS_PROGRAM,         /* once, f NULL: the pass walks the functions itself */
    PS_FUNCS,           /* each function, in Program.fns order */
    PS_REACHABLE,       /* each reachable function, in that order */
} PassScope;

typedef struct Pass {
    const char *name;
    int min_level;
    bool lifetime;      /* a lifetime pass: --unsafe-no-lifetime-checks skips it */
    PassScope scope;
    bool init;          /* then the global initialiser too */
    PassFn *run;
} Pass;

static const Pass pl_passes[] = {
    { "borrow", 0, true, PS_PROGRAM, false, pass_borrow },    /* live refs, before code is copied */
    { "live", 0, true, PS_FUNCS, true, pass_live },           /* header checks (after borrow's summary) */
    { "noreturn", 1, false, PS_PROGRAM, false, pass_noreturn },      /* ir_stops for the rest */
    { "inline", 2, false, PS_PROGRAM, false, pass_inline },          /* bodies in front of the proofs */
    { "bce", 1, false, PS_FUNCS, true, pass_bce },
    { "facts", 1, false, PS_FUNCS, true, pass_facts },
    { "inline-always", 2, false, PS_FUNCS, false, pass_inline_always },  /* sized before versioning */
    { "version", 2, false, PS_REACHABLE, true, pass_version },
    { "hoist", 2, false, PS_FUNCS, false, pass_hoist },
    { "licm", 2, false, PS_PROGRAM, false, pass_licm },
    { "promote", 2, false, PS_REACHABLE, false, pass_promote },      /* after licm */
    { "loopcheck", 2, false, PS_FUNCS, true, pass_loopcheck },
    { "fields", 1, true, PS_PROGRAM, false, pass_fields },          /* confined fields, for live-proofs */
    { "live-args", 1, true, PS_PROGRAM, false, pass_live_args },    /* liveness passed to callees */
    { "live-proofs", 1, true, PS_FUNCS, true, pass_live_proofs },   /* on the code as it ends up */
    { "view", 2, false, PS_PROGRAM, false, pass_view },             /* on the code as it ends up */
};
#define PL_NPASSES ((int)(sizeof pl_passes / sizeof pl_passes[0]))

#ifdef NDEBUG
enum { PL_VERIFY_ALWAYS = 0 };
#else
enum { PL_VERIFY_ALWAYS = 1 };
#endif

bool lower_verifying(const LowerOptions *o)
{
    return PL_VERIFY_ALWAYS || (o && o->verify_ir);
}

/* One run of a pass, its scratch released after it (ir.h: pass scratch). */
static void pl_run_one(const IrProgram *ir, const Pass *p, IrFunc *f)
{
    ArenaMark m = mem_mark(g_scratch);
    p->run(ir, f);
    mem_release(g_scratch, m);
}

static void pl_run(const IrProgram *ir, const Pass *p)
{
    if (p->scope == PS_PROGRAM) {
        pl_run_one(ir, p, NULL);
        return;
    }
    for (int i = 0; i < ir->nfuncs; i++)
        if (p->scope == PS_FUNCS || ir->funcs[i]->reachable)
            pl_run_one(ir, p, ir->funcs[i]);
    if (p->init && ir->init)
        pl_run_one(ir, p, ir->init);
}

void lower_optimise(IrProgram *ir, const LowerOptions *o)
{
    if (!ir || !o)
        return;
    bool verify = lower_verifying(o);
    for (int i = 0; i < PL_NPASSES; i++) {
        const Pass *p = &pl_passes[i];
        if (o->opt_level >= p->min_level && !(p->lifetime && o->no_lifetime)) {
            pl_run(ir, p);
            if (verify)
                ir_verify(ir, p->name);
        }
        if (o->stop_after && !strcmp(o->stop_after, p->name))
            return;
    }
}

bool lower_is_pass(const char *name)
{
    for (int i = 0; i < PL_NPASSES; i++)
        if (!strcmp(pl_passes[i].name, name))
            return true;
    return false;
}

void lower_pass_names(StrBuf *out)
{
    for (int i = 0; i < PL_NPASSES; i++)
        sb_printf(out, "%s%s", i ? ", " : "", pl_passes[i].name);
}
