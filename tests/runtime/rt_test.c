/* rt_test.c — unit tests of runtime/goose_rt.c, linked directly with it.
 *
 * One PASS/FAIL line per case and a final "N passed, N failed" line; exits
 * non-zero on any failure. Cases that must stop the program (runtime
 * errors, exit) run in a forked child whose stdout and stderr go to temp
 * files; the parent checks status and text.
 * Not for: compiler behaviour (golden and run tests cover that). */
#define _POSIX_C_SOURCE 200809L

#include "goose_rt.h"

#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

static int n_pass, n_fail;

static void check(const char *name, bool ok) {
    printf("%s: %s\n", ok ? "PASS" : "FAIL", name);
    if (ok) n_pass++;
    else n_fail++;
}

static gs_str S(const char *c) { return GS_STR_LIT(c, (int64_t)strlen(c)); }

static bool str_is(gs_str s, const char *want) {
    size_t n = strlen(want);
    return (size_t)GS_SLEN(s) == n && (n == 0 || memcmp(s.ptr, want, n) == 0);
}

/* ---- running a body in a child ---- */
typedef struct Child {
    int status; /* exit status, or -1 when killed by a signal */
    char out[4096], err[4096];
} Child;

static void read_all(const char *path, char *buf, size_t cap) {
    FILE *f = fopen(path, "rb");
    size_t n = 0;
    if (f != NULL) {
        n = fread(buf, 1, cap - 1, f);
        fclose(f);
    }
    buf[n] = 0;
    remove(path);
}

/* same_file: stdout and stderr share one file (tests their ordering). */
static void run_child(Child *c, void (*body)(void), bool same_file) {
    const char *po = "gs_rt_test_out", *pe = same_file ? po : "gs_rt_test_err";
    int st;
    pid_t pid;
    fflush(stdout);
    pid = fork();
    if (pid == 0) {
        int fo = open(po, O_WRONLY | O_CREAT | O_TRUNC, 0600);
        int fe = same_file ? fo : open(pe, O_WRONLY | O_CREAT | O_TRUNC, 0600);
        dup2(fo, 1);
        dup2(fe, 2);
        body();
        gs_exit(0);
    }
    waitpid(pid, &st, 0);
    c->status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
    read_all(po, c->out, sizeof c->out);
    c->err[0] = 0;
    if (!same_file) read_all(pe, c->err, sizeof c->err);
}

/* Runs body in a child and expects exit 101 with exactly `want` on stderr
 * (plus the newline) and `want_out` on stdout. */
static void check_fail(const char *name, void (*body)(void), const char *want_out,
                       const char *want) {
    Child c;
    char line[1024];
    run_child(&c, body, false);
    snprintf(line, sizeof line, "%s\n", want);
    check(name, c.status == 101 && strcmp(c.err, line) == 0 && strcmp(c.out, want_out) == 0);
    if (c.status != 101 || strcmp(c.err, line) != 0 || strcmp(c.out, want_out) != 0)
        printf("  got status %d, stdout [%s], stderr [%s]\n", c.status, c.out, c.err);
}

static const gs_site site = { "t.gs", 3, 5, NULL };
static const gs_site site_i32 = { "dir/t.gs", 10, 17, "i32" };
static const gs_site site_u8 = { "t.gs", 1, 1, "u8" };
static const gs_site site_assert = { "t.gs", 7, 2, "x must be positive" };
static const gs_site site_copy = { "t.gs", 4, 1, "copy_into" };
static const gs_site site_move = { "t.gs", 4, 1, "move_from" };
static volatile int64_t vzero = 0, vmone = -1;

