/* util.c — arenas, buffers, interning, source files, diagnostics.
 * See util.h for what this module is and is not for. */
#include "util.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

static void fmt_into(StrBuf *b, const char *fmt, va_list ap);

/* ---- arenas ----
 * Blocks come straight from mmap, 2 MiB aligned and marked MADV_HUGEPAGE:
 * on the 2-core VMs goose is measured on, one 4 KiB page fault costs about
 * 10 us, and compiling a 10,000-line program touches ~20 MiB of arena, so
 * huge pages turn ~50 ms of faults into ~2 ms (docs/benchmarks.md,
 * Startup, counts each arm's page faults). The address space is only
 * reserved: pages are committed when first touched. Fresh anonymous
 * memory is zero and an arena never reuses memory, so mem_alloc does not
 * clear it. */
struct ArenaBlock {
    ArenaBlock *next;
    size_t used, size;
    size_t map_size;
    _Alignas(16) unsigned char data[];
};

/* Under AddressSanitizer (GOOSE_SANITIZE, tests/fuzz) the free part of a
 * block is poisoned and every allocation is followed by a poisoned red
 * zone, so reading or writing past an arena object is reported like a
 * heap overflow; blocks are small so that poisoning them stays cheap. */
#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define MEM_ASAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define MEM_ASAN 1
#endif
#ifdef MEM_ASAN
#include <sanitizer/asan_interface.h>
enum { ARENA_ALIGN = 2 << 20, ARENA_BLOCK = 2 << 20, ARENA_REDZONE = 16 };
#else
#define ASAN_POISON_MEMORY_REGION(p, n) ((void)(p), (void)(n))
#define ASAN_UNPOISON_MEMORY_REGION(p, n) ((void)(p), (void)(n))
enum { ARENA_ALIGN = 2 << 20, ARENA_BLOCK = 64 << 20, ARENA_REDZONE = 0 };
#endif

static Arena main_arena, scratch_arena;
Arena *g_arena = &main_arena;
Arena *g_scratch = &scratch_arena;

