/* jit.h — run emitted C in memory through libtcc (`goose run`).
 * Knows no tree or IR: it takes C text. */
#ifndef GOOSE_JIT_H
#define GOOSE_JIT_H

#include <stdbool.h>

typedef struct JitTimes {
    double compile_ms, relocate_ms, run_ms;
} JitTimes;

/* Compiles c_text (which includes "goose_rt.h"), relocates, calls main with
 * argv[0] = prog_name and the given args. Returns the program's exit status;
 * a TinyCC error is an internal error naming the emitted line (util.h
 * fatal_internal: status 2). */
/* Where TinyCC's libtcc1.a and headers are taken from (GOOSE_TCC_LIB_DIR,
 * else the folder found at configure time); NULL when neither is usable. */
const char *jit_lib_dir(void);

int jit_run(const char *c_text, const char *prog_name, int argc, char **argv, JitTimes *times);

/* jit_run in two steps, for a program run many times (goose test calls it
 * in forked children): jit_load compiles and relocates (times: compile and
 * relocate only), jit_call calls main as jit_run does. A loaded program
 * stays loaded until the process ends. */
typedef struct JitProgram JitProgram;
JitProgram *jit_load(const char *c_text, JitTimes *times);
int jit_call(JitProgram *p, const char *prog_name, int argc, char **argv);

#endif