/* ---- parse_int ---- */
static void test_parse_int(void) {
    static const struct { const char *in; bool has; int64_t val; } cases[] = {
        { "0", true, 0 }, { "123", true, 123 }, { "-0", true, 0 }, { "+5", true, 5 },
        { "007", true, 7 }, { "-42", true, -42 },
        { "9223372036854775807", true, INT64_MAX },
        { "-9223372036854775808", true, INT64_MIN },
        { "+9223372036854775807", true, INT64_MAX },
        { "9223372036854775808", false, 0 }, { "-9223372036854775809", false, 0 },
        { "99999999999999999999999", false, 0 }, { "18446744073709551616", false, 0 },
        { "", false, 0 }, { "+", false, 0 }, { "-", false, 0 }, { " 1", false, 0 },
        { "1 ", false, 0 }, { "1_000", false, 0 }, { "0x10", false, 0 }, { "+-1", false, 0 },
        { "--1", false, 0 }, { "12a", false, 0 }, { "1.0", false, 0 }, { "\t", false, 0 },
    };
    size_t i;
    char name[128];
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        gs_opt_i64 r = gs_parse_int(S(cases[i].in));
        snprintf(name, sizeof name, "parse_int \"%s\"", cases[i].in);
        check(name, r.has == cases[i].has && (!r.has || r.val == cases[i].val));
    }
    /* A string with an embedded NUL and one that is a view into a longer one */
    check("parse_int stops at view end", gs_parse_int(GS_STR_LIT("12345", 3)).val == 123);
    check("parse_int NUL byte", !gs_parse_int(GS_STR_LIT("1\0002", 3)).has);
}

/* ---- to_string and fmt_f64 ---- */
static void check_str_owned(const char *name, gs_str s, const char *want) {
    bool ok = str_is(s, want) && (s.len & GS_OWN_BIT) && gs_heap_live(s.ptr);
    check(name, ok);
    if (!ok) printf("  got [%.*s]\n", (int)GS_SLEN(s), (const char *)s.ptr);
}

static void test_to_string(void) {
    check_str_owned("to_string i64 0", gs_to_string_i64(0), "0");
    check_str_owned("to_string i64 -1", gs_to_string_i64(-1), "-1");
    check_str_owned("to_string i64 min", gs_to_string_i64(INT64_MIN), "-9223372036854775808");
    check_str_owned("to_string i64 max", gs_to_string_i64(INT64_MAX), "9223372036854775807");
    check_str_owned("to_string u64 max", gs_to_string_u64(UINT64_MAX), "18446744073709551615");
    check_str_owned("to_string f64 1.5", gs_to_string_f64(1.5), "1.5");
    check_str_owned("to_string f64 1e20", gs_to_string_f64(1e20), "1e+20");
    check_str_owned("to_string f64 0.1", gs_to_string_f64(0.1), "0.1");
    check_str_owned("to_string f64 100000", gs_to_string_f64(100000.0), "100000");
    check_str_owned("to_string f64 1e6", gs_to_string_f64(1e6), "1e+06");
    check_str_owned("to_string f64 1/3", gs_to_string_f64(1.0 / 3.0), "0.333333");
    check_str_owned("to_string f64 -0", gs_to_string_f64(-0.0), "-0");
    check_str_owned("to_string f64 1e-5", gs_to_string_f64(1e-5), "1e-05");
    check_str_owned("to_string f64 inf", gs_to_string_f64(INFINITY), "inf");
    check_str_owned("to_string f64 -inf", gs_to_string_f64(-INFINITY), "-inf");
    check_str_owned("to_string f64 nan", gs_to_string_f64(NAN), "nan");
    check_str_owned("to_string f64 -nan", gs_to_string_f64(-NAN), "nan");
    check_str_owned("to_string f64 0/0", gs_to_string_f64((double)vzero / (double)vzero), "nan");
}

static void test_fmt_f64(void) {
    gs_str big = gs_fmt_f64(1e300, 0);
    check_str_owned("fmt_f64 pi 2", gs_fmt_f64(3.14159, 2), "3.14");
    check_str_owned("fmt_f64 2.5 0 (round half even)", gs_fmt_f64(2.5, 0), "2");
    check_str_owned("fmt_f64 negative digits", gs_fmt_f64(1.0, -3), "1");
    check_str_owned("fmt_f64 -1.005 2", gs_fmt_f64(-1.005, 2), "-1.00");
    check_str_owned("fmt_f64 0.1 20", gs_fmt_f64(0.1, 20), "0.10000000000000000555");
    check_str_owned("fmt_f64 0 3", gs_fmt_f64(0.0, 3), "0.000");
    check_str_owned("fmt_f64 -inf", gs_fmt_f64(-INFINITY, 2), "-inf");
    check_str_owned("fmt_f64 nan", gs_fmt_f64(-NAN, 2), "nan");
    check("fmt_f64 1e300 length", GS_SLEN(big) == 301 && big.ptr[0] == '1' && big.ptr[300] == '0');
    check("fmt_f64 huge digits clamped", GS_SLEN(gs_fmt_f64(1.0, INT64_MAX)) == 4098);
}

