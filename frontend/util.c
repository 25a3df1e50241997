/* util.c — arenas, buffers, interning, source files, diagnostics.
 * See util.h for what this module is and is not for. */
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* ---- arenas ---- */
struct ArenaBlock {
    ArenaBlock *next;
    size_t used, size;
    _Alignas(16) unsigned char data[];
};

enum { ARENA_BLOCK = 1 << 20 };

static Arena main_arena;
Arena *g_arena = &main_arena;

static ArenaBlock *arena_block(size_t need)
{
    size_t size = need > ARENA_BLOCK ? need : ARENA_BLOCK;
    ArenaBlock *b = malloc(sizeof *b + size);
    if (!b)
        die("out of memory");
    b->next = NULL;
    b->used = 0;
    b->size = size;
    return b;
}

void *mem_alloc(Arena *a, size_t size)
{
    size = (size + 15) & ~(size_t)15;
    ArenaBlock *b = a->head;
    if (!b || b->size - b->used < size) {
        ArenaBlock *nb = arena_block(size);
        nb->next = b;
        a->head = b = nb;
    }
    void *p = b->data + b->used;
    b->used += size;
    memset(p, 0, size);
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

char *mem_printf(Arena *a, const char *fmt, ...)
{
    va_list ap, ap2;
    va_start(ap, fmt);
    va_copy(ap2, ap);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    char *s = mem_alloc(a, (size_t)n + 1);
    vsnprintf(s, (size_t)n + 1, fmt, ap2);
    va_end(ap2);
    return s;
}

void mem_free_all(Arena *a)
{
    for (ArenaBlock *b = a->head, *next; b; b = next) {
        next = b->next;
        free(b);
    }
    a->head = NULL;
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

/* ---- string builder ---- */
static void sb_reserve(StrBuf *b, size_t extra)
{
    if (b->len + extra + 1 <= b->cap)
        return;
    size_t ncap = b->cap ? b->cap * 2 : 256;
    while (ncap < b->len + extra + 1)
        ncap *= 2;
    b->data = realloc(b->data, ncap);
    if (!b->data)
        die("out of memory");
    b->cap = ncap;
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

void sb_vprintf(StrBuf *b, const char *fmt, va_list ap)
{
    va_list ap2;
    va_copy(ap2, ap);
    int n = vsnprintf(NULL, 0, fmt, ap);
    sb_reserve(b, (size_t)n);
    vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap2);
    va_end(ap2);
    b->len += (size_t)n;
}

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
    free(b->data);
    b->data = NULL;
    b->len = b->cap = 0;
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
        die("out of memory");
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
    StrBuf b = { 0 };
    char chunk[65536];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, fp)) > 0)
        sb_putn(&b, chunk, n);
    int bad = ferror(fp);
    fclose(fp);
    if (bad) {
        sb_free(&b);
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

/* ---- diagnostics ---- */
static int error_count;

static bool use_colour(void)
{
    const char *nc = getenv("NO_COLOR");
    return isatty(2) && !(nc && *nc);
}

static void print_source_line(Loc loc)
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
    fprintf(stderr, "%.*s\n", shown, p);
    int col = loc.col > 0 ? loc.col : 1;
    if (col > shown + 1)
        return;
    for (int i = 1; i < col; i++)
        fputc(p[i - 1] == '\t' ? '\t' : ' ', stderr);
    fputs("^\n", stderr);
}

static void diag_emit(Loc loc, const char *kind, const char *colour, const char *fmt, va_list ap)
{
    SrcFile *f = src_get(loc.file);
    bool c = use_colour();
    if (f)
        fprintf(stderr, "%s:%d:%d: ", f->path, loc.line, loc.col);
    else
        fputs("goose: ", stderr);
    fprintf(stderr, "%s%s:%s ", c ? colour : "", kind, c ? "\033[0m" : "");
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    print_source_line(loc);
}

void diag_verror(Loc loc, const char *fmt, va_list ap)
{
    if (++error_count > DIAG_MAX_ERRORS)
        return;
    diag_emit(loc, "error", "\033[1;31m", fmt, ap);
    if (error_count == DIAG_MAX_ERRORS)
        fputs("goose: too many errors; stopping here\n", stderr);
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
    diag_emit(loc, "note", "\033[1;36m", fmt, ap);
    va_end(ap);
}

int diag_error_count(void) { return error_count; }

void die(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("goose: internal error: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    exit(2);
}