/* size bytes (a multiple of ARENA_ALIGN) at an ARENA_ALIGN boundary. */
static void *arena_map(size_t size)
{
    size_t span = size + ARENA_ALIGN;
    unsigned char *p = mmap(NULL, span, PROT_READ | PROT_WRITE,
                            MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (p == MAP_FAILED)
        return NULL;
    unsigned char *q = (unsigned char *)(((uintptr_t)p + ARENA_ALIGN - 1) & ~(uintptr_t)(ARENA_ALIGN - 1));
    if (q > p)
        munmap(p, (size_t)(q - p));
    munmap(q + size, (size_t)(p + span - (q + size)));
#ifdef MADV_HUGEPAGE
    madvise(q, size, MADV_HUGEPAGE);    /* a hint: without THP, plain pages */
#endif
    return q;
}

/* A block for at least need bytes: ARENA_BLOCK, or just enough when the
 * system will not reserve that much (strict overcommit). */
static ArenaBlock *arena_block(size_t need)
{
    size_t size = (need + sizeof(ArenaBlock) + ARENA_ALIGN - 1) & ~(size_t)(ARENA_ALIGN - 1);
    ArenaBlock *b = size < ARENA_BLOCK ? arena_map(ARENA_BLOCK) : NULL;
    if (b)
        size = ARENA_BLOCK;
    else if (!(b = arena_map(size)))
        fatal_internal("out of memory");
    b->next = NULL;
    b->used = 0;
    b->size = size - sizeof *b;
    b->map_size = size;
    ASAN_POISON_MEMORY_REGION(b->data, b->size);
    return b;
}

void *mem_alloc(Arena *a, size_t size)
{
    size_t want = size;
    size = (size + 15 + ARENA_REDZONE) & ~(size_t)15;
    ArenaBlock *b = a->head;
    if (!b || b->size - b->used < size) {
        ArenaBlock *nb = arena_block(size);
        nb->next = b;
        a->head = b = nb;
    }
    void *p = b->data + b->used;
    b->used += size;
    ASAN_UNPOISON_MEMORY_REGION(p, want);
    return p;
}

void *mem_dup(Arena *a, const void *p, size_t size)
{
    void *q = mem_alloc(a, size);
    if (size)
        memcpy(q, p, size);
    return q;
}

char *mem_strndup(Arena *a, const char *s, size_t n)
{
    char *q = mem_alloc(a, n + 1);
    memcpy(q, s, n);
    q[n] = 0;
    return q;
}

/* Formats into one reused scratch buffer, then copies into the arena (the
 * compiler is single-threaded and fmt_into never calls back in here). */
char *mem_printf(Arena *a, const char *fmt, ...)
{
    static StrBuf scratch;
    scratch.len = 0;
    va_list ap;
    va_start(ap, fmt);
    fmt_into(&scratch, fmt, ap);
    va_end(ap);
    return mem_strndup(a, scratch.data, scratch.len);
}

static void arena_unmap(ArenaBlock *b)
{
    ASAN_UNPOISON_MEMORY_REGION(b, b->map_size);
    munmap(b, b->map_size);
}

void mem_free_all(Arena *a)
{
    for (ArenaBlock *b = a->head, *next; b; b = next) {
        next = b->next;
        arena_unmap(b);
    }
    a->head = NULL;
}

ArenaMark mem_mark(const Arena *a)
{
    return (ArenaMark){ a->head, a->head ? a->head->used : 0 };
}

/* Gives back b's bytes from `from` on, zeroed as fresh memory is. */
static void arena_rewind(ArenaBlock *b, size_t from)
{
    ASAN_UNPOISON_MEMORY_REGION(b->data + from, b->used - from);
    memset(b->data + from, 0, b->used - from);
    ASAN_POISON_MEMORY_REGION(b->data + from, b->size - from);
    b->used = from;
}

/* Blocks opened since the mark are unmapped, except that an arena marked
 * empty keeps its first block for the next piece of work. */
void mem_release(Arena *a, ArenaMark m)
{
    while (a->head && a->head != m.block && !(m.block == NULL && a->head->next == NULL)) {
        ArenaBlock *b = a->head;
        a->head = b->next;
        arena_unmap(b);
    }
    if (a->head)
        arena_rewind(a->head, a->head == m.block ? m.used : 0);
}

void *mem_grow(Arena *a, void *items, int *cap, int len, size_t size)
{
    if (len < *cap)
        return items;
    int ncap = *cap ? *cap * 2 : 16;
    void *n = mem_alloc(a, size * (size_t)ncap);
    if (len)
        memcpy(n, items, size * (size_t)len);
    *cap = ncap;
    return n;
}

/* ---- the C heap ----
 * TinyCC (in `goose run`) and the lexer's token array allocate with
 * malloc: ~6 MiB for a 10,000-line program, which in 4 KiB faults costs
 * TinyCC's compile a third of its time on these VMs. mem_heap_prepare does
 * what glibc's glibc.malloc.hugetlb=1 tunable would (it can only be set
 * before the process starts): it grows the brk heap once, keeps it, and
 * marks it MADV_HUGEPAGE. A no-op outside glibc or without THP. */
#if defined(__GLIBC__) && defined(MADV_HUGEPAGE)
#define MEM_HEAP_TUNE 1
#endif

static void *mem_heap_filler;

void mem_heap_prepare(void)
{
#ifdef MEM_HEAP_TUNE
    const uintptr_t huge = ARENA_ALIGN;
    mallopt(M_MMAP_THRESHOLD, 32 << 20);        /* the largest glibc takes */
    mallopt(M_TRIM_THRESHOLD, 256 << 20);
    mallopt(M_TOP_PAD, 16 << 20);
    uintptr_t lo = ((uintptr_t)sbrk(0) + huge - 1) & ~(huge - 1);
    char *volatile grow = malloc(24 << 20);     /* volatile: not elided */
    if (!grow)
        return;
    uintptr_t top = (uintptr_t)grow;            /* where the heap's free top begins */
    free(grow);
    uintptr_t hi = (uintptr_t)sbrk(0) & ~(huge - 1);
    if (hi <= lo || madvise((void *)lo, hi - lo, MADV_HUGEPAGE) != 0)
        return;
    /* The stretch [top, lo) has plain pages: a filler that is never touched
     * or freed takes it, so the allocations to come start on huge pages. */
    if (lo - top > 64 * 1024)
        mem_heap_filler = malloc(lo - top - 4 * sizeof(size_t));
#endif
}

/* Back to glibc's documented defaults (mallopt(3)), for a program that
 * `goose run` calls in this process. */
void mem_heap_restore(void)
{
#ifdef MEM_HEAP_TUNE
    mallopt(M_MMAP_THRESHOLD, 128 * 1024);
    mallopt(M_TRIM_THRESHOLD, 128 * 1024);
    mallopt(M_TOP_PAD, 128 * 1024);
#endif
}

/* ---- vectors ---- */
void vec_push(Vec *v, void *item)
{
    if (v->len == v->cap) {
        int ncap = v->cap ? v->cap * 2 : 8;
        void **n = mem_alloc(g_arena, sizeof(void *) * (size_t)ncap);
        if (v->len)
            memcpy(n, v->items, sizeof(void *) * (size_t)v->len);
        v->items = n;
        v->cap = ncap;
    }
    v->items[v->len++] = item;
}

/* ---- string builder ----
 * The emitter builds tens of thousands of short-lived buffers (a StrBuf,
 * a few writes, sb_free): freed buffers of the first size wait in a small
 * stack for the next one, which costs a tenth of malloc + free. */
enum { SB_FIRST = 256, SB_SPARES = 32 };
static char *sb_spare[SB_SPARES];
static int sb_nspare;

static void sb_grow(StrBuf *b, size_t extra)
{
    if (!b->cap && sb_nspare && extra < SB_FIRST) {
        b->data = sb_spare[--sb_nspare];
        b->cap = SB_FIRST;
        return;
    }
    size_t ncap = b->cap ? b->cap * 2 : SB_FIRST;
    while (ncap < b->len + extra + 1)
        ncap *= 2;
    b->data = realloc(b->data, ncap);
    if (!b->data)
        fatal_internal("out of memory");
    b->cap = ncap;
}

/* Room for extra bytes and the NUL; the common case inline. */
static inline void sb_reserve(StrBuf *b, size_t extra)
{
    if (b->len + extra + 1 > b->cap)
        sb_grow(b, extra);
}

void sb_putn(StrBuf *b, const char *s, size_t n)
{
    sb_reserve(b, n);
    memcpy(b->data + b->len, s, n);
    b->len += n;
    b->data[b->len] = 0;
}

void sb_putc(StrBuf *b, char c) { sb_putn(b, &c, 1); }
void sb_puts(StrBuf *b, const char *s) { sb_putn(b, s, strlen(s)); }

void sb_vprintf(StrBuf *b, const char *fmt, va_list ap) { fmt_into(b, fmt, ap); }

void sb_printf(StrBuf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    sb_vprintf(b, fmt, ap);
    va_end(ap);
}

char *sb_cstr(StrBuf *b)
{
    sb_reserve(b, 0);
    b->data[b->len] = 0;
    return b->data;
}

void sb_free(StrBuf *b)
{
    if (b->cap == SB_FIRST && sb_nspare < SB_SPARES)
        sb_spare[sb_nspare++] = b->data;
    else
        free(b->data);
    b->data = NULL;
    b->len = b->cap = 0;
}

/* ---- formatting ----
 * The compiler writes its C text through printf-style calls, and glibc's
 * vsnprintf costs several hundred instructions a call (through it, half of
 * all the instructions `goose run` spends on a 10,000-line program). fmt_into
 * writes the conversions the compiler uses itself: flags '-' and '0', a
 * width (digits or *), a precision on %s, lengths h l ll z, and d i u o x c
 * s %. A format with anything else (floats, '+', '#', ...) goes to
 * vsnprintf whole, so the text is always exactly what printf writes. */
typedef struct FmtSpec {
    bool left, zero, width_arg, prec_arg;
    int width, prec;        /* -1: none */
    char len;               /* 0, 'h', 'l', 'L' (ll), 'z' */
    char conv;
} FmtSpec;

static const char *fmt_number(const char *p, int *out)
{
    for (*out = 0; *p >= '0' && *p <= '9'; p++)
        *out = *out * 10 + (*p - '0');
    return p;
}

static const char *fmt_length(const char *p, char *len)
{
    *len = 0;
    if (*p == 'h' || *p == 'z')
        *len = *p++;
    else if (p[0] == 'l' && p[1] == 'l') {
        *len = 'L';
        p += 2;
    } else if (*p == 'l')
        *len = *p++;
    return p;
}

/* The spec after a '%': returns what follows it, or NULL when it is one
 * fmt_into leaves to vsnprintf. */
static const char *fmt_spec(const char *p, FmtSpec *f)
{
    *f = (FmtSpec){ .width = -1, .prec = -1 };
    for (; *p == '-' || *p == '0'; p++) {
        if (*p == '-')
            f->left = true;
        else
            f->zero = true;
    }
    if (*p == '*') {
        f->width_arg = true;
        p++;
    } else if (*p >= '1' && *p <= '9') {
        p = fmt_number(p, &f->width);
    }
    if (*p == '.' && p[1] == '*') {
        f->prec_arg = true;
        p += 2;
    } else if (*p == '.') {
        p = fmt_number(p + 1, &f->prec);
    }
    p = fmt_length(p, &f->len);
    f->conv = *p;
    bool prec = f->prec >= 0 || f->prec_arg, width = f->width >= 0 || f->width_arg;
    switch (f->conv) {
    case 's': return f->len || f->zero ? NULL : p + 1;
    case 'c': return f->len || f->zero || prec ? NULL : p + 1;
    case 'd': case 'i': case 'u': case 'o': case 'x': return prec ? NULL : p + 1;
    case '%': return f->left || f->zero || width || prec || f->len ? NULL : p + 1;
    default: return NULL;
    }
}

static inline void fmt_put(StrBuf *b, const char *s, size_t n)
{
    sb_reserve(b, n);
    memcpy(b->data + b->len, s, n);
    b->len += n;
}

/* The literal text of a format up to its next '%' or its end, copied a
 * byte at a time: the pieces are short, so this beats strchr + memcpy. */
static inline const char *fmt_literal(StrBuf *b, const char *p)
{
    for (;;) {
        sb_reserve(b, 16);
        char *d = b->data + b->len, *e = d + 16;
        while (d < e && *p && *p != '%')
            *d++ = *p++;
        b->len = (size_t)(d - b->data);
        if (d < e)
            return p;
    }
}

static void fmt_pad(StrBuf *b, char c, int n)
{
    if (n <= 0)
        return;
    sb_reserve(b, (size_t)n);
    memset(b->data + b->len, c, (size_t)n);
    b->len += (size_t)n;
}

/* body[0..n) padded to the spec's width; zeros go after a sign. */
static void fmt_field(StrBuf *b, const FmtSpec *f, const char *body, int n, bool numeric)
{
    int pad = f->width > n ? f->width - n : 0;
    if (f->left) {
        fmt_put(b, body, (size_t)n);
        fmt_pad(b, ' ', pad);
    } else if (f->zero && numeric) {
        int sign = body[0] == '-';
        fmt_put(b, body, (size_t)sign);
        fmt_pad(b, '0', pad);
        fmt_put(b, body + sign, (size_t)(n - sign));
    } else {
        fmt_pad(b, ' ', pad);
        fmt_put(b, body, (size_t)n);
    }
}

static unsigned long long fmt_uarg(const FmtSpec *f, va_list *ap)
{
    switch (f->len) {
    case 'L': return va_arg(*ap, unsigned long long);
    case 'l': return va_arg(*ap, unsigned long);
    case 'z': return va_arg(*ap, size_t);
    case 'h': return (unsigned short)va_arg(*ap, unsigned);
    default: return va_arg(*ap, unsigned);
    }
}

static long long fmt_sarg(const FmtSpec *f, va_list *ap)
{
    switch (f->len) {
    case 'L': return va_arg(*ap, long long);
    case 'l': return va_arg(*ap, long);
    case 'z': return va_arg(*ap, ptrdiff_t);
    case 'h': return (short)va_arg(*ap, int);
    default: return va_arg(*ap, int);
    }
}

static void fmt_int(StrBuf *b, const FmtSpec *f, va_list *ap)
{
    bool neg = false;
    unsigned long long u;
    if (f->conv == 'd' || f->conv == 'i') {
        long long v = fmt_sarg(f, ap);
        neg = v < 0;
        u = neg ? 0ull - (unsigned long long)v : (unsigned long long)v;
    } else {
        u = fmt_uarg(f, ap);
    }
    unsigned base = f->conv == 'o' ? 8 : f->conv == 'x' ? 16 : 10;
    char buf[32], *end = buf + sizeof buf, *p = end;
    do {
        *--p = "0123456789abcdef"[u % base];
        u /= base;
    } while (u);
    if (neg)
        *--p = '-';
    fmt_field(b, f, p, (int)(end - p), true);
}

static void fmt_str(StrBuf *b, const FmtSpec *f, const char *s)
{
    if (!s)     /* what glibc prints */
        s = f->prec < 0 || f->prec >= 6 ? "(null)" : "";
    size_t n = f->prec >= 0 ? strnlen(s, (size_t)f->prec) : strlen(s);
    fmt_field(b, f, s, (int)n, false);
}

/* One conversion; its * arguments first, as printf takes them. */
static void fmt_conv(StrBuf *b, FmtSpec *f, va_list *ap)
{
    if (f->width_arg && (f->width = va_arg(*ap, int)) < 0) {
        f->left = true;
        f->width = -f->width;
    }
    if (f->prec_arg)
        f->prec = va_arg(*ap, int);     /* negative: as if omitted */
    if (f->conv == '%') {
        fmt_put(b, "%", 1);
    } else if (f->conv == 'c') {
        char c = (char)va_arg(*ap, int);
        fmt_field(b, f, &c, 1, false);
    } else if (f->conv == 's') {
        fmt_str(b, f, va_arg(*ap, const char *));
    } else {
        fmt_int(b, f, ap);
    }
}

static void fmt_dec(StrBuf *b, long long v)
{
    char buf[24], *end = buf + sizeof buf, *p = end;
    unsigned long long u = v < 0 ? 0ull - (unsigned long long)v : (unsigned long long)v;
    do {
        *--p = (char)('0' + u % 10);
        u /= 10;
    } while (u);
    if (v < 0)
        *--p = '-';
    fmt_put(b, p, (size_t)(end - p));
}

/* Writes fmt with its arguments; false (with part of the text written)
 * at the first conversion it leaves to vsnprintf. A bare %s or %d, most
 * of them, skips the spec parser. */
static bool fmt_fast(StrBuf *b, const char *fmt, va_list *ap)
{
    for (const char *p = fmt;;) {
        p = fmt_literal(b, p);
        if (!*p++)
            return true;
        if (*p == 's' || *p == 'd') {
            if (*p++ == 's') {
                const char *s = va_arg(*ap, const char *);
                s = s ? s : "(null)";
                fmt_put(b, s, strlen(s));
            } else {
                fmt_dec(b, va_arg(*ap, int));
            }
            continue;
        }
        FmtSpec f;
        if (!(p = fmt_spec(p, &f)))
            return false;
        fmt_conv(b, &f, ap);
    }
}

/* Anything fmt_fast does not take: vsnprintf, straight into the buffer when
 * the text fits. */
static void fmt_libc(StrBuf *b, const char *fmt, va_list ap)
{
    va_list aq;
    va_copy(aq, ap);
    size_t room = b->cap - b->len;
    int n = vsnprintf(room ? b->data + b->len : NULL, room, fmt, aq);
    va_end(aq);
    if (n < 0)
        fatal_internal("bad format \"%s\"", fmt);
    if ((size_t)n >= room) {
        sb_reserve(b, (size_t)n);
        va_copy(aq, ap);
        vsnprintf(b->data + b->len, (size_t)n + 1, fmt, aq);
        va_end(aq);
    }
    b->len += (size_t)n;
}

static void fmt_into(StrBuf *b, const char *fmt, va_list ap)
{
    size_t start = b->len;
    va_list aq;
    va_copy(aq, ap);
    bool done = fmt_fast(b, fmt, &aq);
    va_end(aq);
    if (!done) {
        b->len = start;
        fmt_libc(b, fmt, ap);
    }
    sb_reserve(b, 0);
    b->data[b->len] = 0;
}

/* ---- interning: open addressing over (hash, string) ---- */
typedef struct InternSlot {
    const char *s;
    size_t n;
    uint64_t h;
} InternSlot;

static InternSlot *intern_tab;
static size_t intern_cap, intern_len;

static uint64_t hash_bytes(const char *s, size_t n)
{
    uint64_t h = 1469598103934665603ull;
    for (size_t i = 0; i < n; i++)
        h = (h ^ (unsigned char)s[i]) * 1099511628211ull;
    return h;
}

static void intern_grow(void)
{
    size_t ncap = intern_cap ? intern_cap * 2 : 4096;
    InternSlot *n = calloc(ncap, sizeof *n);
    if (!n)
        fatal_internal("out of memory");
    for (size_t i = 0; i < intern_cap; i++) {
        if (!intern_tab[i].s)
            continue;
        size_t j = intern_tab[i].h & (ncap - 1);
        while (n[j].s)
            j = (j + 1) & (ncap - 1);
        n[j] = intern_tab[i];
    }
    free(intern_tab);
    intern_tab = n;
    intern_cap = ncap;
}

const char *intern(const char *s, size_t n)
{
    if ((intern_len + 1) * 2 > intern_cap)
        intern_grow();
    uint64_t h = hash_bytes(s, n);
    size_t j = h & (intern_cap - 1);
    for (; intern_tab[j].s; j = (j + 1) & (intern_cap - 1)) {
        InternSlot *e = &intern_tab[j];
        if (e->h == h && e->n == n && memcmp(e->s, s, n) == 0)
            return e->s;
    }
    intern_tab[j] = (InternSlot){ mem_strndup(g_arena, s, n), n, h };
    intern_len++;
    return intern_tab[j].s;
}

const char *intern_cstr(const char *s) { return intern(s, strlen(s)); }

/* ---- source files ---- */
static Vec src_files;

SrcFile *src_from_text(const char *path, const char *text, size_t len)
{
    SrcFile *f = NEW(SrcFile);
    f->path = mem_strndup(g_arena, path, strlen(path));
    f->text = mem_strndup(g_arena, text, len);
    f->len = len;
    f->id = src_files.len;
    vec_push(&src_files, f);
    return f;
}

SrcFile *src_load(const char *path)
{
    FILE *fp = fopen(path, "rb");
    if (!fp)
        return NULL;
    struct stat st;
    if (fstat(fileno(fp), &st) == 0 && S_ISREG(st.st_mode) && (uint64_t)st.st_size > SRC_MAX_BYTES) {
        fclose(fp);
        errno = EFBIG;
        return NULL;
    }
    StrBuf b = { 0 };
    char chunk[65536];
    size_t n;
    while (b.len <= SRC_MAX_BYTES && (n = fread(chunk, 1, sizeof chunk, fp)) > 0)
        sb_putn(&b, chunk, n);
    int bad = ferror(fp), err = errno;
    fclose(fp);
    if (bad || b.len > SRC_MAX_BYTES) {
        sb_free(&b);
        errno = bad ? err : EFBIG;
        return NULL;
    }
    SrcFile *f = src_from_text(path, b.data ? b.data : "", b.len);
    sb_free(&b);
    return f;
}

SrcFile *src_get(int id)
{
    if (id < 0 || id >= src_files.len)
        return NULL;
    return VEC_AT(src_files, SrcFile *, id);
}

/* The length of the well-formed UTF-8 sequence at p (Unicode table 3-7:
 * no overlong forms, surrogates or code points past U+10FFFF), else 0. */
int utf8_len(const unsigned char *p, const unsigned char *end)
{
    static const struct { unsigned char lo, hi; int n; unsigned char lo2, hi2; } lead[] = {
        { 0xC2, 0xDF, 2, 0x80, 0xBF }, { 0xE0, 0xE0, 3, 0xA0, 0xBF }, { 0xE1, 0xEC, 3, 0x80, 0xBF },
        { 0xED, 0xED, 3, 0x80, 0x9F }, { 0xEE, 0xEF, 3, 0x80, 0xBF }, { 0xF0, 0xF0, 4, 0x90, 0xBF },
        { 0xF1, 0xF3, 4, 0x80, 0xBF }, { 0xF4, 0xF4, 4, 0x80, 0x8F },
    };
    for (size_t i = 0; i < sizeof lead / sizeof lead[0]; i++) {
        if (p[0] < lead[i].lo || p[0] > lead[i].hi)
            continue;
        int n = lead[i].n;
        if (end - p < n || p[1] < lead[i].lo2 || p[1] > lead[i].hi2)
            return 0;
        for (int k = 2; k < n; k++)
            if (p[k] < 0x80 || p[k] > 0xBF)
                return 0;
        return n;
    }
    return 0;
}

/* ---- names ---- */
/* Optimal string alignment: Levenshtein plus the swap of two neighbours,
 * three rows of at most 66 entries (names longer than 64 never match). */
int name_distance(const char *a, const char *b, int limit)
{
    int n = (int)strlen(a), m = (int)strlen(b);
    if (n - m > limit || m - n > limit || m > 64)
        return limit + 1;
    int rows[3][66];
    int *pp = rows[0], *prev = rows[1], *cur = rows[2];
    for (int j = 0; j <= m; j++)
        prev[j] = j;
    for (int i = 1; i <= n; i++) {
        cur[0] = i;
        int low = cur[0];
        for (int j = 1; j <= m; j++) {
            int cost = a[i - 1] != b[j - 1];
            int d = prev[j - 1] + cost;
            if (prev[j] + 1 < d)
                d = prev[j] + 1;
            if (cur[j - 1] + 1 < d)
                d = cur[j - 1] + 1;
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] && pp[j - 2] + 1 < d)
                d = pp[j - 2] + 1;
            cur[j] = d;
            low = d < low ? d : low;
        }
        if (low > limit)
            return limit + 1;
        int *t = pp;
        pp = prev;
        prev = cur;
        cur = t;
    }
    return prev[m];
}

