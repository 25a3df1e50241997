/* pass.h — the optimisation passes' one signature and their entry points,
 * for the pipeline (pipeline.c), which runs them in order from one table.
 * Private to lower/.
 * Not for: what a pass does (each pass_*.c says) or when it runs (the
 * table in pipeline.c). */
#ifndef GOOSE_PASS_H
#define GOOSE_PASS_H

#include "ir.h"

/* A pass over one function f, or over the whole program when the table
 * marks it so (f NULL). It counts what it does in the functions it
 * changes (checks_removed, loops_versioned). */
typedef void PassFn(const IrProgram *ir, IrFunc *f);

/* pass_borrow.c (every level): refs into storage that can move noted on
 * the runtime's live-ref stack while they live, unless nothing that may
 * give storage back runs meanwhile. Whole program. */
void pass_borrow(const IrProgram *ir, IrFunc *f);
/* in may give storage back (pass_borrow.c's may-free summary of callees:
 * after pass_borrow ran). */
bool pass_may_free(const IrProgram *ir, const IrIns *in);
/* in may give back storage of element type elem (ir_storage_elem). */
bool pass_frees_elem(const IrProgram *ir, const IrIns *in, const Type *elem);
/* The open may-free summary (pass_borrow.c): a push onto a confined field
 * (pass_fields.c) gives back storage that only that field's header and
 * the temps read from it ever named, so for any other header (a variable,
 * a parameter, a field that is not that one, an element) it frees
 * nothing. pass_open_frees computes IrFunc.frees_open_* over the call
 * graph once the fields are known (pass_fields calls it); before that the
 * two below answer as the full summary does. */
void pass_open_frees(const IrProgram *ir);
/* in may give back storage of element type elem that a header other than
 * one read from a confined field may name. */
bool pass_frees_open_elem(const IrProgram *ir, const IrIns *in, const Type *elem);
/* g may give back such storage of element type elem (NULL: of some type
 * it names no element type for, i.e. of any). */
bool pass_func_frees_open(const IrFunc *g, const Type *elem);

/* pass_live.c: every level, a check that a header names live storage
 * before each use of its storage; -O1 and up, the ones proven
 * unnecessary go (pass_live_proofs). */
void pass_live(const IrProgram *ir, IrFunc *f);
void pass_live_proofs(const IrProgram *ir, IrFunc *f);
/* pass_live.c: -O1 and up, before live-proofs, the whole program once:
 * header parameters whose liveness the callers test and pass (IrFunc.carry). */
void pass_live_args(const IrProgram *ir, IrFunc *unused);
/* pass_fields.c: -O1 and up, before live-proofs, the whole program once:
 * which slice fields and globals only their own place holds
 * (ir_place_confined). */
void pass_fields(const IrProgram *ir, IrFunc *unused);

/* pass_mark.c (-O1): marks the functions every path of which ends in a
 * runtime error (emitted cold and noreturn). Whole program. */
void pass_noreturn(const IrProgram *ir, IrFunc *f);

/* pass_inline.c (-O2): small straight-line standard library functions
 * inlined at their calls, before the check-removing passes. Whole program. */
void pass_inline(const IrProgram *ir, IrFunc *f);

/* pass_bce.c (-O1): checks their constant operands or a range loop prove. */
void pass_bce(const IrProgram *ir, IrFunc *f);

/* pass_facts.c (-O1): checks proven by earlier checks and tests. */
void pass_facts(const IrProgram *ir, IrFunc *f);

/* pass_mark.c (-O2): marks small leaf functions inline_always (emitted
 * GS_INLINE), measured before versioning copies loops. */
void pass_inline_always(const IrProgram *ir, IrFunc *f);

/* pass_version.c (-O2): loop versioning. */
void pass_version(const IrProgram *ir, IrFunc *f);

/* pass_hoist.c (-O2): a check both arms of an if begin with, done once
 * before the if. */
void pass_hoist(const IrProgram *ir, IrFunc *f);

/* pass_licm.c (-O2): loads of a global's header that a loop cannot change
 * done once, before the loop. Whole program. */
void pass_licm(const IrProgram *ir, IrFunc *f);

/* pass_promote.c (-O2): a global slice a loop pushes onto or pops from
 * held in a local over the loop (after pass_licm). */
void pass_promote(const IrProgram *ir, IrFunc *f);

/* pass_loopcheck.c (-O2): a check a loop repeats on values it keeps fixed
 * done once, before the loop (last). */
void pass_loopcheck(const IrProgram *ir, IrFunc *f);

/* pass_view.c (-O2): `let n = xs[i]` of a struct bound to the element
 * where nothing can change it while n lives (IrFunc.views). Whole program. */
void pass_view(const IrProgram *ir, IrFunc *f);

/* pipeline.c: the verifier runs (after lowering and after each pass) */
bool lower_verifying(const LowerOptions *o);

#endif
