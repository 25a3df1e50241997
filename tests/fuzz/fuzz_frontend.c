/* fuzz_frontend.c — the libFuzzer target over the whole compiler short of
 * the C compiler: source bytes -> lexer, parser, checker (with its
 * GOOSE_CHECK_VERIFY self-check), lowering, the passes and the C emitter
 * at -O0 and at -O2, plus the --dump=ast and --dump=ir printers. All in
 * process: no file is written and nothing is run.
 *
 * A finding is a crash, an internal error (fatal_internal exits: libFuzzer
 * reports "fuzz target exited"), a hang past -timeout, memory past
 * -rss_limit_mb, a leak, or an AddressSanitizer / UBSan report.
 * Diagnostics of a bad input are the expected outcome, not a finding.
 *
 * Diagnostics are thrown away unless GOOSE_FUZZ_DIAG=1 (see below).
 * Each input is one file named FZ_PATH (inside tests/golden/run, so the
 * seeds' relative imports such as "./lib/x" resolve); the stdlib comes from
 * the source tree. frontend_reset() frees everything between inputs: the
 * arena, interned strings, types, keyword tables and the error count.
 * Lowering runs twice from one checked Program (-O0, then -O2), which is
 * what a separate `goose emit-c -O0` / `-O2` would lower too: lowering
 * does not change the checked tree.
 *
 * Built by tests/fuzz/CMakeLists.txt; how to run it: tests/fuzz/README.
 * Not for: whether the emitted C compiles (check_emitted.py does that). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "ast.h"
#include "cemit.h"
#include "lower.h"

#ifndef GOOSE_SOURCE_DIR
#define GOOSE_SOURCE_DIR "."
#endif
#define FZ_PATH GOOSE_SOURCE_DIR "/tests/golden/run/fuzz_input.gs"
#define FZ_STDLIB GOOSE_SOURCE_DIR "/stdlib"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    setenv("GOOSE_CHECK_VERIFY", "1", 1);
    setenv("NO_COLOR", "1", 1);
    /* Diagnostics (unbuffered, a write per character of a quoted line)
     * cost more than compiling: they go to /dev/null through a buffered
     * FILE. File descriptor 2 stays open for the sanitizers' reports and
     * libFuzzer keeps its own FILE. GOOSE_FUZZ_DIAG=1 shows them, and so
     * the message of an internal error (fatal_internal) when replaying a crash. */
    const char *show = getenv("GOOSE_FUZZ_DIAG");
    if (!(show && *show == '1')) {
        FILE *null = fopen("/dev/null", "w");
        if (null)
            stderr = null;
    }
    return 0;
}

static bool fz_ok(void) { return diag_error_count() == 0; }

/* Parse; the AST dump too (it walks every node). NULL on errors. */
static Module *fz_parse(const uint8_t *data, size_t size)
{
    SrcFile *src = src_from_text(FZ_PATH, (const char *)data, size);
    Module *root = NEW(Module);
    root->name = intern_cstr("main");
    root->path = src->path;
    root->cprefix = "gs_main_";
    if (!parse_file(src, root) || !fz_ok())
        return NULL;
    StrBuf b = { 0 };
    ast_dump_module(&b, root);
    sb_free(&b);
    return root;
}

/* Lower, optimise and emit at one level (the IR printers at -O2). */
static void fz_lower_emit(const Program *prog, int level)
{
    LowerOptions lo = { .opt_level = level };
    IrProgram *ir = lower_program(prog, &lo);
    if (!ir || !fz_ok())
        return;
    StrBuf b = { 0 };
    if (level == 2)
        lower_dump(&b, ir);
    lower_optimise(ir, &lo);
    if (!fz_ok()) {
        sb_free(&b);
        return;
    }
    if (level == 2) {
        lower_dump(&b, ir);
        lower_stats(&b, ir);
    }
    sb_free(&b);
    CemitOptions co = { .opt_level = level, .debug_lines = level == 0 };
    StrBuf c = { 0 };
    cemit_program(&c, ir, &co);
#ifdef FZ_PRINT_C       /* a check of the note above: compare with goose emit-c */
    if (level == 2)
        fwrite(c.data ? c.data : "", 1, c.len, stdout);
#endif
    sb_free(&c);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    Module *root = fz_parse(data, size);
    Program prog = { 0 };
    if (root && check_program(root, FZ_STDLIB, &prog) && fz_ok()) {
        fz_lower_emit(&prog, 0);
        if (fz_ok())
            fz_lower_emit(&prog, 2);
    }
    frontend_reset();
    return 0;
}
