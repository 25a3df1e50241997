/* driver.h — what the `goose` driver's files share: the native build
 * (cc.c, prefix cc_) and goose's own paths (cmd_env.c, env_), called from
 * the command line front (main.c, drv_); `goose test` (cmd_test.c, gt_),
 * which runs main.c's pipeline on a root of its own; `goose fmt`
 * (cmd_fmt.c, cmdfmt_).
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
    bool debug;             /* -g: cc -O0 -g, the runtime's debug information
                               naming its sources in env_runtime_dir() */
    const char *c_text;     /* the emitted C */
    size_t c_len;
} CcJob;

/* Writes the C and the embedded runtime to a temporary directory, compiles
 * and links. Returns 0, 1 (the output cannot be written) or 2 (no C
 * compiler, no temporary directory, -g with TinyCC). A failed C compile is an internal
 * error: the command and the compiler's output go to fatal_internal once
 * the temporary directory is removed. */
int cc_build(const CcJob *job);

/* The default C compiler: clang if installed, else gcc, else tcc; NULL if none. */
const char *cc_default(void);

/* A program as the shell would find it (a path as is, else through PATH);
 * NULL when it is not an executable file. */
const char *cc_find(const char *name);

/* The cache of runtime objects, $XDG_CACHE_HOME/goose or ~/.cache/goose,
 * whether it exists yet or not; NULL when off (GOOSE_NO_CACHE=1). */
const char *cc_cache_path(void);

/* ---- cmd_env.c (prefix env_): where goose's files are, `goose env` ---- */
/* This executable, absolute and resolved (/proc/self/exe); NULL if unknown. */
const char *env_exe(void);
/* GOOSE_STDLIB, else the standard library of the tree goose is in. */
const char *env_stdlib_dir(void);
/* The runtime's sources of the tree goose is in. */
const char *env_runtime_dir(void);
/* `goose env [NAME...]` with the arguments after "env"; the exit status. */
int env_main(int argc, char **argv);

/* ---- main.c, for goose test ---- */
/* Checks root with the test files joined (check_program_joined), lowers,
 * optimises and emits C into c at opt_level; false after reporting errors. */
bool drv_compile_joined(Module *root, const CheckJoin *joins, int njoins, int opt_level, StrBuf *c);

/* ---- cmd_test.c ---- */
/* `goose test` with the arguments after "test"; returns the exit status. */
int gt_main(int argc, char **argv);

/* `goose fmt` (cmd_fmt.c): argv holds the arguments after "fmt". */
int cmdfmt_main(int argc, char **argv);

#endif