/* ---- strings ---- */
static void test_strings(void) {
    gs_str a = S("foo"), b = S("barbaz"), e = S("");
    gs_str ab = gs_str_concat(a, b), ee = gs_str_concat(e, e);
    gs_slice_u8 by = gs_str_bytes(ab);
    gs_str back = gs_from_bytes(by);
    check_str_owned("concat", ab, "foobarbaz");
    check_str_owned("concat empty", ee, "");
    check_str_owned("concat with view", gs_str_concat(GS_STR_LIT("xyz", 2), a), "xyfoo");
    check("cmp less", gs_str_cmp(S("a"), S("b")) < 0);
    check("cmp greater", gs_str_cmp(S("b"), S("a")) > 0);
    check("cmp prefix shorter first", gs_str_cmp(S("ab"), S("abc")) < 0);
    check("cmp empty first", gs_str_cmp(e, S("a")) < 0 && gs_str_cmp(S("a"), e) > 0);
    check("cmp equal", gs_str_cmp(ab, S("foobarbaz")) == 0);
    check("cmp bytewise unsigned", gs_str_cmp(S("\x80"), S("a")) > 0);
    check("cmp ignores own bit", gs_str_cmp(gs_to_string_i64(12), S("12")) == 0);
    check("eq", gs_str_eq(ab, S("foobarbaz")) && !gs_str_eq(ab, S("foobarba")));
    check("eq empty zero value", gs_str_eq(e, (gs_str){ NULL, 0 }));
    check("bytes", by.len == 9 && (by.cap & GS_OWN_BIT) && GS_CAP(by) == 9 &&
                       memcmp(by.ptr, "foobarbaz", 9) == 0 && (void *)by.ptr != (void *)ab.ptr);
    check_str_owned("from_bytes", back, "foobarbaz");
    check_str_owned("from_bytes empty", gs_from_bytes((gs_slice_u8){ NULL, 0, 0 }), "");
    check("str_slice of the zero value", gs_str_slice(&site, (gs_str){ NULL, 0 }, 0, 0).ptr == NULL);
    check("str_at", gs_str_at(&site, ab, 3) == 'b');
    check("str_slice", str_is(gs_str_slice(&site, ab, 3, 6), "bar") &&
                           !(gs_str_slice(&site, ab, 3, 6).len & GS_OWN_BIT));
}

/* ---- slices and heap ---- */
static void test_slices(void) {
    int64_t *p = (int64_t *)gs_slice_make(&site, 3, 5, sizeof(int64_t)).ptr;
    int64_t cap = 0, len = 0, i, caps_ok = 1;
    int64_t *xs = NULL;
    size_t live0;
    check("make zeroed", p[0] == 0 && p[4] == 0 && gs_heap_live(p));
    check("make 0 0 is a live block", gs_heap_live(gs_slice_make(&site, 0, 0, 8).ptr));
    live0 = gs_heap_live_count();
    for (i = 0; i < 100; i++) {
        if (len == (cap & GS_LEN_MASK)) {
            int64_t want = cap == 0 ? 4 : (cap & GS_LEN_MASK) * 2;
            gs_grow g = gs_slice_grow(NULL, xs, len, cap, sizeof(int64_t));
            caps_ok &= (g.cap & GS_OWN_BIT) && (g.cap & GS_LEN_MASK) == want;
            xs = (int64_t *)g.ptr;
            cap = g.cap;
        }
        xs[len++] = i * 7;
    }
    check("grow caps 4,8,16,... with own bit", caps_ok);
    check("grow keeps elements", xs[0] == 0 && xs[50] == 350 && xs[99] == 693);
    check("grow frees old owned storage", gs_heap_live_count() == live0 + 1);
    {
        gs_grow g = gs_slice_grow(NULL, p + 1, 2, 2, sizeof(int64_t)); /* a sub-slice, not owned */
        check("grow of a view keeps the parent", gs_heap_live(p) && gs_heap_live(g.ptr) &&
                                                     (g.cap & GS_LEN_MASK) == 4);
        gs_slice_delete(&site, g.ptr, g.cap);
        check("delete frees", !gs_heap_live(g.ptr));
    }
    gs_slice_delete(&site, xs, cap);
    gs_slice_delete(&site, NULL, 0);
    gs_str_delete(&site, (gs_str){ NULL, 0 });
    check("delete zero value is a no-op", gs_heap_live_count() == live0);
    {
        int64_t src[4] = { 1, 2, 3, 4 };
        gs_copy_elems(&site_copy, p, 3, src, 3, sizeof(int64_t));
        check("copy_into", p[0] == 1 && p[2] == 3);
        gs_copy_elems(&site_move, p + 1, 2, p, 2, sizeof(int64_t));
        check("move_from overlapping", p[0] == 1 && p[1] == 1 && p[2] == 2);
        gs_defaults(p, 3, sizeof(int64_t));
        check("defaults", p[0] == 0 && p[1] == 0 && p[2] == 0);
    }
}

