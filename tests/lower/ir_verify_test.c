/* ir_verify_test.c — the IR verifier (lower/ir_verify.c) catches broken IR.
 * Each case builds a small IrFunc by hand, most of them broken in one
 * way, and checks ir_verify_func's verdict and the instruction its message
 * names; well-formed functions (an && join, if/else, for and while loops)
 * must pass. The last case runs ir_verify in a child process and checks
 * the internal-error path: status 2 and a message naming the pass, the
 * function and the instruction. One PASS/FAIL line per case; the exit
 * status is the number of failures.
 * Linked with lower/ir.c, lower/ir_verify.c and the frontend's util, types
 * and ast (tests/lower/CMakeLists.txt). Temps have no type here (NULL):
 * the verifier compares an operand's type with its temp's, nothing more.
 * Not for: the verifier over real programs (ctest runs every golden with
 * --verify-ir). */
#include "ir.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static int failures;
static const Loc NOLOC = { 0, 1, 1 };

static IrFunc *t_func(const char *name, int ntemps)
{
    IrFunc *f = ir_func_new(NULL, name);
    for (int i = 0; i < ntemps; i++)
        ir_temp(f, NULL);
    return f;
}

static IrOpd T(IrFunc *f, int t) { return ir_tempopd(f, t); }
static IrOpd K(int64_t v) { return ir_int(NULL, (uint64_t)v); }

static IrIns *t_op(IrFunc *f, IrOp op, IrOpd a)
{
    IrIns *in = ir_emit(f, op, NOLOC);
    in->a = a;
    return in;
}

static void t_mov(IrFunc *f, int dst, IrOpd a) { t_op(f, IR_MOV, a)->dst = dst; }

static IrIns *t_bin(IrFunc *f, int dst, IrOpd a, IrOpd b)
{
    IrIns *in = t_op(f, IR_BIN, a);
    in->b = b;
    in->aux = BIN_ADD;
    in->dst = dst;
    return in;
}

static void t_ret(IrFunc *f, IrOpd a) { t_op(f, IR_RET, a); }

static void t_check_index(IrFunc *f, IrOpd i, IrOpd n)
{
    int site = ir_site(f, NOLOC, NULL, IR_CHECK_INDEX);
    IrIns *in = t_op(f, IR_CHECK_INDEX, i);
    in->b = n;
    in->site = site;
}

enum { T_CLEAN = -1, T_AT_END = -2 };

/* One PASS/FAIL line: f verifies (want_at T_CLEAN), or fails at
 * instruction want_at (T_AT_END: at its end) with a message containing
 * want. */
static void t_expect(const char *name, const IrFunc *f, int want_at, const char *want)
{
    StrBuf why = { 0 };
    bool ok = ir_verify_func(f, &why);
    const char *msg = why.len ? sb_cstr(&why) : "";
    char at[32];
    if (want_at == T_AT_END)
        snprintf(at, sizeof at, "end of function");
    else
        snprintf(at, sizeof at, "instruction %d ", want_at);
    bool pass = want_at == T_CLEAN ? ok
                                   : !ok && strncmp(msg, at, strlen(at)) == 0 && strstr(msg, want) != NULL;
    printf("%s: ir_verify/%s%s%s\n", pass ? "PASS" : "FAIL", name, msg[0] ? ": " : "", msg);
    failures += !pass;
    sb_free(&why);
}

/* ---- well-formed functions ---- */

/* t0 = 1; t1 = t0 (&&: t1 = lhs; if t1 { t1 = rhs }); if t1 { t2 = .. } else { t3 = .. }; ret t1 */
static void case_good_join(void)
{
    IrFunc *f = t_func("good_join", 4);
    t_mov(f, 0, K(1));
    t_mov(f, 1, T(f, 0));
    t_op(f, IR_IF, T(f, 1));
    t_mov(f, 1, K(0));
    t_op(f, IR_ENDIF, ir_none());
    t_op(f, IR_IF, T(f, 1));
    t_bin(f, 2, T(f, 0), K(1));
    t_op(f, IR_ELSE, ir_none());
    t_bin(f, 3, T(f, 0), K(2));
    t_op(f, IR_ENDIF, ir_none());
    t_ret(f, T(f, 1));
    t_expect("good_join", f, T_CLEAN, "");
}

