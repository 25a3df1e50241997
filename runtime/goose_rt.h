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
 *            from_bytes, read_file, bytes...); bits GS_TAG_MASK of len are
 *            its storage tag; GS_SLEN(s) is the length.
 *   []T      struct { T *ptr; int64_t len; int64_t cap; } — one typedef per
 *            element type, emitted by the compiler; bit GS_OWN_BIT of cap is
 *            set when the view owns its storage, bits GS_TAG_MASK are its
 *            storage tag; GS_CAP(s) is the capacity.
 *   ?T       struct { bool has; T val; }, emitted per T.
 * Runtime errors: every failing check calls one GS_NORETURN GS_COLD
 * function with a pointer to a static const gs_site and at most two values.
 * Not for: anything that knows about the compiler, trees or IR. */
#ifndef GOOSE_RT_H
#define GOOSE_RT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <math.h>
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

/* Bits of a string's len and of a slice's cap: bit 62 GS_OWN_BIT, bits
 * 47..61 the storage tag (below, "storage tags"), bits 0..46 the length
 * or capacity (both < 2^47). */
#define GS_OWN_BIT ((int64_t)1 << 62)
#define GS_TAG_SHIFT 47
#define GS_TAG_MASK ((int64_t)0x7fff << GS_TAG_SHIFT)
#define GS_LEN_MASK (((int64_t)1 << GS_TAG_SHIFT) - 1)

typedef struct gs_str {
    const uint8_t *ptr;
    int64_t len; /* GS_OWN_BIT set: owns its bytes */
} gs_str;

#define GS_SLEN(s) ((s).len & GS_LEN_MASK)
#define GS_CAP(s) ((s).cap & GS_LEN_MASK)
#define GS_STR_LIT(lit, n) ((gs_str){ (const uint8_t *)(lit), (n) })

/* Small struct copies (emit-c/cemit_ins.c, cm_copy_small). TinyCC 0.9.27
 * copies every struct assignment through a call to memmove, whatever its
 * size; the emitter writes the copy of a struct-shaped value (struct, ?T,
 * [N]T) of exactly sizeof(U) = 1, 2, 4 or 8 bytes from an lvalue as
 *   GS_COPY(U, dst, src);        for   dst = src;
 *   GS_LET(U, T, name, src);     for   T name = src;
 * Under TinyCC on x86-64 and aarch64 that is one U load and one U store
 * (TinyCC has no type-based alias analysis, and both targets allow an
 * unaligned integer access to ordinary memory, so a struct aligned below
 * its size is fine); the sizeof test turns a layout slip in the emitter
 * into a compile error, never a short copy. Elsewhere it is exactly the
 * plain assignment, token for token: clang and gcc see the C they always
 * did. dst is an lvalue, src an lvalue or a call's result (TinyCC keeps a
 * returned struct in a stack slot and lets & take its address), each
 * evaluated once; src comes last so a compound literal's commas need no
 * parentheses. */
#if defined(__TINYC__) && (defined(__x86_64__) || defined(__aarch64__))
#define GS_COPY(U, dst, ...) \
    ((void)sizeof(char[sizeof(dst) == sizeof(U) ? 1 : -1]), *(U *)&(dst) = *(U *)&(__VA_ARGS__))
#define GS_LET(U, T, name, ...) T name; GS_COPY(U, name, __VA_ARGS__)
#else
#define GS_COPY(U, dst, ...) dst = __VA_ARGS__
#define GS_LET(U, T, name, ...) T name = __VA_ARGS__
#endif

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
/* Unsigned twins: an index / bound / count of type u64 above INT64_MAX is
 * reported with its unsigned value. */
GS_NORETURN GS_COLD void gs_fail_index_u(const gs_site *s, uint64_t i, int64_t len);
GS_NORETURN GS_COLD void gs_fail_slice_end_u(const gs_site *s, uint64_t hi, int64_t len);
GS_NORETURN GS_COLD void gs_fail_slice_start_u(const gs_site *s, uint64_t lo, int64_t hi);
GS_NORETURN GS_COLD void gs_fail_shift_u(const gs_site *s, uint64_t count, int64_t width);
/* "out of memory"; s may be NULL (then no location is printed). */
GS_NORETURN GS_COLD void gs_fail_oom(const gs_site *s);
/* "use of freed storage" (gs_check_live). */
GS_NORETURN GS_COLD void gs_fail_freed(const gs_site *s);

/* ---- fixed value types shared by the runtime and the emitted C ----
 * The emitter uses exactly these names for []u8, []string, ?int (= ?i64),
 * ?string and ?f64, and must not emit its own typedefs for those five types. */
typedef struct gs_slice_u8 {
    uint8_t *ptr;
    int64_t len;
    int64_t cap; /* GS_OWN_BIT set: owns its storage */
} gs_slice_u8;
typedef struct gs_slice_str {
    gs_str *ptr;
    int64_t len;
    int64_t cap;
} gs_slice_str;
typedef struct gs_opt_i64 {
    bool has;
    int64_t val;
} gs_opt_i64;
typedef struct gs_opt_str {
    bool has;
    gs_str val;
} gs_opt_str;
typedef struct gs_opt_f64 {
    bool has;
    double val;
} gs_opt_f64;