/* A pseudo-random stress of the live set: alloc, free in shuffled order. */
static void test_live_set(void) {
    enum { N = 20000 };
    static void *blocks[N];
    size_t base = gs_heap_live_count(), i;
    uint64_t r = 1;
    bool ok = true;
    for (i = 0; i < N; i++) blocks[i] = gs_alloc(i % 64);
    for (i = N - 1; i > 0; i--) {
        size_t j;
        void *t;
        r = gs_hash_u64(r);
        j = (size_t)(r % (i + 1));
        t = blocks[i];
        blocks[i] = blocks[j];
        blocks[j] = t;
    }
    for (i = 0; i < N / 2; i++) gs_free(blocks[i]);
    for (i = 0; i < N; i++) ok &= gs_heap_live(blocks[i]) == (i >= N / 2);
    check("live set exact after shuffled frees", ok && gs_heap_live_count() == base + N / 2);
    blocks[0] = gs_realloc(blocks[N / 2], 100000);
    check("realloc moves liveness", gs_heap_live(blocks[0]) && gs_heap_live_count() == base + N / 2);
    blocks[N / 2] = blocks[0];
    for (i = N / 2; i < N; i++) gs_free(blocks[i]);
    check("live set empty again", gs_heap_live_count() == base);
}

/* ---- hash ---- */
static void test_hash(void) {
    char a32[33];
    memset(a32, 'a', 32);
    a32[32] = 0;
    check("hash u64 0 (splitmix64)", gs_hash_u64(0) == 0xE220A8397B1DCDAFull);
    check("hash u64 distinct", gs_hash_u64(1) != gs_hash_u64(2));
    check("hash -1 as i32 == hash -1", gs_hash_u64((uint64_t)(int64_t)(int32_t)-1) ==
                                           gs_hash_u64((uint64_t)(int64_t)-1));
    check("xxh64 empty", gs_hash_str(S("")) == 0xEF46DB3751D8E999ull);
    check("xxh64 zero value", gs_hash_str((gs_str){ NULL, 0 }) == 0xEF46DB3751D8E999ull);
    check("xxh64 a", gs_hash_str(S("a")) == 0xD24EC4F1A98C6E5Bull);
    check("xxh64 abc", gs_hash_str(S("abc")) == 0x44BC2CF5AD770999ull);
    check("xxh64 message digest", gs_hash_str(S("message digest")) == 0x066ED728FCEEB3BEull);
    check("xxh64 alphabet", gs_hash_str(S("abcdefghijklmnopqrstuvwxyz")) == 0xCFE1F278FA89835Cull);
    check("xxh64 a*32", gs_hash_str(S(a32)) == 0x856E843298F99AD7ull);
    check("xxh64 spammish", gs_hash_str(S("Nobody inspects the spammish repetition")) ==
                               0xFBCEA83C8A378BF1ull);
    check("xxh64 fox", gs_hash_str(S("The quick brown fox jumps over the lazy dog")) ==
                           0x0B242D361FDA71BCull);
    check("xxh64 ignores own bit", gs_hash_str(gs_str_concat(S("ab"), S("c"))) ==
                                       0x44BC2CF5AD770999ull);
}