/* ---- diagnostics ---- */
static int error_count;

static bool use_colour(void)
{
    const char *nc = getenv("NO_COLOR");
    return isatty(2) && !(nc && *nc);
}

/* A source line as it is, except bytes that could upset a terminal (control
 * characters other than tab, malformed UTF-8) print as '?', one per byte
 * so the caret below still lines up. */
static void print_line_bytes(StrBuf *o, const char *p, const char *e, const char *end)
{
    const unsigned char *q = (const unsigned char *)p;
    while (q < (const unsigned char *)e) {
        int n = *q < 0x80 ? 1 : utf8_len(q, (const unsigned char *)end);
        if (n > (const unsigned char *)e - q)
            n = 0;                  /* a character cut by the 200-byte limit */
        bool ok = n > 1 || *q == '\t' || (*q >= 0x20 && *q < 0x7f);
        if (ok)
            sb_putn(o, (const char *)q, (size_t)n);
        else
            sb_putc(o, '?');
        q += ok ? n : 1;
    }
    sb_putc(o, '\n');
}

static void print_source_line(StrBuf *o, Loc loc)
{
    SrcFile *f = src_get(loc.file);
    if (!f || loc.line <= 0)
        return;
    const char *p = f->text, *end = f->text + f->len;
    for (int line = 1; line < loc.line && p < end; p++)
        if (*p == '\n')
            line++;
    const char *e = p;
    while (e < end && *e != '\n')
        e++;
    int shown = (int)(e - p) > 200 ? 200 : (int)(e - p);
    print_line_bytes(o, p, p + shown, end);
    int col = loc.col > 0 ? loc.col : 1;
    if (col > shown + 1)
        return;
    for (int i = 1; i < col; i++)
        sb_putc(o, p[i - 1] == '\t' ? '\t' : ' ');
    sb_puts(o, "^\n");
}