/* ---- program entry and exit ----
 * The emitted C's main is
 *   int main(int argc, char **argv) { return gs_rt_main(argc, argv, gs_main_entry); }
 * where gs_main_entry runs global initialisers and the Goose main and
 * returns its status (0 for `fn main()`). stdout is buffered by the runtime
 * and flushed at exit, before anything goes to stderr and before a runtime
 * error. Works inside the goose process (JIT), called once. */
int gs_rt_main(int argc, char **argv, int (*entry)(void));
GS_NORETURN void gs_exit(int64_t code);  /* flushes, then exit((int)code) */
void gs_flush(void);                     /* stdout and stderr buffers */

/* A new storage and its cap word: {ptr, cap | GS_OWN_BIT | tag} (make,
 * push's growth). */
typedef struct gs_grow {
    void *ptr;
    int64_t cap; /* with GS_OWN_BIT and the storage's tag */
} gs_grow;

/* ---- heap: the Goose heap (gs_heap.c; GOOSE_HEAP=system: malloc) ----
 * Liveness is exact (slab bitmaps, run and huge-block records): `delete`
 * accepts only the start of a live block and never reads freed memory.
 * gs_alloc zeroes; all of them stop with "out of memory" on failure; a
 * size of 0 still gives a distinct live block. 16-byte aligned. */
void *gs_alloc(size_t bytes);
void *gs_alloc_uninit(size_t bytes);
void *gs_realloc(void *p, size_t bytes); /* p NULL or a live block */
void gs_free(void *p);                   /* p NULL or a live block */
bool gs_heap_live(const void *p);        /* p is the start of a live block */
size_t gs_heap_live_count(void);         /* live blocks (tests, leak checks) */

/* Constant sizes (emit-c at -O1 and -O2: make([]T, n) and make([]T, n, c)
 * with constant n <= c, c * sizeof(T) <= GS_HEAP_SMALL_MAX): the compiler
 * folds the size class (gs_heap_class) and emits gs_alloc_cls(site, cls,
 * bytes): zeroed storage, "out of memory" at site. The fast path (gs_heap.h:
 * gs_heap_pop, a pop from this thread's cache and a bit set in the slab's
 * live bitmap, so delete and realloc treat the block as any other) is
 * inlined; an empty cache, GOOSE_HEAP=system, and a class that is not the
 * size's (a compiler bug: reported by gs_alloc_cls_slow) take the one
 * call. cls == gs_heap_class(bytes) folds away when both are constants.
 * TinyCC: no TLS, and in the JIT the runtime is goose's own (compiled by
 * the host compiler, its cache thread-local), which code TinyCC compiles
 * cannot reach: always the call. */
#include "gs_heap.h"

/* ---- storage tags (issue 27: use of freed storage) ----
 * Each 16 bytes of heap memory has a tag in the heap's shadow (gs_heap.h):
 * a block gets a new one at every allocation (make, push's growth, any
 * realloc, even in place) and another at free, and a block whose tag
 * would wrap is retired (never handed out again), so a header holding an
 * older tag never matches again. A header carries the tag of its storage
 * in bits GS_TAG_MASK of a slice's cap or a string's len: owned results
 * take gs_tag_of(ptr); views, sub-slices and sub-strings copy the tag
 * bits of the header they come from. Tag 0 is never checked: string
 * literals, args(), zero values, spans of a pool made while tags were off,
 * the system heap (GOOSE_HEAP=system: a measurement mode without lifetime
 * checks), headers the compiler built without tags, and memory the shadow
 * does not follow (gs_shadow_off). gs_check_live is one use of a header's
 * storage: it stops with "use of freed storage" when len > 0, the tag is
 * not 0 and the shadow at ptr holds another value. Both read only
 * gs_shadow_dir (a plain global: TinyCC's code reaches it too). */
GS_INLINE int64_t gs_tag_of(const void *p) {
    uintptr_t a = (uintptr_t)p;
    const uint16_t *g;
    if (p == NULL || gs_shadow_off) return 0;
    g = GS_SHADOW_CHUNK(a);
    return g == NULL ? 0 : (int64_t)(g[GS_SHADOW_INDEX(a)] & GS_SHADOW_TAG_MAX) << GS_TAG_SHIFT;
}
/* gs_is_live: the same test, as a value (a test made once before a loop
 * whose checks then read it: lower/pass_live.c). */
GS_INLINE bool gs_is_live(const void *ptr, int64_t len, int64_t tagword) {
    int64_t tag = tagword & GS_TAG_MASK;
    uintptr_t a = (uintptr_t)ptr;
    return len <= 0 || tag == 0 ||
           (int64_t)((uint64_t)GS_SHADOW_CHUNK(a)[GS_SHADOW_INDEX(a)] << GS_TAG_SHIFT) ==
               tag;
}
GS_INLINE void gs_check_live(const gs_site *s, const void *ptr, int64_t len, int64_t tagword) {
    if (GS_UNLIKELY(!gs_is_live(ptr, len, tagword))) gs_fail_freed(s);
}