/* ---- inline arithmetic ---- */
static void test_arith(void) {
    check("add_i8 wraps", gs_add_i8(127, 1) == -128);
    check("sub_u8 wraps", gs_sub_u8(0, 1) == 255);
    check("mul_u16 no signed promotion", gs_mul_u16(65535, 65535) == 1);
    check("mul_i64 wraps", gs_mul_i64(INT64_MAX, 2) == -2);
    check("neg_i64 min", gs_neg_i64(INT64_MIN) == INT64_MIN);
    check("div_i64 truncates", gs_div_i64(&site, -7, 2) == -3 && gs_rem_i64(&site, -7, 2) == -1);
    check("rem_i64 min % -1", gs_rem_i64(&site, INT64_MIN, -1) == 0);
    check("rem_i8 min % -1", gs_rem_i8(&site, -128, -1) == 0);
    check("div_i32 by -1", gs_div_i32(&site, 5, -1) == -5);
    check("div_u64 big", gs_div_u64(&site, UINT64_MAX, 2) == UINT64_MAX / 2);
    check("shl_i64 63", gs_shl_i64(&site, 1, 63) == INT64_MIN);
    check("shl_i8 wraps", gs_shl_i8(&site, 1, 7) == -128);
    check("shr_i32 arithmetic", gs_shr_i32(&site, -8, 1) == -4);
    check("shr_u8 logical", gs_shr_u8(&site, 0x80, 7) == 1);
    check("f2i64 -2^63", gs_f2i64(&site, -9223372036854775808.0) == INT64_MIN);
    check("f2i32 truncates", gs_f2i32(&site_i32, -2.9) == -2 && gs_f2i32(&site_i32, 2.9) == 2);
    check("f2i32 near bounds", gs_f2i32(&site_i32, 2147483647.9) == INT32_MAX &&
                                   gs_f2i32(&site_i32, -2147483648.9) == INT32_MIN);
    check("f2u8 -0.5 and 255.9", gs_f2u8(&site_u8, -0.5) == 0 && gs_f2u8(&site_u8, 255.9) == 255);
    check("f2u64 big", gs_f2u64(&site, 18446744073709549568.0) == 18446744073709549568ull);
}