/* Diagnostics wait in groups (an error or warning and the notes and hints
 * that follow it) and are written sorted by file and position when the
 * driver flushes them (diag_flush), as Go's compiler does: the checker
 * visits declarations before bodies, but the user reads the file from the
 * top. */
typedef struct DiagGroup {
    const char *path;       /* NULL: not about a file */
    int line, col, seq;
    bool warning;           /* dropped when the flush finds errors */
    StrBuf text;
} DiagGroup;

static Vec diag_groups;
static bool diag_cut;       /* DIAG_MAX_ERRORS reached */

static DiagSink *diag_sink;

void diag_set_sink(DiagSink *sink) { diag_sink = sink; }

/* What each kind of line looks like: a note or hint joins the group before it. */
typedef enum DiagKind { DK_ERROR, DK_WARNING, DK_NOTE, DK_HINT } DiagKind;
static const struct {
    const char *word, *colour;
    bool attaches, source;
} diag_kinds[] = {
    [DK_ERROR] = { "error", "\033[1;31m", false, true },
    [DK_WARNING] = { "warning", "\033[1;35m", false, true },
    [DK_NOTE] = { "note", "\033[1;36m", true, true },
    [DK_HINT] = { "hint", "\033[1;32m", true, false },
};

static DiagGroup *diag_group(Loc loc, DiagKind k)
{
    if (diag_kinds[k].attaches && diag_groups.len > 0)
        return VEC_AT(diag_groups, DiagGroup *, diag_groups.len - 1);
    static bool hooked;
    if (!hooked)
        atexit(diag_flush);
    hooked = true;
    SrcFile *f = src_get(loc.file);
    DiagGroup *g = NEW(DiagGroup);
    *g = (DiagGroup){ f ? f->path : NULL, loc.line, loc.col, diag_groups.len, k == DK_WARNING, { 0 } };
    vec_push(&diag_groups, g);
    return g;
}

