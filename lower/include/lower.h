/* lower.h — checked tree (frontend/ast.h Program) → IR (lower/ir.h), and the
 * optimisation passes over the IR. The driver calls lower_program, then
 * lower_optimise, then hands the IR to emit-c/.
 * Not for: C text (emit-c/) or anything about syntax. */
#ifndef GOOSE_LOWER_H
#define GOOSE_LOWER_H

#include "ast.h"

typedef struct IrProgram IrProgram;

typedef struct LowerOptions {
    int opt_level;          /* 0, 1, 2 */
} LowerOptions;

IrProgram *lower_program(const Program *p, const LowerOptions *o);
/* Runs the passes of the level (BCE etc.: later issues; the slot exists). */
void lower_optimise(IrProgram *ir, const LowerOptions *o);
/* --dump=ir: a readable, deterministic listing. */
void lower_dump(StrBuf *out, const IrProgram *ir);
/* --stats: checks kept and removed, per function. */
void lower_stats(StrBuf *out, const IrProgram *ir);

#endif
