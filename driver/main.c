/* main.c — the `goose` command line: parses the flags, then runs the
 * pipeline in one place (drv_compile: load, parse, check, lower, optimise,
 * emit) and hands the C to the chosen back end: a file (emit-c), the native
 * C compiler (build, cc.c) or libtcc in memory (run, jit/).
 *
 * Exit status: 0 success; 1 compile errors or an unusable input/output
 * file; 2 usage errors and internal errors; `goose run` exits with the
 * program's own status; `goose test` has its own (cmd_test.c).
 * Not for: any language semantics (frontend/, lower/) or C generation. */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "ast.h"
#include "cemit.h"
#include "driver.h"
#include "jit.h"
#include "lsp.h"
#include "lower.h"

#ifndef GOOSE_VERSION
#define GOOSE_VERSION "0.0.0"
#endif

/* ---- commands and flags ---- */
typedef enum Cmd {
    CMD_BUILD = 1, CMD_RUN = 2, CMD_EMIT_C = 4, CMD_CHECK = 8, CMD_TEST = 16, CMD_FMT = 32, CMD_ENV = 64, CMD_LSP = 128
} Cmd;
#define CMD_ALL (CMD_BUILD | CMD_RUN | CMD_EMIT_C | CMD_CHECK)
#define CMD_LOWERS (CMD_BUILD | CMD_RUN | CMD_EMIT_C)

typedef enum Dump { DUMP_NONE, DUMP_AST, DUMP_IR_BEFORE, DUMP_IR, DUMP_IR_AFTER } Dump;

typedef struct Options {
    Cmd cmd;
    const char *src;
    const char *out;
    const char *cc;
    int opt_level;
    bool keep_c, stats, debug_lines, time, verify_ir;
    bool debug;             /* -g: debug information that names Goose lines and locals */
    bool no_lifetime;       /* --unsafe-no-lifetime-checks (measurement only) */
    bool no_fold;           /* --no-fold: identical functions kept apart (measurement only) */
    Dump dump;
    const char *dump_after;     /* DUMP_IR_AFTER: the pass */
    int nargs;              /* program arguments after `--` (run) */
    char **args;
} Options;

static const struct {
    const char *name;
    Cmd cmd;
    const char *usage;
} drv_cmds[] = {
    { "build", CMD_BUILD,
      "goose build prog.gs [-o prog] [-O0|-O1|-O2] [-g] [--cc clang|gcc|tcc] [--keep-c]\n"
      "                    [--stats] [--debug-lines] [--time]\n"
      "      compile to a native executable (default name: prog, in the current directory);\n"
      "      -g: for gdb, in Goose lines and local names (clang or gcc; the C at -O0 -g;\n"
      "      docs/tools.md, Debugging); --debug-lines: only the C's #line directives" },
    { "run", CMD_RUN,
      "goose run prog.gs [-O0|-O1|-O2] [--time] [--stats] [-- args...]\n"
      "      compile in memory with libtcc and run; exits with the program's status" },
    { "emit-c", CMD_EMIT_C,
      "goose emit-c prog.gs [-o prog.c] [-O0|-O1|-O2] [-g] [--debug-lines]\n"
      "      print the emitted C (to stdout, or to the -o file)" },
    { "check", CMD_CHECK,
      "goose check prog.gs\n"
      "      report diagnostics only; exit 0 when there are none, 1 otherwise" },
    { "test", CMD_TEST,
      "goose test [paths...] [--run PATTERN] [-v] [-O0|-O1|-O2] [--cc clang|gcc|tcc]\n"
      "                      [--timeout SECONDS]\n"
      "      run the fn test_*() of *_test.gs files, each in its own process\n"
      "      (a path: a file or folder; dir/... every folder below dir)" },
    { "fmt", CMD_FMT,
      "goose fmt [--check] [path...]\n"
      "      format .gs files (folders: every .gs below) in place, or the current folder;\n"
      "      --check lists unformatted files instead; '-' formats stdin to stdout" },
    { "env", CMD_ENV,
      "goose env [NAME...]\n"
      "      print where goose's files and tools are, as NAME=value lines, or the\n"
      "      value of each NAME given ('goose env --help' explains each name)" },
    { "lsp", CMD_LSP,
      "goose lsp [--stdio]\n"
      "      a language server on stdin/stdout for editors (docs/tools.md, Editors)" },
};
#define DRV_NCMDS ((int)(sizeof drv_cmds / sizeof drv_cmds[0]))

