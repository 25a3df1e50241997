/* driver.h — what the `goose` driver's files share: the native build
 * (cc.c, prefix cc_) called from the command line front (main.c, drv_),
 * `goose test` (cmd_test.c, gt_), which runs main.c's pipeline on a
 * root of its own, and `goose fmt` (cmd_fmt.c, cmdfmt_).
 * Not for: anything a compiler stage needs (stages never include this). */
#ifndef GOOSE_DRIVER_H
#define GOOSE_DRIVER_H

#include <stdbool.h>
#include <stddef.h>

#include "ast.h"

/* One native build of emitted C into an executable. */
typedef struct CcJob {
    const char *cc;         /* "clang", "gcc", "tcc", a path, or NULL for the default */
    int opt_level;          /* goose's level: 0 -> cc -O0, 1 and 2 -> cc -O2 */
    const char *out;        /* the executable to write */
    bool keep_c;            /* also keep the emitted C as <out>.c */
    const char *c_text;     /* the emitted C */
    size_t c_len;
} CcJob;

/* Writes the C and the embedded runtime to a temporary directory, compiles
 * and links. Returns 0, 1 (the output cannot be written) or 2 (no C
 * compiler, no temporary directory). A failed C compile is an internal
 * error: the command and the compiler's output go to fatal_internal once
 * the temporary directory is removed. */
int cc_build(const CcJob *job);

/* The default C compiler: clang if installed, else gcc, else tcc; NULL if none. */
const char *cc_default(void);

/* ---- main.c, for goose test ---- */
/* GOOSE_STDLIB, else <dir of goose>/../stdlib, else the source tree's. */
const char *drv_stdlib_dir(void);

/* Checks root with the test files joined (check_program_joined), lowers,
 * optimises and emits C into c at opt_level; false after reporting errors. */
bool drv_compile_joined(Module *root, const CheckJoin *joins, int njoins, int opt_level, StrBuf *c);

/* ---- cmd_test.c ---- */
/* `goose test` with the arguments after "test"; returns the exit status. */
int gt_main(int argc, char **argv);

/* `goose fmt` (cmd_fmt.c): argv holds the arguments after "fmt". */
int cmdfmt_main(int argc, char **argv);

#endif
