/* driver.h — what the `goose` driver's files share: the native build
 * (cc.c, prefix cc_) and `goose fmt` (cmd_fmt.c, cmdfmt_), called from the
 * command line front (main.c, drv_).
 * Not for: anything a compiler stage needs (stages never include this). */
#ifndef GOOSE_DRIVER_H
#define GOOSE_DRIVER_H

#include <stdbool.h>
#include <stddef.h>

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

/* `goose fmt` (cmd_fmt.c): argv holds the arguments after "fmt". */
int cmdfmt_main(int argc, char **argv);

#endif