void *gs_alloc_cls_slow(const gs_site *s, unsigned cls, size_t bytes);
/* make with a folded class: {ptr, cap | GS_OWN_BIT | tag}, cap elements
 * of bytes in all, zeroed (gs_make_cls_slow: the call the fast path
 * falls back to). gs_alloc_cls: the storage alone (untagged headers). */
gs_grow gs_make_cls_slow(const gs_site *s, unsigned cls, size_t bytes, int64_t cap);
#ifdef __TINYC__
#define gs_alloc_cls(s, cls, bytes) gs_alloc_cls_slow(s, cls, bytes)
#define gs_make_cls(s, cls, bytes, cap) gs_make_cls_slow(s, cls, bytes, cap)
#else
GS_INLINE void *gs_alloc_cls(const gs_site *s, unsigned cls, size_t bytes) {
    void *p = NULL;
    if (bytes <= GS_HEAP_SMALL_MAX && cls == gs_heap_class(bytes)) p = gs_heap_pop(cls, bytes, true);
    return GS_LIKELY(p != NULL) ? p : gs_alloc_cls_slow(s, cls, bytes);
}
GS_INLINE gs_grow gs_make_cls(const gs_site *s, unsigned cls, size_t bytes, int64_t cap) {
    gs_grow g;
    g.ptr = NULL;
    if (bytes <= GS_HEAP_SMALL_MAX && cls == gs_heap_class(bytes)) g.ptr = gs_heap_pop(cls, bytes, true);
    if (GS_UNLIKELY(g.ptr == NULL)) return gs_make_cls_slow(s, cls, bytes, cap);
    g.cap = cap | GS_OWN_BIT | gs_tag_of(g.ptr);
    return g;
}
#endif

/* ---- slices ----
 * make([]T, len, cap): checks (len >= 0, len <= cap), returns zeroed storage
 * for cap elements and the cap word: the emitter builds { r.ptr, len, r.cap }
 * (r.cap = cap | GS_OWN_BIT | the storage's tag).
 * Push: when len == GS_CAP(xs), call gs_slice_grow(site, xs.ptr, xs.len,
 * xs.cap, sizeof(T)) and store the result's ptr and cap (cap has GS_OWN_BIT
 * and the new storage's tag: growing owned storage always retags it, in
 * place too, so views of the old storage fail gs_check_live); it copies
 * len elements and frees the old storage only if it was owned. Before giving owned storage back it stops at site ("push moved
 * ...") when a noted ref points into it (gs_borrow_check, below); site is
 * NULL for the runtime's own pushes. */
gs_grow gs_slice_make(const gs_site *s, int64_t len, int64_t cap, size_t esz);
gs_grow gs_slice_grow(const gs_site *s, void *ptr, int64_t len, int64_t cap, size_t esz);
/* The push slow path out of line (what -O2 push emits): gs_slice_grow on the
 * slice whose ptr field is at ptr_field (any T *, read and written with
 * memcpy) and cap field at cap_field. Cold, so the caller's fast path stays
 * small enough to inline. */
GS_COLD GS_NOINLINE void gs_slice_grow_at(const gs_site *s, void *ptr_field, int64_t len, int64_t *cap_field,
                                          size_t esz);
/* The body of gs_stable_grow_at: grow applied
 * to the fields at ptr_field and cap_field, the result stored back. */
typedef gs_grow (*gs_grow_fn)(void *ptr, int64_t len, int64_t cap, size_t esz);
void gs_grow_fields(gs_grow_fn grow, void *ptr_field, int64_t len, int64_t *cap_field, size_t esz);

/* ---- live references into storage that can move (temporal safety) ----
 * A `ref` into slice or map storage that the compiler cannot prove safe
 * (lower/pass_borrow.c) is noted while it is live: gs_borrow(p) notes p
 * and returns its slot, gs_unborrow(slot) forgets that note (and drops
 * the forgotten notes on top), and gs_borrow_depth() / gs_borrow_reset(d)
 * forget every note above depth d (a reset never raises the depth, so a
 * note dropped once never comes back).
 * Storage given back (a push that grows an owned slice, delete, a pool's
 * free or resize, a map's growth, remove, clear or free) while a noted ref
 * points into it stops the program at the give-back: gs_borrow_check,
 * whose `what` names the give-back ("push moved", ...). One stack per
 * thread. TinyCC has no thread-local storage: there every operation is a
 * call (the *_call functions, also what the JIT's code reaches). */
typedef struct gs_borrows {
    const void **at; /* a forgotten note is NULL */
    int64_t n, cap;
} gs_borrows;
int64_t gs_borrow_call(const void *p);
void gs_unborrow_call(int64_t slot);
int64_t gs_borrow_depth_call(void);
void gs_borrow_reset_call(int64_t depth);
void gs_borrow_check_call(const gs_site *s, const void *p, size_t bytes, const char *what);
GS_COLD GS_NOINLINE int64_t gs_borrow_slow(gs_borrows *b, const void *p);
GS_COLD GS_NOINLINE void gs_borrow_scan(const gs_site *s, const gs_borrows *b, const void *p, size_t bytes,
                                        const char *what);
