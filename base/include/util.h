/* util.h — the compiler's shared plumbing: arenas, growable buffers,
 * interned strings, source files and diagnostics.
 *
 * Memory: everything the compiler allocates comes from an Arena and is
 * freed whole. There is no per-object free anywhere.
 * Diagnostics: `file:line:col: error: message`, the source line, a caret;
 * colour only on a tty and never with NO_COLOR.
 * Not for: anything that ships inside compiled programs (that is runtime/). */
#ifndef GOOSE_UTIL_H
#define GOOSE_UTIL_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* ---- arenas (mem_) ---- */
typedef struct ArenaBlock ArenaBlock;
typedef struct Arena {
    ArenaBlock *head;
} Arena;

void *mem_alloc(Arena *a, size_t size);          /* zeroed, 16-byte aligned */
void *mem_dup(Arena *a, const void *p, size_t size);
char *mem_strndup(Arena *a, const char *s, size_t n);
char *mem_printf(Arena *a, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
void mem_free_all(Arena *a);
/* The malloc heap: prepared for the compiler's allocations (huge pages;
 * call first thing in main), restored to glibc's defaults before a
 * program runs in this process. */
void mem_heap_prepare(void);
void mem_heap_restore(void);

/* The arena of the whole compilation. */
extern Arena *g_arena;
#define NEW(T) ((T *)mem_alloc(g_arena, sizeof(T)))
#define NEW_ARRAY(T, n) ((T *)mem_alloc(g_arena, sizeof(T) * (size_t)(n)))

/* Scratch: tables a piece of work needs only while it runs (an optimiser
 * pass on one function) come from g_scratch above a mark taken when the
 * work starts; releasing the mark frees them all in one go. Released
 * bytes are zeroed and used again (mem_alloc's memory stays zeroed), so
 * the scratch never grows past the largest piece of work. Marks nest. */
typedef struct ArenaMark {
    ArenaBlock *block;      /* the arena's newest block when marked, or NULL */
    size_t used;            /* and how much of it was in use */
} ArenaMark;
ArenaMark mem_mark(const Arena *a);
void mem_release(Arena *a, ArenaMark m);
extern Arena *g_scratch;
#define SCRATCH_ARRAY(T, n) ((T *)mem_alloc(g_scratch, sizeof(T) * (size_t)(n)))

/* A growable array in an arena: items holds len of *cap elements of size
 * bytes; the result has room for one more (the capacity doubles, the old
 * copy stays in the arena until it is freed whole). */
void *mem_grow(Arena *a, void *items, int *cap, int len, size_t size);

/* ---- growable arrays of pointers (vec_), arena-backed ---- */
typedef struct Vec {
    void **items;
    int len, cap;
} Vec;
void vec_push(Vec *v, void *item);
#define VEC_AT(v, T, i) ((T)(v).items[i])

/* ---- string builder (sb_), heap-backed; sb_free releases it ---- */
typedef struct StrBuf {
    char *data;
    size_t len, cap;
} StrBuf;
void sb_putc(StrBuf *b, char c);
void sb_puts(StrBuf *b, const char *s);
void sb_putn(StrBuf *b, const char *s, size_t n);
void sb_printf(StrBuf *b, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
void sb_vprintf(StrBuf *b, const char *fmt, va_list ap);
char *sb_cstr(StrBuf *b); /* NUL-terminated view, valid until next write */
void sb_free(StrBuf *b);

/* ---- interned strings: equal names are equal pointers ---- */
const char *intern(const char *s, size_t n);
const char *intern_cstr(const char *s);

/* ---- source files ---- */
typedef struct SrcFile {
    const char *path;    /* as given on the command line or resolved relative to it */
    const char *text;    /* NUL-terminated copy of the bytes */
    size_t len;
    int id;
} SrcFile;

/* A location: file id, 1-based line and column (column counts bytes). */
typedef struct Loc {
    int32_t file, line, col;
} Loc;

/* NULL when unreadable (errno says why; EFBIG past SRC_MAX_BYTES). */
SrcFile *src_load(const char *path);
#define SRC_MAX_BYTES ((size_t)1 << 30)     /* token offsets are 32-bit */
SrcFile *src_from_text(const char *path, const char *text, size_t len);
SrcFile *src_get(int id);

/* The length of the well-formed UTF-8 sequence at p (before end), else 0. */
int utf8_len(const unsigned char *p, const unsigned char *end);

/* ---- names ---- */
/* The edit distance of a and b (insertions, deletions, substitutions and
 * swaps of two neighbours: "did you mean"), or limit + 1 as soon as it
 * must exceed limit, and for a b longer than 64 bytes. */
int name_distance(const char *a, const char *b, int limit);

/* ---- diagnostics (diag_) ---- */
void diag_error(Loc loc, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void diag_note(Loc loc, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void diag_verror(Loc loc, const char *fmt, va_list ap);
int diag_error_count(void);
/* A sink that also sees each diagnostic as it is reported: kind is "error",
 * "warning", "note" or "hint", msg the message alone (no location, no colour). The language
 * server collects them this way; NULL (the default): none. */
typedef void DiagSink(Loc loc, const char *kind, const char *msg);
void diag_set_sink(DiagSink *sink);

/* Warnings: W(id, flag name, what it reports). Each is on unless turned
 * off by -Wno-<name>; -Werror makes every warning that is on an error.
 * A warning waits like an error, but is dropped (with its notes) when the
 * flush finds errors: a program that does not check is not analysed
 * further, so a mistake never also shows as a warning. */
#define DIAG_WARNINGS(W) \
    W(UNUSED_VARIABLE, "unused-variable", "a local variable that is never read") \
    W(UNUSED_IMPORT, "unused-import", "an import whose module is never named") \
    W(UNUSED_RESULT, "unused-result", "a value dropped: no call, or a builtin without effects") \
    W(UNREACHABLE_CODE, "unreachable-code", "a statement after return, break, continue, panic") \
    W(SHADOW, "shadow", "a local hiding one of an enclosing block, same function")

typedef enum DiagWarn {
#define W_ENUM(id, name, what) DW_##id,
    DIAG_WARNINGS(W_ENUM)
#undef W_ENUM
    DW__COUNT
} DiagWarn;

extern const char *const diag_warn_name[DW__COUNT];
extern const char *const diag_warn_what[DW__COUNT];
bool diag_warn_enabled(DiagWarn w);
/* One -W option without its "-W": "error", "no-error", "<name>" or
 * "no-<name>", where "all" names every warning.
 * False when it names no warning. */
bool diag_warn_option(const char *opt);
/* False when the warning is off (then add no note to it). */
bool diag_warning(DiagWarn w, Loc loc, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* A hint: one line attached to the error or warning before it, without
 * the source line (it is about the line just shown). */
void diag_hint(Loc loc, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Writes the diagnostics reported so far to stderr, sorted by file, line
 * and column (a note stays after its error), and forgets them. The driver
 * calls it after each phase; it also runs at exit. */
void diag_flush(void);
/* Stop reporting after this many errors (the compiler still never hangs). */
#define DIAG_MAX_ERRORS 50
/* Longer messages (a 1 MB identifier in one) are cut, ending in "...". */
#define DIAG_MAX_MSG 1000

/* ---- starting over ---- */
/* Forgets this module's state: frees the arenas (everything NEW made),
 * the interned strings and source files, zeroes the error count. Called
 * through frontend_reset (ast.h), never by goose itself. */
void util_reset(void);

/* A broken invariant of the compiler itself (never a user's mistake):
 * prints "goose: internal error: ..." and exits 2. Every internal error
 * goes through here. */
void fatal_internal(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));

#endif
