/* cemit.h — IR → one deterministic C file that includes goose_rt.h.
 * Not for: deciding semantics (lower/ made every check explicit). */
#ifndef GOOSE_CEMIT_H
#define GOOSE_CEMIT_H

#include "lower.h"

typedef struct CemitOptions {
    int opt_level;
    bool debug_lines;       /* #line directives (--debug-lines, -g) */
    bool debug_names;       /* -g: locals under their Goose names, temporaries
                               hidden from debuggers (cemit_debug.c) */
    bool no_fold;           /* --no-fold: no identical functions folded (measurement only) */
    bool no_lifetime;       /* the program keeps no storage tags (measurement only: unsafe) */
} CemitOptions;

void cemit_program(StrBuf *out, const IrProgram *ir, const CemitOptions *o);

#endif
