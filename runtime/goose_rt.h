/* goose_rt.h — the runtime every compiled Goose program includes.
 *
 * The emitted C starts with `#include "goose_rt.h"` and is linked with
 * goose_rt.c (natively) or given the same functions in memory (JIT).
 * Every symbol is `gs_` / `GS_`. Compiles under clang, gcc and TinyCC 0.9.27
 * with -Wall -Wextra and no warnings. Includes nothing of the compiler.
 *
 * Value shapes (the emitted C relies on them):
 *   string   gs_str { const uint8_t *ptr; int64_t len; }  — bit GS_OWN_BIT of
 *            len is set when the value owns its bytes (from +, to_string,
 *            from_bytes, read_file, bytes...); GS_SLEN(s) is the length.
 *   []T      struct { T *ptr; int64_t len; int64_t cap; } — one typedef per
 *            element type, emitted by the compiler; bit GS_OWN_BIT of cap is
 *            set when the view owns its storage; GS_CAP(s) is the capacity.
 *   ?T       struct { bool has; T val; }, emitted per T.
 * Runtime errors: every failing check calls one GS_NORETURN GS_COLD
 * function with a pointer to a static const gs_site and at most two values.
 * Not for: anything that knows about the compiler, trees or IR. */
#ifndef GOOSE_RT_H
#define GOOSE_RT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#ifdef __TINYC__
#define GS_NOINLINE
#define GS_INLINE static inline
#define GS_COLD
#define GS_NORETURN
#define GS_LIKELY(x) (x)
#define GS_UNLIKELY(x) (x)
#else
#define GS_NOINLINE __attribute__((noinline))
#define GS_INLINE static inline __attribute__((always_inline))
#define GS_COLD __attribute__((cold))
#define GS_NORETURN __attribute__((noreturn))
#define GS_LIKELY(x) __builtin_expect(!!(x), 1)
#define GS_UNLIKELY(x) __builtin_expect(!!(x), 0)
#endif

#define GS_OWN_BIT ((int64_t)1 << 62)
#define GS_LEN_MASK (GS_OWN_BIT - 1)

typedef struct gs_str {
    const uint8_t *ptr;
    int64_t len; /* GS_OWN_BIT set: owns its bytes */
} gs_str;

#define GS_SLEN(s) ((s).len & GS_LEN_MASK)
#define GS_CAP(s) ((s).cap & GS_LEN_MASK)
#define GS_STR_LIT(lit, n) ((gs_str){ (const uint8_t *)(lit), (n) })

/* A check site: where a runtime error is reported. One static const per
 * check in the emitted C (or shared per function and kind at -O2). */
typedef struct gs_site {
    const char *file; /* as given on the command line */
    int32_t line, col;
    const char *what; /* static detail: a type name, an assert message, ... or NULL */
} gs_site;

/* ---- runtime errors: print `file:line:col: runtime error: ...`, exit 101 ---- */
GS_NORETURN GS_COLD void gs_fail_index(const gs_site *s, int64_t i, int64_t len);
GS_NORETURN GS_COLD void gs_fail_slice_end(const gs_site *s, int64_t hi, int64_t len);
GS_NORETURN GS_COLD void gs_fail_slice_start(const gs_site *s, int64_t lo, int64_t hi);
GS_NORETURN GS_COLD void gs_fail_pop_empty(const gs_site *s);
GS_NORETURN GS_COLD void gs_fail_div_zero(const gs_site *s);
GS_NORETURN GS_COLD void gs_fail_div_overflow(const gs_site *s);
GS_NORETURN GS_COLD void gs_fail_shift(const gs_site *s, int64_t count, int64_t width);
GS_NORETURN GS_COLD void gs_fail_f2i(const gs_site *s, double v); /* s->what: target type */
GS_NORETURN GS_COLD void gs_fail_unwrap(const gs_site *s);
GS_NORETURN GS_COLD void gs_fail_assert(const gs_site *s);             /* s->what: message or NULL */
GS_NORETURN GS_COLD void gs_fail_assert_msg(const gs_site *s, gs_str msg);
GS_NORETURN GS_COLD void gs_fail_panic(const gs_site *s, gs_str msg);
GS_NORETURN GS_COLD void gs_fail_len_mismatch(const gs_site *s, int64_t a, int64_t b); /* s->what: op name */
GS_NORETURN GS_COLD void gs_fail_make(const gs_site *s, int64_t len, int64_t cap);
GS_NORETURN GS_COLD void gs_fail_msg(const gs_site *s, const char *msg); /* generic */

#endif