#ifdef __TINYC__
#define gs_borrow(p) gs_borrow_call(p)
#define gs_unborrow(slot) gs_unborrow_call(slot)
#define gs_borrow_depth() gs_borrow_depth_call()
#define gs_borrow_reset(d) gs_borrow_reset_call(d)
#define gs_borrow_check(s, p, bytes, what) gs_borrow_check_call(s, p, bytes, what)
#else
extern _Thread_local gs_borrows gs_brw;
GS_INLINE int64_t gs_borrow(const void *p) {
    if (GS_UNLIKELY(gs_brw.n == gs_brw.cap)) return gs_borrow_slow(&gs_brw, p);
    gs_brw.at[gs_brw.n] = p;
    return gs_brw.n++;
}
GS_INLINE void gs_unborrow(int64_t slot) {
    gs_brw.at[slot] = NULL;
    while (gs_brw.n > 0 && gs_brw.at[gs_brw.n - 1] == NULL) gs_brw.n--;
}
GS_INLINE int64_t gs_borrow_depth(void) { return gs_brw.n; }
GS_INLINE void gs_borrow_reset(int64_t depth) {
    if (depth < gs_brw.n) gs_brw.n = depth;
}
GS_INLINE void gs_borrow_check(const gs_site *s, const void *p, size_t bytes, const char *what) {
    if (GS_UNLIKELY(gs_brw.n != 0)) gs_borrow_scan(s, &gs_brw, p, bytes, what);
}
#endif

/* delete(xs): ptr NULL is a no-op; args() or one of its strings: "delete
 * of storage not from make, push or a string operation"; not owned: "delete
 * of a sub-slice"; owned and in a reusable[] or slice_pool region: "delete
 * of a pool span"; owned but not live: "delete of storage already deleted". */
void gs_slice_delete(const gs_site *s, void *ptr, int64_t cap_with_bit);
/* gs_pool.c notes each span pool's region as it is made (live) and
 * destroyed, so that delete can tell a pool span from a deleted block. */
void gs_pool_note(const void *base, size_t size, bool live);

/* ---- strings (all results that own their bytes have GS_OWN_BIT set) ---- */
gs_str gs_str_concat(gs_str a, gs_str b);
int gs_str_cmp(gs_str a, gs_str b);      /* <0, 0, >0; bytewise, shorter first */
gs_slice_u8 gs_str_bytes(gs_str s);      /* s.bytes(): owned copy */
gs_str gs_from_bytes(gs_slice_u8 xs);    /* from_bytes(xs): owned copy */
/* delete(s): ptr NULL no-op; an args() string: as for slices; not owned
 * and inside a live heap block: "delete of a sub-string"; not owned
 * otherwise: "delete of a string literal"; owned but not live: "delete of
 * storage already deleted". */
void gs_str_delete(const gs_site *s, gs_str v);
gs_str gs_to_string_i64(int64_t v);
gs_str gs_to_string_u64(uint64_t v);
gs_str gs_to_string_f64(double v);       /* %g; every NaN is "nan" */
gs_str gs_fmt_f64(double x, int64_t digits); /* %.*f; > 4096 -> 4096; < 0: shortest */
gs_opt_i64 gs_parse_int(gs_str s);       /* [+-]?[0-9]+, none on overflow */
gs_opt_str gs_read_file(gs_str path);    /* whole file; none on any failure */
gs_slice_str gs_args(void);              /* not owned; without the program name */

/* ---- library primitives of strings, math and os (gs_std.c; the
 * GS_RT_PRIMS table of the compiler's ast.h names them) ---- */
int64_t gs_str_index(gs_str s, gs_str sub);       /* first byte offset, or -1 */
int64_t gs_str_last_index(gs_str s, gs_str sub);  /* last byte offset, or -1 */
int64_t gs_str_index_byte(gs_str s, uint8_t c);   /* memchr, or -1 */
int64_t gs_str_index_pair(gs_str s, gs_str a, gs_str b); /* s[i] in a, s[i + 1] in b, or -1 */
GS_INLINE gs_str gs_str_view(gs_slice_u8 b) {      /* the bytes as a string view (b's tag) */
    gs_str r = { b.ptr, b.len | (b.cap & GS_TAG_MASK) };
    return r;
}
GS_INLINE void gs_copy_str(gs_slice_u8 dst, gs_str s) { /* min of the lengths */
    int64_t n = GS_SLEN(s) < dst.len ? GS_SLEN(s) : dst.len; /* dst.len: a slice's len has no tag */
    if (n > 0) memcpy(dst.ptr, s.ptr, (size_t)n);
}
/* s's bytes onto *b, growing it as push does. */
void gs_u8s_append(gs_slice_u8 *b, gs_str s);
/* An owned []u8 (from make or push) as an owned string of its bytes. */
GS_INLINE gs_str gs_str_take(gs_slice_u8 b) {
    gs_str r = { b.ptr, b.len | (b.cap & (GS_OWN_BIT | GS_TAG_MASK)) };
    return r;
}
GS_INLINE uint64_t gs_f64_bits(double x) { uint64_t u; memcpy(&u, &x, 8); return u; }
GS_INLINE double gs_f64_from_bits(uint64_t u) { double x; memcpy(&x, &u, 8); return x; }
/* The high 64 bits of x * y + c, which fits in 128 bits (bigint's 64-bit
 * limbs: the low half is x * y + c wrapped). Where the C compiler has a
 * 128-bit type, one multiply and an add-with-carry, so a loop carrying c
 * from limb to limb waits two instructions a limb; else four 32 x 32
 * products (tcc). */