typedef void DrvFlagFn(Options *o, const char *value);
static void flag_out(Options *o, const char *v) { o->out = v; }
static void flag_cc(Options *o, const char *v) { o->cc = v; }
static void flag_o0(Options *o, const char *v) { o->opt_level = 0; }
static void flag_o1(Options *o, const char *v) { o->opt_level = 1; }
static void flag_o2(Options *o, const char *v) { o->opt_level = 2; }
static void flag_keep_c(Options *o, const char *v) { o->keep_c = true; }
static void flag_stats(Options *o, const char *v) { o->stats = true; }
static void flag_debug_lines(Options *o, const char *v) { o->debug_lines = true; }
static void flag_debug(Options *o, const char *v) { o->debug = o->debug_lines = true; }
static void flag_time(Options *o, const char *v) { o->time = true; }
static void flag_dump_ast(Options *o, const char *v) { o->dump = DUMP_AST; }
static void flag_dump_ir(Options *o, const char *v) { o->dump = DUMP_IR; }
static void flag_dump_ir_before(Options *o, const char *v) { o->dump = DUMP_IR_BEFORE; }
static void flag_verify_ir(Options *o, const char *v) { o->verify_ir = true; }
static void flag_no_lifetime(Options *o, const char *v) { o->no_lifetime = true; }
static void flag_no_fold(Options *o, const char *v) { o->no_fold = true; }

static int drv_usage_error(const char *fmt, const char *arg);

/* -Werror, -Wno-NAME, -WNAME: the warning table is base/'s (DIAG_WARNINGS). */
static void flag_warning(Options *o, const char *v)
{
    if (!diag_warn_option(v))
        exit(drv_usage_error("unknown warning flag '-W%s' (goose --help lists them)", v));
}

static void flag_no_warnings(Options *o, const char *v) { diag_warn_option("no-all"); }

static void flag_dump_ir_after(Options *o, const char *v)
{
    o->dump = DUMP_IR_AFTER;
    o->dump_after = v;
}

static const struct {
    const char *name;       /* ending in '=' or '*': the value follows in the same word
                               ('*' stands for it and is not typed) */
    int cmds;               /* the commands that accept it */
    bool takes_value;
    DrvFlagFn *set;
} drv_flags[] = {
    { "-o", CMD_BUILD | CMD_EMIT_C, true, flag_out },
    { "--cc", CMD_BUILD, true, flag_cc },
    { "-O0", CMD_ALL, false, flag_o0 },
    { "-O1", CMD_ALL, false, flag_o1 },
    { "-O2", CMD_ALL, false, flag_o2 },
    { "--keep-c", CMD_BUILD, false, flag_keep_c },
    { "--stats", CMD_LOWERS, false, flag_stats },
    { "--debug-lines", CMD_LOWERS, false, flag_debug_lines },
    { "-g", CMD_LOWERS, false, flag_debug },
    { "--time", CMD_BUILD | CMD_RUN, false, flag_time },
    { "--dump=ast", CMD_ALL, false, flag_dump_ast },
    { "--dump=ir", CMD_LOWERS, false, flag_dump_ir },
    { "--dump=ir-before", CMD_LOWERS, false, flag_dump_ir_before },
    { "--dump=ir-after=", CMD_LOWERS, true, flag_dump_ir_after },
    { "--verify-ir", CMD_LOWERS, false, flag_verify_ir },
    { "--unsafe-no-lifetime-checks", CMD_LOWERS, false, flag_no_lifetime },
    { "--no-fold", CMD_LOWERS, false, flag_no_fold },
    { "-W*", CMD_ALL, true, flag_warning },
    { "-w", CMD_ALL, false, flag_no_warnings },
};
#define DRV_NFLAGS ((int)(sizeof drv_flags / sizeof drv_flags[0]))