/* for t1 in 0..t0 { check t1 < t0; loop { t2 = t1 + 1; brk_unless t2; break } } */
static void case_good_loops(void)
{
    IrFunc *f = t_func("good_loops", 3);
    t_mov(f, 0, K(10));
    IrIns *loop = t_op(f, IR_FOR, K(0));
    loop->b = T(f, 0);
    loop->dst = 1;
    t_check_index(f, T(f, 1), T(f, 0));
    t_op(f, IR_LOOP, ir_none());
    t_bin(f, 2, T(f, 1), K(1));
    t_op(f, IR_BRK_UNLESS, T(f, 2));
    t_op(f, IR_BREAK, ir_none());
    t_op(f, IR_ENDLOOP, ir_none());
    t_op(f, IR_ENDFOR, ir_none());
    t_ret(f, ir_none());
    t_expect("good_loops", f, T_CLEAN, "");
}

/* A NOP keeps its fields but writes nothing: the temp it wrote is free. */
static void case_good_nop(void)
{
    IrFunc *f = t_func("good_nop", 1);
    t_mov(f, 0, K(1));
    f->ins[0].op = IR_NOP;
    t_mov(f, 0, K(2));
    t_ret(f, T(f, 0));
    t_expect("good_nop", f, T_CLEAN, "");
}

/* ---- definitions before uses ---- */

static void case_use_before_def(void)
{
    IrFunc *f = t_func("use_before_def", 2);
    t_bin(f, 0, T(f, 1), K(1));
    t_mov(f, 1, K(2));
    t_expect("use_before_def", f, 0, "t1 read before any definition");
}

static void case_use_after_block(void)
{
    IrFunc *f = t_func("use_after_block", 2);
    t_op(f, IR_IF, ir_bool(NULL, true));
    t_mov(f, 0, K(1));
    t_op(f, IR_ENDIF, ir_none());
    t_bin(f, 1, T(f, 0), K(1));
    t_expect("use_after_block", f, 3, "t0 read outside the block that defines it");
}

static void case_use_in_other_arm(void)
{
    IrFunc *f = t_func("use_in_other_arm", 2);
    t_op(f, IR_IF, ir_bool(NULL, true));
    t_mov(f, 0, K(1));
    t_op(f, IR_ELSE, ir_none());
    t_bin(f, 1, T(f, 0), K(1));
    t_op(f, IR_ENDIF, ir_none());
    t_expect("use_in_other_arm", f, 3, "t0 read outside the block that defines it");
}

static void case_use_after_loop(void)
{
    IrFunc *f = t_func("use_after_loop", 2);
    IrIns *loop = t_op(f, IR_FOR, K(0));
    loop->b = K(4);
    loop->dst = 0;
    t_op(f, IR_ENDFOR, ir_none());
    t_ret(f, T(f, 0));      /* the counter lives in the loop */
    t_expect("use_after_loop", f, 2, "t0 read outside the block that defines it");
}

static void case_temp_out_of_range(void)
{
    IrFunc *f = t_func("temp_out_of_range", 1);
    IrOpd bad = T(f, 0);
    bad.temp = 7;
    t_ret(f, bad);
    t_expect("temp_out_of_range", f, 0, "t7 out of range");
}

static void case_temp_type(void)
{
    IrFunc *f = t_func("temp_type", 1);
    t_mov(f, 0, K(1));
    IrOpd bad = T(f, 0);
    bad.type = (Type *)&failures;    /* any pointer other than the temp's type */
    t_ret(f, bad);
    t_expect("temp_type", f, 1, "t0 read with a type other than its own");
}

/* ---- single definitions ---- */

static void case_written_twice(void)
{
    IrFunc *f = t_func("written_twice", 1);
    t_mov(f, 0, K(1));
    t_mov(f, 0, K(2));
    t_expect("written_twice", f, 1, "t0 written again (first by instruction 0)");
}

/* The join's second MOV must be in the then arm of the IF testing it. */
static void case_join_in_else(void)
{
    IrFunc *f = t_func("join_in_else", 1);
    t_mov(f, 0, K(1));
    t_op(f, IR_IF, T(f, 0));
    t_op(f, IR_ELSE, ir_none());
    t_mov(f, 0, K(0));
    t_op(f, IR_ENDIF, ir_none());
    t_expect("join_in_else", f, 3, "t0 written again");
}

static void case_join_other_test(void)
{
    IrFunc *f = t_func("join_other_test", 2);
    t_mov(f, 0, K(1));
    t_mov(f, 1, K(1));
    t_op(f, IR_IF, T(f, 1));
    t_mov(f, 0, K(0));
    t_op(f, IR_ENDIF, ir_none());
    t_expect("join_other_test", f, 3, "t0 written again");
}

static void case_join_third_write(void)
{
    IrFunc *f = t_func("join_third_write", 1);
    t_mov(f, 0, K(1));
    t_op(f, IR_IF, T(f, 0));
    t_mov(f, 0, K(0));
    t_mov(f, 0, K(2));
    t_op(f, IR_ENDIF, ir_none());
    t_expect("join_third_write", f, 3, "t0 written again");
}