GS_INLINE uint64_t gs_mul_add_hi_u64(uint64_t x, uint64_t y, uint64_t c) {
#ifdef __SIZEOF_INT128__
    return (uint64_t)(((unsigned __int128)x * y + c) >> 64);
#else
    uint64_t xl = x & 0xffffffffu, xh = x >> 32, yl = y & 0xffffffffu, yh = y >> 32;
    uint64_t ll = xl * yl, lh = xl * yh, hl = xh * yl, hh = xh * yh;
    uint64_t mid = (ll >> 32) + (lh & 0xffffffffu) + (hl & 0xffffffffu);
    uint64_t lo = (mid << 32) | (ll & 0xffffffffu);
    return hh + (lh >> 32) + (hl >> 32) + (mid >> 32) + (lo + c < lo);
#endif
}
/* Files and stdin. A failure's message ("open <path>: <reason>") goes to
 * *err (a new owned string) or is the result ("" when it worked). */
gs_str gs_os_read_file(gs_str path, gs_str *err);
gs_str gs_os_write_file(gs_str path, gs_str data, bool append);
gs_str gs_os_remove(gs_str path);
gs_opt_str gs_os_read_line(void);        /* without its \n (and a \r before it); none at EOF */
gs_str gs_os_read_all_stdin(void);
gs_opt_str gs_os_getenv(gs_str name);
bool gs_os_exists(gs_str path);
/* SHA-256 compression of the n / 64 blocks at p into the chaining value
 * st (nst words) with the CPU's SHA extensions (gs_sha256.c). False, and
 * st untouched, when they are not there (or GOOSE_NO_SHA_NI is set, or
 * under TinyCC), or nst != 8, or n is not a multiple of 64. */
bool gs_sha256_blocks(uint32_t *st, int64_t nst, const uint8_t *p, int64_t n);
int64_t gs_clock_ns(void);               /* CLOCK_MONOTONIC */
/* hash(x): integers are widened to 64 bits first (signed: sign-extended,
 * so hash(-1 as i32) == hash(-1)), then gs_hash_u64 = the splitmix64 output
 * for state x (x + golden gamma, then the splitmix64 finaliser). Strings:
 * XXH64 of the bytes with seed 0. Fixed forever: programs may print them. */
uint64_t gs_hash_str(gs_str s);
GS_INLINE uint64_t gs_hash_u64(uint64_t x) {
    x += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}
/* The map module's hash of a string key (__map_hash; hash() is XXH64,
 * fixed, and its multiply chain of one step a byte is most of a short
 * key's lookup). Up to 16 bytes: the bytes as two words, loaded from each
 * end as gs_bytes_eq does (they overlap under 16; under 4, the first,
 * middle and last byte), and the length, mixed with two multiplies and
 * gs_hash_u64's finaliser. Longer keys: gs_hash_str. Not fixed: only the
 * order of a map's slots shows it, which the map does not promise. */
GS_INLINE uint64_t gs_map_hash_str(gs_str s) {
    int64_t n = GS_SLEN(s);
    const uint8_t *p = s.ptr;
    uint64_t x = 0, y = 0;
    if (n > 16) return gs_hash_str(s);
    if (n >= 8) {
        memcpy(&x, p, 8), memcpy(&y, p + n - 8, 8);
    } else if (n >= 4) {
        uint32_t a, b;
        memcpy(&a, p, 4), memcpy(&b, p + n - 4, 4);
        x = a, y = b;
    } else if (n > 0) {
        x = p[0] | (uint64_t)p[n >> 1] << 8 | (uint64_t)p[n - 1] << 16;
    }
    y *= 0xC2B2AE3D27D4EB4Full;
    return gs_hash_u64((x * 0x9E3779B185EBCA87ull) ^ (y << 31 | y >> 33) ^ (uint64_t)n);
}

/* min and max of f64, as Go's builtins: a NaN argument gives NaN, and
 * -0 is less than +0 (a plain select would depend on the argument order). */
GS_INLINE bool gs_f64_neg(double x) {
    uint64_t u;
    memcpy(&u, &x, sizeof u);
    return (u >> 63) != 0;
}
GS_INLINE double gs_min_f64(double a, double b) {
    if (a != a || a < b) return a;
    if (b != b || b < a) return b;
    return gs_f64_neg(a) ? a : b;
}
GS_INLINE double gs_max_f64(double a, double b) {
    if (a != a || a > b) return a;
    if (b != b || b > a) return b;
    return gs_f64_neg(a) ? b : a;
}
/* n > 0 bytes at a and b equal. Up to 16 bytes (names, map keys) without
 * a call: two loads from each end, which overlap when n is under twice
 * their width, cover every byte; under 4 bytes the first, middle and last
 * byte are all of them. TinyCC (its memcpy is a call) takes memcmp. */