/* ---- bodies run in children ---- */
static void b_index(void) { gs_check_index(&site, 7, 3); }
static void b_index_neg(void) { gs_check_index(&site, -1, 3); }
static void b_index_u(void) { gs_check_index_u(&site, UINT64_MAX, 3); }
static void b_slice_end(void) { gs_check_slice(&site, 4, 5, 3); }
static void b_slice_start(void) { gs_check_slice(&site, 4, 2, 3); }
static void b_slice_neg(void) { gs_check_slice(&site, -1, 2, 3); }
static void b_slice_end_neg(void) { gs_check_slice(&site, 0, -1, 3); }
static void b_str_index(void) { gs_str_at(&site, S("abc"), 3); }
static void b_pop(void) { gs_fail_pop_empty(&site); }
static void b_div0(void) { gs_div_i64(&site, 1, vzero); }
static void b_rem0(void) { gs_rem_u8(&site, 1, (uint8_t)vzero); }
static void b_divov(void) { gs_div_i64(&site, INT64_MIN, vmone); }
static void b_divov8(void) { gs_div_i8(&site, -128, (int8_t)vmone); }
static void b_shift(void) { gs_shl_i64(&site, 1, 70); }
static void b_shift_neg(void) { gs_shr_i32(&site, 1, -1); }
static void b_shift_u(void) { gs_fail_shift_u(&site, UINT64_MAX, 16); }
static void b_f2i(void) { gs_f2i32(&site_i32, 1e20); }
static void b_f2i_nan(void) { gs_f2i32(&site_i32, (double)vzero / (double)vzero); }
static void b_f2u8(void) { gs_f2u8(&site_u8, 256.0); }
static void b_f2i64(void) { gs_f2i64(&site, 9223372036854775808.0); }
static void b_unwrap(void) { gs_fail_unwrap(&site); }
static void b_assert(void) { gs_fail_assert(&site); }
static void b_assert_what(void) { gs_fail_assert(&site_assert); }
static void b_assert_msg(void) { gs_fail_assert_msg(&site, S("bad \"x\"")); }
static void b_panic(void) { gs_fail_panic(&site, S("boom %s %d")); }
static void b_copy(void) { gs_copy_elems(&site_copy, NULL, 3, NULL, 4, 1); }
static void b_move(void) { gs_copy_elems(&site_move, NULL, 0, NULL, 2, 1); }
static void b_make_neg(void) { gs_slice_make(&site, -1, 3, 8); }
static void b_make_cap(void) { gs_slice_make(&site, 5, 3, 8); }
static void b_make_oom(void) { gs_slice_make(&site, 1, INT64_MAX / 4, 8); }
static void b_del_sub(void) {
    void *p = gs_slice_make(&site, 4, 4, 8).ptr;
    gs_slice_delete(&site, (char *)p + 8, 3); /* xs[1:4] */
}
static void b_del_sub0(void) {
    void *p = gs_slice_make(&site, 4, 4, 8).ptr;
    gs_slice_delete(&site, p, 4); /* xs[0:4]: same ptr, no own bit */
}
static void b_del_twice(void) {
    void *p = gs_slice_make(&site, 4, 4, 8).ptr;
    gs_slice_delete(&site, p, 4 | GS_OWN_BIT);
    gs_slice_delete(&site, p, 4 | GS_OWN_BIT);
}
static void b_del_lit(void) { gs_str_delete(&site, S("hello")); }
static void b_del_lit_empty(void) { gs_str_delete(&site, S("")); }
static void b_del_substr(void) {
    gs_str s = gs_str_concat(S("hello"), S("world"));
    gs_str_delete(&site, gs_str_slice(&site, s, 2, 4));
}
static void b_del_substr_end(void) {
    gs_str s = gs_str_concat(S("hello"), S("world"));
    gs_str_delete(&site, gs_str_slice(&site, s, 10, 10));
}
static void b_del_str_twice(void) {
    gs_str s = gs_to_string_i64(42);
    gs_str t = s;
    gs_str_delete(&site, s);
    gs_str_delete(&site, t);
}
static void b_out_then_fail(void) {
    gs_print_str(S("hello"));
    gs_print_space();
    gs_print_i64(1);
    gs_fail_index(&site, 7, 3);
}
static void b_print_all(void) {
    gs_print_i64(INT64_MIN);
    gs_print_space();
    gs_print_u64(UINT64_MAX);
    gs_print_space();
    gs_print_f64(2.5e-3);
    gs_print_space();
    gs_print_f64(-(double)vzero / (double)vzero);
    gs_print_space();
    gs_print_bool(true);
    gs_print_space();
    gs_print_bool(false);
    gs_print_space();
    gs_print_u64((uint8_t)200);
    gs_print_space();
    gs_print_str(GS_STR_LIT("a\0b", 3));
    gs_print_str((gs_str){ NULL, 0 });
    gs_print_nl();
}
static void b_interleave(void) {
    gs_print_str(S("out1"));
    gs_eprint_str(S("err1"));
    gs_eprint_space();
    gs_eprint_i64(-5);
    gs_eprint_nl();
    gs_print_str(S("out2"));
    gs_print_nl();
    gs_eprint_bool(true);
    gs_eprint_u64(7);
    gs_eprint_f64(0.5);
    gs_eprint_nl();
    gs_print_str(S("out3"));
    gs_print_nl();
}
static void b_big_output(void) {
    int i;
    for (i = 0; i < 100000; i++) {
        gs_print_i64(i);
        gs_print_nl();
    }
    gs_print_str(S("end"));
}
static void b_exit3(void) {
    gs_print_str(S("bye"));
    gs_exit(3);
}
static int entry_status;
static gs_slice_str entry_args;
static int entry(void) {
    entry_args = gs_args();
    gs_print_str(S("in entry"));
    return entry_status;
}
static void b_rt_main(void) {
    char *argv[] = { "prog", "a", "bc", NULL };
    entry_status = 7;
    exit(gs_rt_main(3, argv, entry) + (entry_args.len == 2 && str_is(entry_args.ptr[1], "bc")));
}
static void b_rt_main_then_exit(void) {
    char *argv[] = { "prog", NULL };
    entry_status = 0;
    gs_rt_main(1, argv, entry);
    _exit(0); /* no atexit handlers run: gs_rt_main flushed before returning */
}