static void case_join_not_mov(void)
{
    IrFunc *f = t_func("join_not_mov", 1);
    t_mov(f, 0, K(1));
    t_op(f, IR_IF, T(f, 0));
    t_bin(f, 0, K(1), K(2));
    t_op(f, IR_ENDIF, ir_none());
    t_expect("join_not_mov", f, 2, "t0 written again");
}

/* ---- operand shapes ---- */

static void case_bin_missing_operand(void)
{
    IrFunc *f = t_func("bin_missing_operand", 1);
    t_bin(f, 0, K(1), ir_none());
    t_expect("bin_missing_operand", f, 0, "operand b: kind none not allowed here");
}

static void case_mov_extra_operand(void)
{
    IrFunc *f = t_func("mov_extra_operand", 1);
    IrIns *in = t_op(f, IR_MOV, K(1));
    in->dst = 0;
    in->c = K(3);
    t_expect("mov_extra_operand", f, 0, "operand c: kind int not allowed here");
}

static void case_missing_dst(void)
{
    IrFunc *f = t_func("missing_dst", 0);
    t_op(f, IR_MOV, K(1));
    t_expect("missing_dst", f, 0, "has no destination temp");
}

static void case_store_without_place(void)
{
    IrFunc *f = t_func("store_without_place", 0);
    t_op(f, IR_STORE, K(1));
    t_expect("store_without_place", f, 0, "has no place");
}

static void case_bad_place_root(void)
{
    IrFunc *f = t_func("bad_place_root", 1);
    IrIns *in = t_op(f, IR_LOAD, ir_none());
    in->dst = 0;
    in->place = ir_place_root(K(3), NULL);
    t_expect("bad_place_root", f, 0, "place root is not a temp, local or global");
}

static void case_check_without_site(void)
{
    IrFunc *f = t_func("check_without_site", 0);
    IrIns *in = t_op(f, IR_CHECK_INDEX, K(1));
    in->b = K(2);
    t_expect("check_without_site", f, 0, "check without a site");
}

static void case_for_two_counters(void)
{
    IrFunc *f = t_func("for_two_counters", 1);
    Local l = { 0 };
    IrIns *loop = t_op(f, IR_FOR, K(0));
    loop->b = K(4);
    loop->dst = 0;
    loop->local = &l;
    t_op(f, IR_ENDFOR, ir_none());
    t_expect("for_two_counters", f, 0, "a FOR counts in a local or a temp");
}

static void case_unknown_op(void)
{
    IrFunc *f = t_func("unknown_op", 0);
    t_op(f, (IrOp)IR__COUNT, ir_none());
    t_expect("unknown_op", f, 0, "has no row in the verifier's table");
}

/* ---- block structure ---- */

static void case_endif_without_if(void)
{
    IrFunc *f = t_func("endif_without_if", 0);
    t_op(f, IR_LOOP, ir_none());
    t_op(f, IR_ENDIF, ir_none());
    t_expect("endif_without_if", f, 1, "ENDIF closes no open IF");
}

static void case_else_outside_if(void)
{
    IrFunc *f = t_func("else_outside_if", 0);
    t_op(f, IR_LOOP, ir_none());
    t_op(f, IR_ELSE, ir_none());
    t_op(f, IR_ENDLOOP, ir_none());
    t_expect("else_outside_if", f, 1, "ELSE outside an IF");
}

static void case_two_elses(void)
{
    IrFunc *f = t_func("two_elses", 0);
    t_op(f, IR_IF, ir_bool(NULL, true));
    t_op(f, IR_ELSE, ir_none());
    t_op(f, IR_ELSE, ir_none());
    t_op(f, IR_ENDIF, ir_none());
    t_expect("two_elses", f, 2, "a second ELSE for the IF at 0");
}

static void case_break_outside_loop(void)
{
    IrFunc *f = t_func("break_outside_loop", 0);
    t_op(f, IR_IF, ir_bool(NULL, true));
    t_op(f, IR_BREAK, ir_none());
    t_op(f, IR_ENDIF, ir_none());
    t_expect("break_outside_loop", f, 1, "outside any loop");
}

static void case_brk_unless_after_loop(void)
{
    IrFunc *f = t_func("brk_unless_after_loop", 0);
    t_op(f, IR_LOOP, ir_none());
    t_op(f, IR_ENDLOOP, ir_none());
    t_op(f, IR_BRK_UNLESS, ir_bool(NULL, true));
    t_expect("brk_unless_after_loop", f, 2, "outside any loop");
}

static void case_unclosed(void)
{
    IrFunc *f = t_func("unclosed", 0);
    t_op(f, IR_LOOP, ir_none());
    t_op(f, IR_IF, ir_bool(NULL, true));
    t_op(f, IR_ENDIF, ir_none());
    t_expect("unclosed", f, T_AT_END, "1 blocks left open (the innermost at 0)");
}