GS_INLINE bool gs_bytes_eq(const uint8_t *a, const uint8_t *b, int64_t n) {
#ifndef __TINYC__
    if (n >= 8 && n <= 16) {
        uint64_t a0, a1, b0, b1;
        memcpy(&a0, a, 8), memcpy(&a1, a + n - 8, 8), memcpy(&b0, b, 8), memcpy(&b1, b + n - 8, 8);
        return ((a0 ^ b0) | (a1 ^ b1)) == 0;
    }
    if (n >= 4 && n < 8) {
        uint32_t a0, a1, b0, b1;
        memcpy(&a0, a, 4), memcpy(&a1, a + n - 4, 4), memcpy(&b0, b, 4), memcpy(&b1, b + n - 4, 4);
        return ((a0 ^ b0) | (a1 ^ b1)) == 0;
    }
    if (n < 4) return ((a[0] ^ b[0]) | (a[n >> 1] ^ b[n >> 1]) | (a[n - 1] ^ b[n - 1])) == 0;
#endif
    return memcmp(a, b, (size_t)n) == 0;
}
GS_INLINE bool gs_str_eq(gs_str a, gs_str b) {
    int64_t n = GS_SLEN(a);
    if (n != GS_SLEN(b)) return false;
    return n == 0 || a.ptr == b.ptr || gs_bytes_eq(a.ptr, b.ptr, n);
}
/* The library's bytes.equal / bytes.compare (stdlib/bytes): []u8 as
 * (pointer, length); compare is -1, 0 or 1, bytewise, a prefix first. */
GS_INLINE bool gs_u8s_equal(const uint8_t *a, int64_t na, const uint8_t *b, int64_t nb) {
    return na == nb && (na == 0 || a == b || gs_bytes_eq(a, b, na));
}
GS_INLINE int64_t gs_u8s_compare(const uint8_t *a, int64_t na, const uint8_t *b, int64_t nb) {
    int c = (na < nb ? na : nb) == 0 ? 0 : memcmp(a, b, (size_t)(na < nb ? na : nb));
    if (c != 0) return c < 0 ? -1 : 1;
    return na < nb ? -1 : na > nb;
}
/* The library's thread module (stdlib/thread, runtime/gs_thread.c):
 * parallel calls fn(env, i) for each i in [0, n), each on its own thread,
 * and returns when all have returned; the Atomic's and the Mutex's one
 * field is passed by address. */
void gs_thread_parallel(const gs_site *s, int64_t n, void (*fn)(void *, int64_t), void *env);
int64_t gs_thread_cpus(void);
int64_t gs_atomic_load(const int64_t *p);
void gs_atomic_store(int64_t *p, int64_t v);
int64_t gs_atomic_add(int64_t *p, int64_t d); /* the new value */
bool gs_atomic_cas(int64_t *p, int64_t old, int64_t v);
void gs_mutex_lock(int32_t *m);
void gs_mutex_unlock(const gs_site *s, int32_t *m);

/* ---- printing: print/println to stdout, eprintln to stderr ----
 * Arguments are separated by gs_print_space; println ends with
 * gs_print_nl. u8 prints as a number (gs_print_u64). f64: %g, NaN "nan". */
void gs_print_i64(int64_t v);
void gs_print_u64(uint64_t v);
void gs_print_f64(double v);
void gs_print_bool(bool v);
void gs_print_str(gs_str v);
void gs_print_space(void);
void gs_print_nl(void);
void gs_eprint_i64(int64_t v);
void gs_eprint_u64(uint64_t v);
void gs_eprint_f64(double v);
void gs_eprint_bool(bool v);
void gs_eprint_str(gs_str v);
void gs_eprint_space(void);
void gs_eprint_nl(void);                 /* also flushes stderr */

/* ---- formatted output: printf, eprintf, format, format_into, and print
 * of composite values (docs/language.md, "Formatted output") ----
 * A sink is where the bytes go: 1 stdout, 2 stderr (the buffered stream
 * above), 0 the runtime's format buffer (format and format_into write
 * there, then gs_pf_take or gs_pf_take_into move the bytes out), -1 the
 * scratch buffer of gs_pf_open. The compiler parses each format string and
 * emits one gs_pf_* call per piece, with the placeholder's spec packed
 * into a constant:
 *   bits  0..31  fill: the fill character's UTF-8 bytes, first byte lowest
 *                (0: a space)
 *   bits 32..33  alignment: 0 the type's default, 1 `<`, 2 `>`, 3 `^`
 *   bit  34      `0`: zero padding after the sign
 *   bits 35..38  type: GS_PF_T_* below
 *   bits 39..42  an integer argument's size in bytes (x X o b: the width
 *                of its two's complement)
 *   bit  43      a precision is given
 *   bits 44..53  width (at most 1023)
 *   bits 54..63  precision (at most 1023)
 * frontend/check_fmt.c builds the same layout. */