/* A -Werror warning reads as an error. */
static bool diag_werror;

static void diag_emit(Loc loc, DiagKind k, const char *fmt, va_list ap)
{
    StrBuf *o = &diag_group(loc, k)->text;
    SrcFile *f = src_get(loc.file);
    bool c = use_colour();
    if (f)
        sb_printf(o, "%s:%d:%d: ", f->path, loc.line, loc.col);
    else
        sb_puts(o, "goose: ");
    DiagKind shown = k == DK_WARNING && diag_werror ? DK_ERROR : k;
    sb_printf(o, "%s%s:%s ", c ? diag_kinds[shown].colour : "", diag_kinds[shown].word, c ? "\033[0m" : "");
    StrBuf m = { 0 };
    sb_vprintf(&m, fmt, ap);
    size_t len = m.len;
    if (len > DIAG_MAX_MSG) {
        len = DIAG_MAX_MSG;
        while (len > 0 && ((unsigned char)m.data[len] & 0xC0) == 0x80)
            len--;                  /* not inside a UTF-8 character */
    }
    sb_putn(o, m.data ? m.data : "", len);
    sb_puts(o, len < m.len ? "...\n" : "\n");
    if (diag_sink) {
        m.len = len;
        diag_sink(loc, diag_kinds[shown].word, sb_cstr(&m));
    }
    sb_free(&m);
    if (diag_kinds[k].source)
        print_source_line(o, loc);
}