static void drv_usage(FILE *f)
{
    fputs("goose " GOOSE_VERSION " — the Goose compiler\n\nusage:\n", f);
    for (int i = 0; i < DRV_NCMDS; i++)
        fprintf(f, "  %s\n", drv_cmds[i].usage);
    fputs("  goose --version | --help\n\n"
          "common flags:\n"
          "  -O0 -O1 -O2     optimisation level (default -O2)\n"
          "  --dump=ast|ir   print the parsed tree or the IR (after the passes of the\n"
          "                  -O level) to stdout and stop; --dump=ir-before: the IR\n"
          "                  as lowered, before any pass; --dump=ir-after=PASS: the\n"
          "                  IR after that pass (a wrong name lists them)\n"
          "  --verify-ir     check the IR's invariants after lowering and after every\n"
          "                  pass (an internal error names the pass that broke one)\n"
          "  --stats         checks kept and removed (stdout for build, else stderr)\n"
          "  --unsafe-no-lifetime-checks\n"
          "                  UNSAFE, for measuring their cost only: no checks that\n"
          "                  storage is still live (a use of freed storage goes\n"
          "                  unnoticed; docs/temporal_safety.md)\n"
          "  --no-fold       for measuring only: functions whose C is the same stay\n"
          "                  apart (-O2 folds them into one; docs/internals.md)\n"
          "  --time          per-phase times on stderr\n"
          "  -Werror         warnings are errors (exit status 1)\n"
          "  -Wno-NAME       turn warning NAME off (-WNAME: on again; NAME all: every\n"
          "                  one; -w is -Wno-all); all are on by default:\n", f);
    for (int w = 0; w < DW__COUNT; w++)
        fprintf(f, "    %-17s %s\n", diag_warn_name[w], diag_warn_what[w]);
    fputs("environment: GOOSE_STDLIB (standard library folder; default: found from\n"
          "  goose's own path, 'goose env GOOSE_STDLIB'), GOOSE_CC (default C\n"
          "  compiler), GOOSE_CFLAGS (more flags for clang and gcc), XDG_CACHE_HOME\n"
          "  (cached runtime objects), NO_COLOR\n", f);
}

static int drv_usage_error(const char *fmt, const char *arg)
{
    fputs("goose: ", stderr);
    fprintf(stderr, fmt, arg);
    fputs("\nrun 'goose --help' for usage\n", stderr);
    return 2;
}

/* ---- argument parsing ---- */
/* How much of a flag's name is matched as a prefix of the word holding its
 * value too ("--dump=ir-after=", "-W" of "-W*"); 0 for a whole-word flag. */
static size_t drv_joined(int f)
{
    const char *name = drv_flags[f].name;
    size_t n = strlen(name);
    return name[n - 1] == '=' ? n : name[n - 1] == '*' ? n - 1 : 0;
}

static int drv_find_flag(const char *arg)
{
    for (int i = 0; i < DRV_NFLAGS; i++) {
        size_t n = drv_joined(i);
        if (n ? strncmp(arg, drv_flags[i].name, n) == 0 : strcmp(arg, drv_flags[i].name) == 0)
            return i;
    }
    return -1;
}

/* --dump=ir-after=PASS names a pass of the pipeline. */
static int drv_check_pass(const char *name)
{
    if (lower_is_pass(name))
        return 0;
    StrBuf names = { 0 };
    lower_pass_names(&names);
    fprintf(stderr, "goose: unknown pass '%s' in --dump=ir-after (passes: %s)\n", name, sb_cstr(&names));
    fputs("run 'goose --help' for usage\n", stderr);
    sb_free(&names);
    return 2;
}

/* One flag at argv[*i]; advances past its value. 0, or the usage status. */
static int drv_parse_flag(Options *o, int argc, char **argv, int *i)
{
    const char *arg = argv[*i];
    if (!strcmp(arg, "--help") || !strcmp(arg, "-h")) {
        drv_usage(stdout);
        exit(0);
    }
    int f = drv_find_flag(arg);
    if (f < 0)
        return drv_usage_error("unknown flag '%s'", arg);
    if (!(drv_flags[f].cmds & o->cmd))
        return drv_usage_error("flag '%s' does not apply to this command", arg);
    const char *value = NULL;
    if (drv_joined(f)) {
        value = arg + drv_joined(f);
    } else if (drv_flags[f].takes_value) {
        if (*i + 1 >= argc)
            return drv_usage_error("flag '%s' needs a value", arg);
        value = argv[++*i];
    }
    drv_flags[f].set(o, value);
    return 0;
}