typedef int gs_sink;
enum {
    GS_PF_T_NONE, GS_PF_T_HEX, GS_PF_T_UHEX, GS_PF_T_OCT, GS_PF_T_BIN, GS_PF_T_CHAR,
    GS_PF_T_EXP, GS_PF_T_FIX, GS_PF_T_GEN, GS_PF_T_DEBUG
};
#define GS_PF_DEBUG ((uint64_t)GS_PF_T_DEBUG << 35)
void gs_pf_i64(gs_sink k, int64_t v, uint64_t spec);
void gs_pf_u64(gs_sink k, uint64_t v, uint64_t spec);
void gs_pf_f64(gs_sink k, double v, uint64_t spec);
void gs_pf_bool(gs_sink k, bool v, uint64_t spec);
void gs_pf_str(gs_sink k, gs_str v, uint64_t spec);  /* GS_PF_T_DEBUG: quoted */
void gs_pf_lit(gs_sink k, const char *s, int64_t n); /* bytes as they are */
/* A composite value with a width: the emitted printer writes into the sink
 * gs_pf_open returns (k itself when the spec has no width, else a scratch
 * buffer), and gs_pf_close pads what it wrote into k. Not reentrant: only
 * the emitted printers run between the two. */
gs_sink gs_pf_open(gs_sink k, uint64_t spec);
void gs_pf_close(gs_sink k, uint64_t spec);
gs_str gs_pf_take(void);                 /* format(): the format buffer as a new owned string */
/* format_into(buf, ...): appends the format buffer to *b (growing it as
 * push does), so an argument that views b's storage reads it unchanged. */
void gs_pf_take_into(gs_slice_u8 *b);
/* The same onto a strings.Builder (stdlib/strings: its fields len, buf). */
typedef struct gs_builder {
    int64_t len;
    gs_slice_u8 buf;
} gs_builder;
void gs_pf_take_into_builder(void *b);
/* The debug form of a map.Map: the indices of its occupied slots (dist at
 * dist_off != 0, a uint32_t) sorted by key (at key_off; key_kind 's'
 * signed, 'u' unsigned integer of key_size bytes, 't' a string). *count
 * gets their number; gs_pf_map_done frees the array. */
int64_t *gs_pf_map_order(const void *slots, int64_t n, size_t stride, size_t key_off,
                         size_t dist_off, int key_kind, size_t key_size, int64_t *count);
void gs_pf_map_done(int64_t *ix);
/* parse_f64(s): Go's strconv.ParseFloat(s, 64) without hex floats and
 * underscores: decimal and exponent forms, [+-]inf, [+-]infinity, nan in
 * any case; correctly rounded (strtod in the C locale); none on a syntax
 * error and on overflow; underflow gives 0 or a subnormal. */
bool gs_parse_f64_to(gs_str s, double *out);
/* The value comes back through a pointer: TinyCC (the JIT) and GCC/Clang
 * (the runtime linked into goose) return a {bool, double} struct in
 * different registers. */
GS_INLINE gs_opt_f64 gs_parse_f64(gs_str s) {
    gs_opt_f64 r = { false, 0 };
    r.has = gs_parse_f64_to(s, &r.val);
    return r;
}

/* ---- inline checks and arithmetic the emitter may use ----
 * All take the check's site; none evaluates an argument twice. */
GS_INLINE void gs_check_index(const gs_site *s, int64_t i, int64_t len) {
    if (GS_UNLIKELY((uint64_t)i >= (uint64_t)len)) gs_fail_index(s, i, len);
}
GS_INLINE void gs_check_index_u(const gs_site *s, uint64_t i, int64_t len) {
    if (GS_UNLIKELY(i >= (uint64_t)len)) gs_fail_index_u(s, i, len);
}
/* xs[lo:hi]: end first (hi < 0 or hi > len), then start (lo < 0, lo > hi). */
GS_INLINE void gs_check_slice(const gs_site *s, int64_t lo, int64_t hi, int64_t len) {
    if (GS_UNLIKELY((uint64_t)hi > (uint64_t)len)) gs_fail_slice_end(s, hi, len);
    if (GS_UNLIKELY((uint64_t)lo > (uint64_t)hi)) gs_fail_slice_start(s, lo, hi);
}
GS_INLINE gs_str gs_str_slice(const gs_site *s, gs_str v, int64_t lo, int64_t hi) {
    gs_str r;
    gs_check_slice(s, lo, hi, GS_SLEN(v));
    r.ptr = lo != 0 ? v.ptr + lo : v.ptr; /* the zero value has ptr NULL (folded away) */
    r.len = (hi - lo) | (v.len & GS_TAG_MASK); /* a view: v's tag, not its ownership */
    return r;
}
GS_INLINE uint8_t gs_str_at(const gs_site *s, gs_str v, int64_t i) {
    gs_check_index(s, i, GS_SLEN(v));
    return v.ptr[i];
}
GS_INLINE void gs_check_len_eq(const gs_site *s, int64_t a, int64_t b) {
    if (GS_UNLIKELY(a != b)) gs_fail_len_mismatch(s, a, b);
}
/* copy_into(dst, src) / move_from(dst, src): s->what names the operation
 * ("copy_into" / "move_from"); both use memmove, so overlap is harmless. */
GS_INLINE void gs_copy_elems(const gs_site *s, void *dst, int64_t dlen, const void *src,
                             int64_t slen, size_t esz) {
    gs_check_len_eq(s, dlen, slen);
    if (dlen > 0) memmove(dst, src, (size_t)dlen * esz);
}
GS_INLINE void gs_defaults(void *ptr, int64_t len, size_t esz) {
    if (len > 0) memset(ptr, 0, (size_t)len * esz);
}