/* ---- the internal-error path ---- */

/* ir_verify on a program with one broken function: in a child, whose
 * stderr comes back through a pipe. */
static void case_fatal(void)
{
    IrFunc *good = t_func("f_good", 0), *bad = t_func("f_broken", 1);
    t_ret(good, ir_none());
    t_mov(bad, 0, K(1));
    t_mov(bad, 0, K(2));
    IrFunc *funcs[] = { good, bad };
    IrProgram ir = { .funcs = funcs, .nfuncs = 2 };
    int fd[2];
    if (pipe(fd) != 0) {
        perror("pipe");
        exit(1);
    }
    fflush(stdout);
    pid_t pid = fork();
    if (pid == 0) {
        dup2(fd[1], 2);
        ir_verify(&ir, "testpass");
        _exit(0);
    }
    close(fd[1]);
    char buf[1024] = { 0 };
    size_t n = 0;
    for (ssize_t r; n < sizeof buf - 1 && (r = read(fd[0], buf + n, sizeof buf - 1 - n)) > 0;)
        n += (size_t)r;
    close(fd[0]);
    int st = 0;
    waitpid(pid, &st, 0);
    const char *want = "goose: internal error: IR verifier, after testpass: function f_broken: "
                       "instruction 1 (MOV): t0 written again (first by instruction 0)\n";
    bool pass = WIFEXITED(st) && WEXITSTATUS(st) == 2 && strcmp(buf, want) == 0;
    printf("%s: ir_verify/fatal: status %d: %s", pass ? "PASS" : "FAIL",
           WIFEXITED(st) ? WEXITSTATUS(st) : -1, n ? buf : "(no message)\n");
    failures += !pass;
}

/* A match arm's IF: its key and cases with IR_IF_SWITCH, never without. */
static IrIns *t_switch_if(IrFunc *f, int test, int key)
{
    IrIns *in = t_op(f, IR_IF, T(f, test));
    in->aux = IR_IF_SWITCH;
    in->b = T(f, key);
    in->args = calloc(2, sizeof(IrOpd));
    in->args[0] = K(1);
    in->args[1] = K(2);
    in->nargs = 2;
    return in;
}

static void case_switch_arms(void)
{
    IrFunc *f = t_func("switch_arms", 2);
    t_mov(f, 0, K(1));
    t_mov(f, 1, ir_bool(NULL, true));
    t_switch_if(f, 1, 0);
    t_op(f, IR_ELSE, ir_none());
    t_op(f, IR_ENDIF, ir_none());
    t_expect("switch_arms", f, T_CLEAN, NULL);

    f = t_func("switch_without_flag", 2);
    t_mov(f, 0, K(1));
    t_mov(f, 1, ir_bool(NULL, true));
    t_switch_if(f, 1, 0)->aux = 0;
    t_op(f, IR_ENDIF, ir_none());
    t_expect("switch_without_flag", f, 2, "a key or cases on an IF that is no match arm");

    f = t_func("switch_without_cases", 2);
    t_mov(f, 0, K(1));
    t_mov(f, 1, ir_bool(NULL, true));
    t_switch_if(f, 1, 0)->nargs = 0;
    t_op(f, IR_ENDIF, ir_none());
    t_expect("switch_without_cases", f, 2, "a match arm without its key or cases");

    f = t_func("switch_case_not_constant", 2);
    t_mov(f, 0, K(1));
    t_mov(f, 1, ir_bool(NULL, true));
    t_switch_if(f, 1, 0)->args[1] = T(f, 0);
    t_op(f, IR_ENDIF, ir_none());
    t_expect("switch_case_not_constant", f, 2, "case 1 of a match arm is not a constant of its key's type");
}

int main(void)
{
    case_good_join();
    case_good_loops();
    case_good_nop();
    case_use_before_def();
    case_use_after_block();
    case_use_in_other_arm();
    case_use_after_loop();
    case_temp_out_of_range();
    case_temp_type();
    case_written_twice();
    case_join_in_else();
    case_join_other_test();
    case_join_third_write();
    case_join_not_mov();
    case_bin_missing_operand();
    case_mov_extra_operand();
    case_missing_dst();
    case_store_without_place();
    case_bad_place_root();
    case_check_without_site();
    case_for_two_counters();
    case_unknown_op();
    case_endif_without_if();
    case_else_outside_if();
    case_two_elses();
    case_break_outside_loop();
    case_brk_unless_after_loop();
    case_unclosed();
    case_switch_arms();
    case_fatal();
    printf("ir_verify: %d failed\n", failures);
    return failures;
}
