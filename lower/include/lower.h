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
/* Runs the optimisation passes of the level: none at -O0; check removal
 * at -O1; inlining, loop versioning and the loop passes too at -O2. */
void lower_optimise(IrProgram *ir, const LowerOptions *o);
/* --dump=ir: a readable, deterministic listing. */
void lower_dump(StrBuf *out, const IrProgram *ir);
/* --stats: checks kept and removed, per function. */
void lower_stats(StrBuf *out, const IrProgram *ir);

#endif