static int drv_parse_args(Options *o, int argc, char **argv)
{
    for (int i = 2; i < argc; i++) {
        const char *arg = argv[i];
        if (strcmp(arg, "--") == 0) {
            if (o->cmd != CMD_RUN)
                return drv_usage_error("'--' (program arguments) only applies to %s", "run");
            o->args = argv + i + 1;
            o->nargs = argc - i - 1;
            break;
        }
        if (arg[0] == '-' && arg[1] != 0) {
            int st = drv_parse_flag(o, argc, argv, &i);
            if (st)
                return st;
        } else if (o->src) {
            return drv_usage_error(o->cmd == CMD_RUN ? "unexpected argument '%s' (program arguments go after --)"
                                                     : "unexpected argument '%s' (one source file only)", arg);
        } else {
            o->src = arg;
        }
    }
    if (!o->src)
        return drv_usage_error("no source file given to '%s'", argv[1]);
    if (o->debug && o->cmd == CMD_RUN)     /* libtcc 0.9.27 registers no code with gdb */
        return drv_usage_error("%s", "-g does not apply to run: a debugger cannot see the code libtcc\n"
                               "compiles in memory; build with 'goose build -g prog.gs' and run ./prog under gdb");
    return o->dump == DUMP_IR_AFTER ? drv_check_pass(o->dump_after) : 0;
}

static Cmd drv_find_cmd(const char *name)
{
    for (int i = 0; i < DRV_NCMDS; i++)
        if (strcmp(name, drv_cmds[i].name) == 0)
            return drv_cmds[i].cmd;
    return 0;
}

/* ---- phase times (--time) ---- */
enum { PH_PARSE, PH_CHECK, PH_LOWER, PH_EMIT, PH_CC, PH__COUNT };
static const char *const drv_phase_name[PH__COUNT] = { "parse", "check", "lower", "emit", "cc" };
static double drv_phase_ms[PH__COUNT];
static bool drv_timing;
static JitTimes drv_jit_times;
static double drv_jit_start;        /* when jit_run began, 0 if it did not */

static double drv_now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

/* At exit, so it also reports a program that ends by exit() or a runtime
 * error inside `goose run`. */
static void drv_print_times(void)
{
    if (!drv_timing)
        return;
    for (int i = 0; i < PH__COUNT; i++)
        if (drv_phase_ms[i] > 0)
            fprintf(stderr, "goose: time %-12s %9.3f ms\n", drv_phase_name[i], drv_phase_ms[i]);
    if (drv_jit_start <= 0)
        return;
    const JitTimes *t = &drv_jit_times;
    double run = drv_now_ms() - drv_jit_start - t->compile_ms - t->relocate_ms;
    fprintf(stderr, "goose: time %-12s %9.3f ms\n", "tcc compile", t->compile_ms);
    fprintf(stderr, "goose: time %-12s %9.3f ms\n", "relocate", t->relocate_ms);
    fprintf(stderr, "goose: time %-12s %9.3f ms\n", "run", run);
}

/* ---- the pipeline ---- */
typedef enum Stage { STAGE_OK, STAGE_STOP, STAGE_ERROR } Stage;

static Module *drv_root_module(const char *path)
{
    Module *m = NEW(Module);
    m->name = intern_cstr("main");
    m->path = path;
    m->cprefix = "gs_main_";
    return m;
}

static void drv_print_buf(StrBuf *b, FILE *f)
{
    if (b->len)
        fwrite(b->data, 1, b->len, f);
    sb_free(b);
}