static void test_failures(void) {
    check_fail("index", b_index, "", "t.gs:3:5: runtime error: index 7 out of range for length 3");
    check_fail("index negative", b_index_neg, "",
               "t.gs:3:5: runtime error: index -1 out of range for length 3");
    check_fail("index u64", b_index_u, "",
               "t.gs:3:5: runtime error: index 18446744073709551615 out of range for length 3");
    check_fail("slice end", b_slice_end, "",
               "t.gs:3:5: runtime error: slice end 5 out of range for length 3");
    check_fail("slice start > end", b_slice_start, "",
               "t.gs:3:5: runtime error: slice start 4 greater than end 2");
    check_fail("slice start negative", b_slice_neg, "",
               "t.gs:3:5: runtime error: slice start -1 out of range");
    check_fail("slice end negative", b_slice_end_neg, "",
               "t.gs:3:5: runtime error: slice end -1 out of range for length 3");
    check_fail("string index", b_str_index, "",
               "t.gs:3:5: runtime error: index 3 out of range for length 3");
    check_fail("pop", b_pop, "", "t.gs:3:5: runtime error: pop from empty slice");
    check_fail("div zero", b_div0, "", "t.gs:3:5: runtime error: integer division by zero");
    check_fail("rem zero", b_rem0, "", "t.gs:3:5: runtime error: integer division by zero");
    check_fail("div overflow", b_divov, "", "t.gs:3:5: runtime error: integer overflow in division");
    check_fail("div overflow i8", b_divov8, "",
               "t.gs:3:5: runtime error: integer overflow in division");
    check_fail("shift 70", b_shift, "",
               "t.gs:3:5: runtime error: shift count 70 out of range for 64-bit integer");
    check_fail("shift -1", b_shift_neg, "",
               "t.gs:3:5: runtime error: shift count -1 out of range for 32-bit integer");
    check_fail("shift u64", b_shift_u, "",
               "t.gs:3:5: runtime error: shift count 18446744073709551615 out of range for 16-bit integer");
    check_fail("f2i 1e20", b_f2i, "",
               "dir/t.gs:10:17: runtime error: f64 value 1e+20 out of range for i32");
    check_fail("f2i nan", b_f2i_nan, "",
               "dir/t.gs:10:17: runtime error: f64 value nan out of range for i32");
    check_fail("f2u8 256", b_f2u8, "", "t.gs:1:1: runtime error: f64 value 256 out of range for u8");
    check_fail("f2i64 2^63", b_f2i64, "",
               "t.gs:3:5: runtime error: f64 value 9.22337e+18 out of range for integer");
    check_fail("unwrap", b_unwrap, "", "t.gs:3:5: runtime error: unwrap of none");
    check_fail("assert", b_assert, "", "t.gs:3:5: runtime error: assertion failed");
    check_fail("assert static message", b_assert_what, "",
               "t.gs:7:2: runtime error: assertion failed: x must be positive");
    check_fail("assert message", b_assert_msg, "",
               "t.gs:3:5: runtime error: assertion failed: bad \"x\"");
    check_fail("panic", b_panic, "", "t.gs:3:5: runtime error: panic: boom %s %d");
    check_fail("copy_into mismatch", b_copy, "",
               "t.gs:4:1: runtime error: copy_into length mismatch: 3 != 4");
    check_fail("move_from mismatch", b_move, "",
               "t.gs:4:1: runtime error: move_from length mismatch: 0 != 2");
    check_fail("make negative", b_make_neg, "", "t.gs:3:5: runtime error: make: negative length -1");
    check_fail("make len > cap", b_make_cap, "",
               "t.gs:3:5: runtime error: make: length 5 greater than capacity 3");
    check_fail("make out of memory", b_make_oom, "", "t.gs:3:5: runtime error: out of memory");
    check_fail("delete sub-slice", b_del_sub, "", "t.gs:3:5: runtime error: delete of a sub-slice");
    check_fail("delete xs[0:len]", b_del_sub0, "", "t.gs:3:5: runtime error: delete of a sub-slice");
    check_fail("delete slice twice", b_del_twice, "",
               "t.gs:3:5: runtime error: delete of storage already deleted");
    check_fail("delete literal", b_del_lit, "", "t.gs:3:5: runtime error: delete of a string literal");
    check_fail("delete empty literal", b_del_lit_empty, "",
               "t.gs:3:5: runtime error: delete of a string literal");
    check_fail("delete sub-string", b_del_substr, "", "t.gs:3:5: runtime error: delete of a sub-string");
    check_fail("delete sub-string at end", b_del_substr_end, "",
               "t.gs:3:5: runtime error: delete of a sub-string");
    check_fail("delete string twice", b_del_str_twice, "",
               "t.gs:3:5: runtime error: delete of storage already deleted");
    check_fail("stdout flushed before error", b_out_then_fail, "hello 1",
               "t.gs:3:5: runtime error: index 7 out of range for length 3");
}

