/* lower.h — checked tree (frontend/ast.h Program) → IR (lower/ir.h), and the
 * optimisation passes over the IR. The driver calls lower_program, then
 * lower_optimise (the pipeline, pipeline.c), then hands the IR to emit-c/.
 * Not for: C text (emit-c/) or anything about syntax. */
#ifndef GOOSE_LOWER_H
#define GOOSE_LOWER_H

#include "ast.h"

typedef struct IrProgram IrProgram;

typedef struct LowerOptions {
    int opt_level;          /* 0, 1, 2 */
    bool verify_ir;         /* verify the IR after lowering and each pass
                               (always in a build without NDEBUG) */
    const char *stop_after; /* a pass's name: lower_optimise stops after it */
    bool no_lifetime;       /* skip the lifetime passes (measurement only: unsafe) */
} LowerOptions;

IrProgram *lower_program(const Program *p, const LowerOptions *o);
/* Runs the passes of the level, in order, up to o->stop_after if set. */
void lower_optimise(IrProgram *ir, const LowerOptions *o);
/* name is a pass of the pipeline (--dump=ir-after=NAME). */
bool lower_is_pass(const char *name);
/* The pipeline's pass names in order, comma-separated (a usage error). */
void lower_pass_names(StrBuf *out);
/* --dump=ir: a readable, deterministic listing. */
void lower_dump(StrBuf *out, const IrProgram *ir);
/* --stats: checks kept and removed, per function. */
void lower_stats(StrBuf *out, const IrProgram *ir);

#endif