/* Wrapping + - * and unary -, per integer type, never relying on signed
 * overflow (through unsigned of at least int's width, so u16 * u16 does not
 * promote to a signed int that overflows). */
#define GS_INT_TYPES(X) \
    X(i8, int8_t, uint32_t, 8, 1) X(i16, int16_t, uint32_t, 16, 1) \
    X(i32, int32_t, uint32_t, 32, 1) X(i64, int64_t, uint64_t, 64, 1) \
    X(u8, uint8_t, uint32_t, 8, 0) X(u16, uint16_t, uint32_t, 16, 0) \
    X(u32, uint32_t, uint32_t, 32, 0) X(u64, uint64_t, uint64_t, 64, 0)

#define GS_DEF_WRAP(n, T, U, W, S) \
    GS_INLINE T gs_add_##n(T a, T b) { return (T)((U)a + (U)b); } \
    GS_INLINE T gs_sub_##n(T a, T b) { return (T)((U)a - (U)b); } \
    GS_INLINE T gs_mul_##n(T a, T b) { return (T)((U)a * (U)b); } \
    GS_INLINE T gs_neg_##n(T a) { return (T)((U)0 - (U)a); }
GS_INT_TYPES(GS_DEF_WRAP)
#undef GS_DEF_WRAP

/* / and %: by zero is an error; signed MIN / -1 is "integer overflow in
 * division" (for every width); MIN % -1 is 0. */
#define GS_DEF_DIV(n, T, U, W, S) \
    GS_INLINE T gs_div_##n(const gs_site *s, T a, T b) { \
        if (GS_UNLIKELY(b == 0)) gs_fail_div_zero(s); \
        if (S && GS_UNLIKELY(b == (T)-1 && a == (T)((U)1 << (W - 1)))) gs_fail_div_overflow(s); \
        return S && b == (T)-1 ? gs_neg_##n(a) : (T)(a / b); \
    } \
    GS_INLINE T gs_rem_##n(const gs_site *s, T a, T b) { \
        if (GS_UNLIKELY(b == 0)) gs_fail_div_zero(s); \
        return S && b == (T)-1 ? (T)0 : (T)(a % b); \
    }
GS_INT_TYPES(GS_DEF_DIV)
#undef GS_DEF_DIV

/* << and >>: count outside 0..W-1 is an error; >> of a signed type is
 * arithmetic; << goes through unsigned. The count is widened to int64_t by
 * the caller (a u64 count above INT64_MAX: use gs_fail_shift_u). */
#define GS_DEF_SHIFT(n, T, U, W, S) \
    GS_INLINE T gs_shl_##n(const gs_site *s, T a, int64_t c) { \
        if (GS_UNLIKELY((uint64_t)c >= W)) gs_fail_shift(s, c, W); \
        return (T)((U)a << c); \
    } \
    GS_INLINE T gs_shr_##n(const gs_site *s, T a, int64_t c) { \
        if (GS_UNLIKELY((uint64_t)c >= W)) gs_fail_shift(s, c, W); \
        return (T)(a >> c); \
    }
GS_INT_TYPES(GS_DEF_SHIFT)
#undef GS_DEF_SHIFT

/* f64 as T: truncates toward zero; NaN or a value whose truncation does not
 * fit is an error (s->what must be the target type's name, e.g. "i32").
 * lo/hi are exclusive bounds, exactly representable as doubles. */
#define GS_F2I_TYPES(X) \
    X(i8, int8_t, -129.0, 128.0) X(i16, int16_t, -32769.0, 32768.0) \
    X(i32, int32_t, -2147483649.0, 2147483648.0) \
    X(u8, uint8_t, -1.0, 256.0) X(u16, uint16_t, -1.0, 65536.0) \
    X(u32, uint32_t, -1.0, 4294967296.0) X(u64, uint64_t, -1.0, 18446744073709551616.0)
#define GS_DEF_F2I(n, T, LO, HI) \
    GS_INLINE T gs_f2##n(const gs_site *s, double v) { \
        if (GS_UNLIKELY(!(v > LO && v < HI))) gs_fail_f2i(s, v); \
        return (T)v; \
    }
GS_F2I_TYPES(GS_DEF_F2I)
#undef GS_DEF_F2I
GS_INLINE int64_t gs_f2i64(const gs_site *s, double v) {
    /* -2^63 itself converts; the exclusive lower bound is not a double */
    if (GS_UNLIKELY(!(v >= -9223372036854775808.0 && v < 9223372036854775808.0))) gs_fail_f2i(s, v);
    return (int64_t)v;
}

/* ==== requested by lower: prototypes the lowering/emitter asked for ==== */

/* A check inside a standard library function reports at the user's call
 * (the function's hidden site parameter); when its message needs a static
 * detail (copy_into's name, an f64 target type) the failing path passes
 * gs_site_with(site_, what): that call's location with this detail. */
const gs_site *gs_site_with(const gs_site *s, const char *what);

/* ==== end requested by lower ==== */

#endif