/* Load and parse: STAGE_ERROR after reporting, STAGE_STOP after --dump=ast. */
static Stage drv_parse(const Options *o, Module **out)
{
    double t = drv_now_ms();
    SrcFile *src = src_load(o->src);
    if (!src) {
        fprintf(stderr, "goose: cannot read %s: %s\n", o->src, strerror(errno));
        return STAGE_ERROR;
    }
    Module *root = drv_root_module(src->path);
    bool ok = parse_file(src, root);
    drv_phase_ms[PH_PARSE] = drv_now_ms() - t;
    diag_flush();
    if (!ok || diag_error_count() > 0)
        return STAGE_ERROR;
    *out = root;
    if (o->dump != DUMP_AST)
        return STAGE_OK;
    StrBuf b = { 0 };
    ast_dump_module(&b, root);
    drv_print_buf(&b, stdout);
    return STAGE_STOP;
}

static Stage drv_check(Module *root, const CheckJoin *joins, int njoins, Program *prog)
{
    double t = drv_now_ms();
    bool ok = check_program_joined(root, env_stdlib_dir(), joins, njoins, prog);
    drv_phase_ms[PH_CHECK] = drv_now_ms() - t;
    diag_flush();
    return ok && diag_error_count() == 0 ? STAGE_OK : STAGE_ERROR;
}

/* --stats goes to stdout when stdout carries nothing else. */
static FILE *drv_stats_stream(const Options *o)
{
    bool stdout_busy = o->cmd == CMD_RUN || (o->cmd == CMD_EMIT_C && !o->out);
    return stdout_busy ? stderr : stdout;
}

static Stage drv_lower(const Options *o, const Program *prog, IrProgram **out)
{
    double t = drv_now_ms();
    LowerOptions lo = { .opt_level = o->opt_level, .verify_ir = o->verify_ir, .no_lifetime = o->no_lifetime,
                        .stop_after = o->dump == DUMP_IR_AFTER ? o->dump_after : NULL };
    IrProgram *ir = lower_program(prog, &lo);
    diag_flush();
    StrBuf b = { 0 };
    if (ir && diag_error_count() == 0 && o->dump == DUMP_IR_BEFORE) {
        lower_dump(&b, ir);
        drv_print_buf(&b, stdout);
        return STAGE_STOP;
    }
    if (ir && diag_error_count() == 0)
        lower_optimise(ir, &lo);
    drv_phase_ms[PH_LOWER] = drv_now_ms() - t;
    if (!ir || diag_error_count() > 0)
        return STAGE_ERROR;
    *out = ir;
    if (o->stats) {
        lower_stats(&b, ir);
        drv_print_buf(&b, drv_stats_stream(o));
    }
    if (o->dump != DUMP_IR && o->dump != DUMP_IR_AFTER)
        return STAGE_OK;
    lower_dump(&b, ir);
    drv_print_buf(&b, stdout);
    return STAGE_STOP;
}

static void drv_emit(const Options *o, const IrProgram *ir, StrBuf *c)
{
    double t = drv_now_ms();
    /* run: TinyCC compiles the folded C no faster than the scan costs (docs/benchmarks.md) */
    CemitOptions co = { .opt_level = o->opt_level, .debug_lines = o->debug_lines, .debug_names = o->debug,
                        .no_lifetime = o->no_lifetime, .no_fold = o->no_fold || o->cmd == CMD_RUN };
    cemit_program(c, ir, &co);
    drv_phase_ms[PH_EMIT] = drv_now_ms() - t;
}

/* source -> C in c. STAGE_STOP: a dump or `check` ended the pipeline early. */
static Stage drv_compile(const Options *o, StrBuf *c)
{
    Module *root = NULL;
    Program prog = { 0 };
    IrProgram *ir = NULL;
    Stage st = drv_parse(o, &root);
    if (st == STAGE_OK)
        st = drv_check(root, NULL, 0, &prog);
    if (st == STAGE_OK && o->cmd == CMD_CHECK)
        st = STAGE_STOP;
    if (st == STAGE_OK)
        st = drv_lower(o, &prog, &ir);
    if (st == STAGE_OK)
        drv_emit(o, ir, c);
    return st;
}

/* goose test's pipeline (cmd_test.c): its own root, the test files joined
 * to their modules; check, lower, optimise and emit at opt_level. */