static void diag_emit_text(Loc loc, DiagKind k, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void diag_emit_text(Loc loc, DiagKind k, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    diag_emit(loc, k, fmt, ap);
    va_end(ap);
}

static int diag_cmp(const void *a, const void *b)
{
    const DiagGroup *x = *(DiagGroup *const *)a, *y = *(DiagGroup *const *)b;
    int k = !x->path || !y->path ? (x->path != NULL) - (y->path != NULL) : strcmp(x->path, y->path);
    if (k == 0)
        k = x->line != y->line ? (x->line > y->line) - (x->line < y->line)
                               : (x->col > y->col) - (x->col < y->col);
    return k ? k : (x->seq > y->seq) - (x->seq < y->seq);
}

static void diag_drop(void)
{
    for (int i = 0; i < diag_groups.len; i++)
        sb_free(&VEC_AT(diag_groups, DiagGroup *, i)->text);
    diag_groups = (Vec){ 0 };
}

/* Warnings go when there are errors; under -Werror they count as errors. */
static void diag_settle_warnings(void)
{
    bool drop = error_count > 0;
    int kept = 0;
    for (int i = 0; i < diag_groups.len; i++) {
        DiagGroup *g = VEC_AT(diag_groups, DiagGroup *, i);
        if (g->warning && drop)
            sb_free(&g->text);
        else
            diag_groups.items[kept++] = g;
        if (g->warning && !drop && diag_werror)
            error_count++;
    }
    diag_groups.len = kept;
}

void diag_flush(void)
{
    diag_settle_warnings();
    if (diag_groups.len > 1)
        qsort(diag_groups.items, (size_t)diag_groups.len, sizeof(void *), diag_cmp);
    for (int i = 0; i < diag_groups.len; i++) {
        StrBuf *t = &VEC_AT(diag_groups, DiagGroup *, i)->text;
        fwrite(t->data ? t->data : "", 1, t->len, stderr);
    }
    if (diag_cut && diag_groups.len > 0)
        fputs("goose: too many errors; stopping here\n", stderr);
    diag_drop();
    fflush(stderr);
}

void diag_verror(Loc loc, const char *fmt, va_list ap)
{
    if (++error_count > DIAG_MAX_ERRORS)
        return;
    diag_emit(loc, DK_ERROR, fmt, ap);
    diag_cut |= error_count == DIAG_MAX_ERRORS;
}

void diag_error(Loc loc, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    diag_verror(loc, fmt, ap);
    va_end(ap);
}

void diag_note(Loc loc, const char *fmt, ...)
{
    if (error_count > DIAG_MAX_ERRORS)
        return;
    va_list ap;
    va_start(ap, fmt);
    diag_emit(loc, DK_NOTE, fmt, ap);
    va_end(ap);
}

void diag_hint(Loc loc, const char *fmt, ...)
{
    if (error_count > DIAG_MAX_ERRORS)
        return;
    va_list ap;
    va_start(ap, fmt);
    diag_emit(loc, DK_HINT, fmt, ap);
    va_end(ap);
}

/* ---- warnings ---- */
const char *const diag_warn_name[DW__COUNT] = {
#define W_NAME(id, name, what) name,
    DIAG_WARNINGS(W_NAME)
#undef W_NAME
};
const char *const diag_warn_what[DW__COUNT] = {
#define W_WHAT(id, name, what) what,
    DIAG_WARNINGS(W_WHAT)
#undef W_WHAT
};
static bool diag_warn_off[DW__COUNT];

bool diag_warn_enabled(DiagWarn w) { return !diag_warn_off[w]; }

bool diag_warn_option(const char *opt)
{
    if (strcmp(opt, "error") == 0 || strcmp(opt, "no-error") == 0) {
        diag_werror = opt[0] == 'e';
        return true;
    }
    bool off = strncmp(opt, "no-", 3) == 0, all = strcmp(opt + (off ? 3 : 0), "all") == 0;
    bool found = false;
    for (int w = 0; w < DW__COUNT; w++)
        if (all || strcmp(opt + (off ? 3 : 0), diag_warn_name[w]) == 0) {
            diag_warn_off[w] = off;
            found = true;
        }
    return found;
}

/* The message ends with the flag that controls it, as clang writes it. */
bool diag_warning(DiagWarn w, Loc loc, const char *fmt, ...)
{
    if (diag_warn_off[w])
        return false;
    StrBuf m = { 0 };
    va_list ap;
    va_start(ap, fmt);
    sb_vprintf(&m, fmt, ap);
    va_end(ap);
    diag_emit_text(loc, DK_WARNING, "%s [%s-W%s]", sb_cstr(&m), diag_werror ? "-Werror," : "", diag_warn_name[w]);
    sb_free(&m);
    return true;
}

int diag_error_count(void) { return error_count; }

void util_reset(void)
{
    diag_drop();
    diag_cut = false;
    mem_free_all(g_arena);
    mem_free_all(g_scratch);
    free(intern_tab);
    intern_tab = NULL;
    intern_cap = intern_len = 0;
    src_files = (Vec){ 0 };
    error_count = 0;
}

void fatal_internal(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    diag_flush();
    fputs("goose: internal error: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    exit(2);
}