static void test_output(void) {
    Child c;
    char want[700000];
    size_t n = 0;
    int i;
    run_child(&c, b_print_all, false);
    check("print formats", c.status == 0 && c.err[0] == 0 &&
                               memcmp(c.out, "-9223372036854775808 18446744073709551615 0.0025 nan "
                                             "true false 200 a\0b\n", 59) == 0);
    run_child(&c, b_interleave, true);
    check("stdout/stderr order", c.status == 0 &&
                                     strcmp(c.out, "out1err1 -5\nout2\ntrue70.5\nout3\n") == 0);
    run_child(&c, b_exit3, false);
    check("exit flushes", c.status == 3 && strcmp(c.out, "bye") == 0);
    run_child(&c, b_rt_main, false);
    check("rt_main status, args, flush", c.status == 8 && strcmp(c.out, "in entry") == 0);
    run_child(&c, b_rt_main_then_exit, false);
    check("rt_main flushes before it returns", c.status == 0 && strcmp(c.out, "in entry") == 0);
    {
        /* bigger than the buffer: goes through several drains, in order */
        FILE *f;
        static char got[700000];
        size_t gn;
        for (i = 0; i < 100000; i++) n += (size_t)sprintf(want + n, "%d\n", i);
        n += (size_t)sprintf(want + n, "end");
        fflush(stdout);
        if (fork() == 0) {
            int fo = open("gs_rt_test_big", O_WRONLY | O_CREAT | O_TRUNC, 0600);
            dup2(fo, 1);
            b_big_output();
            gs_exit(0);
        }
        wait(NULL);
        f = fopen("gs_rt_test_big", "rb");
        gn = f ? fread(got, 1, sizeof got, f) : 0;
        if (f) fclose(f);
        remove("gs_rt_test_big");
        check("large output intact", gn == n && memcmp(got, want, n) == 0);
    }
}

/* ---- read_file, args, clock ---- */
static void test_files(void) {
    const char *path = "gs_rt_test_file";
    FILE *f = fopen(path, "wb");
    static char big[10000];
    gs_opt_str r;
    int i;
    for (i = 0; i < 10000; i++) big[i] = (char)(i * 31);
    fwrite(big, 1, sizeof big, f);
    fclose(f);
    r = gs_read_file(S(path));
    check("read_file content", r.has && GS_SLEN(r.val) == 10000 && (r.val.len & GS_OWN_BIT) &&
                                   memcmp(r.val.ptr, big, 10000) == 0 && gs_heap_live(r.val.ptr));
    gs_str_delete(&site, r.val);
    f = fopen(path, "wb");
    fclose(f);
    r = gs_read_file(S(path));
    check("read_file empty", r.has && GS_SLEN(r.val) == 0 && (r.val.len & GS_OWN_BIT));
    check("read_file path is a view", gs_read_file(GS_STR_LIT("gs_rt_test_filexyz", 15)).has);
    remove(path);
    check("read_file missing", !gs_read_file(S(path)).has);
    check("read_file directory", !gs_read_file(S("/tmp")).has);
    check("read_file NUL in path", !gs_read_file(GS_STR_LIT("/tmp\0x", 6)).has);
    check("read_file empty path", !gs_read_file(S("")).has);
    check("args empty before rt_main", gs_args().len == 0);
    {
        int64_t t0 = gs_clock_ns(), t1 = gs_clock_ns();
        check("clock_ns monotonic", t0 > 0 && t1 >= t0);
    }
}

int main(void) {
    /* a private working directory: the files below are relative to it, so
     * runs in parallel (both heaps, other build dirs) do not collide */
    char dir[] = "/tmp/gs_rt_test_XXXXXX";
    if (mkdtemp(dir) == NULL || chdir(dir) != 0) {
        perror("rt_test: private directory");
        return 1;
    }
    test_parse_int();
    test_to_string();
    test_fmt_f64();
    test_strings();
    test_slices();
    test_live_set();
    test_hash();
    test_arith();
    test_failures();
    test_output();
    test_files();
    if (chdir("/") != 0 || rmdir(dir) != 0) perror("rt_test: removing the private directory");
    printf("%d passed, %d failed\n", n_pass, n_fail);
    return n_fail != 0;
}