bool drv_compile_joined(Module *root, const CheckJoin *joins, int njoins, int opt_level, StrBuf *c)
{
    Options o = { .cmd = CMD_BUILD, .opt_level = opt_level };
    Program prog = { 0 };
    IrProgram *ir = NULL;
    Stage st = drv_check(root, joins, njoins, &prog);
    if (st == STAGE_OK)
        st = drv_lower(&o, &prog, &ir);
    if (st == STAGE_OK)
        drv_emit(&o, ir, c);
    return st == STAGE_OK;
}

/* ---- back ends ---- */
static int drv_write_file(const char *path, const StrBuf *c)
{
    FILE *f = fopen(path, "wb");
    bool ok = f && fwrite(c->data ? c->data : "", 1, c->len, f) == c->len;
    if (f && fclose(f) != 0)
        ok = false;
    if (ok)
        return 0;
    fprintf(stderr, "goose: cannot write %s: %s\n", path, strerror(errno));
    return 1;
}

static int drv_emit_c(const Options *o, const StrBuf *c)
{
    if (o->out)
        return drv_write_file(o->out, c);
    fwrite(c->data ? c->data : "", 1, c->len, stdout);
    return fflush(stdout) == 0 ? 0 : 1;
}

/* Default executable name: the source's file name without .gs, here. */
static const char *drv_default_out(const char *src)
{
    const char *base = strrchr(src, '/');
    base = base ? base + 1 : src;
    size_t n = strlen(base);
    if (n > 3 && strcmp(base + n - 3, ".gs") == 0)
        return mem_strndup(g_arena, base, n - 3);
    return "a.out";
}

static int drv_build(const Options *o, const StrBuf *c)
{
    CcJob job = {
        .cc = o->cc ? o->cc : getenv("GOOSE_CC"),
        .opt_level = o->opt_level,
        .out = o->out ? o->out : drv_default_out(o->src),
        .keep_c = o->keep_c,
        .debug = o->debug,
        .c_text = c->data ? c->data : "",
        .c_len = c->len,
    };
    double t = drv_now_ms();
    int st = cc_build(&job);
    drv_phase_ms[PH_CC] = drv_now_ms() - t;
    return st;
}

static int drv_run(const Options *o, StrBuf *c)
{
    const char *text = sb_cstr(c);
    drv_jit_start = drv_now_ms();
    return jit_run(text, o->src, o->nargs, o->args, &drv_jit_times);
}

static int drv_main(Options *o)
{
    StrBuf c = { 0 };
    drv_timing = o->time;
    atexit(drv_print_times);
    Stage st = drv_compile(o, &c);
    if (st == STAGE_ERROR)
        return 1;
    if (st == STAGE_STOP)
        return fflush(stdout) == 0 ? 0 : 1;
    int status = 0;
    switch (o->cmd) {
    case CMD_EMIT_C: status = drv_emit_c(o, &c); break;
    case CMD_BUILD: status = drv_build(o, &c); break;
    case CMD_RUN: status = drv_run(o, &c); break;
    default: break;
    }
    sb_free(&c);            /* LeakSanitizer (GOOSE_SANITIZE) checks at exit */
    return status;
}

int main(int argc, char **argv)
{
    mem_heap_prepare();
    if (argc < 2) {
        drv_usage(stderr);
        return 2;
    }
    const char *first = argv[1];
    if (!strcmp(first, "--help") || !strcmp(first, "-h") || !strcmp(first, "help")) {
        drv_usage(stdout);
        return 0;
    }
    if (!strcmp(first, "--version") || !strcmp(first, "version")) {
        printf("goose %s\n", GOOSE_VERSION);
        return 0;
    }
    Options o = { .opt_level = 2 };
    o.cmd = drv_find_cmd(first);
    if (!o.cmd)
        return drv_usage_error("unknown command '%s'", first);
    if (o.cmd == CMD_TEST)
        return gt_main(argc - 2, argv + 2);
    if (o.cmd == CMD_FMT)
        return cmdfmt_main(argc - 2, argv + 2);
    if (o.cmd == CMD_ENV)
        return env_main(argc - 2, argv + 2);
    if (o.cmd == CMD_LSP)
        return lsp_main(argc - 2, argv + 2, env_stdlib_dir());
    int st = drv_parse_args(&o, argc, argv);
    return st ? st : drv_main(&o);
}
