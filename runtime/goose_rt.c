/* goose_rt.c — the runtime linked into every compiled Goose program (and
 * into goose itself, where the JIT reaches it through tcc_add_symbol).
 *
 * What is here: the buffered output stream, runtime-error reporting, the
 * heap interface with its exact live-block set (for checked `delete`),
 * slices, strings, number formatting and parsing, hashing, args, clock,
 * read_file, and the program entry glue.
 * Not for: anything that knows about the compiler. Compiles warning-free
 * under clang/gcc -Wall -Wextra -std=c11 and TinyCC 0.9.27, so it uses only
 * C11 plus POSIX (write, clock_gettime), and no 128-bit integers.
 * Threads (thread.parallel, gs_thread.c): output and format's buffers are
 * per thread once a second thread has started (Output, below); the heap
 * (gs_heap.c) is thread-safe. */
#define _XOPEN_SOURCE 700 /* POSIX 2008 with XSI: sigaltstack, SA_ONSTACK */
#define __STDC_WANT_IEC_60559_BFP_EXT__ 1 /* strfromd (glibc 2.25+) */

#include "goose_rt.h"
#include "gs_heap.h"

#include <errno.h>
#include <pthread.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

/* ================================================================
 * Output: ONE buffer that holds bytes for one fd at a time. Writing to the
 * other fd drains it first, so stdout and stderr stay in program order and
 * stdout is always flushed before anything reaches stderr.
 *
 * Threads (gs_thread.c): once a program has started a thread
 * (gs_rt_threaded), each thread gathers its output in its own line buffer
 * (rt_local) and moves every finished line, whole, into the one buffer
 * under out_mu; so lines of different threads never interleave. Until
 * then nothing takes a lock: one flag test per write.
 * ================================================================ */
#define OUT_CAP ((size_t)1 << 16)

static struct {
    int fd;
    bool tty;   /* stdout is a terminal: flush at each println, as C does */
    size_t len;
    char buf[OUT_CAP];
} out = { 1, false, 0, { 0 } };

/* What each thread keeps for itself: the bytes of its unfinished line (for
 * line_fd), and format's buffers (below). The main thread's (and every
 * thread's before the first one starts) is rt_main. */
typedef struct rt_local {
    gs_slice_u8 line;
    int line_fd;
    gs_slice_u8 fmtbuf;  /* format's and format_into's bytes: malloc'd, reused */
    gs_slice_u8 scratch; /* gs_pf_open with a width (sink fd -1): malloc'd, reused */
    uintptr_t stack_lo, stack_hi; /* a started thread's stack (0, 0: unknown) */
    void *alt;           /* its signal stack (Stack overflow, below) */
    gs_borrows brw;      /* its live references (TinyCC: no thread-local storage) */
} rt_local;

int gs_rt_threaded;
static rt_local rt_main;
static pthread_key_t rt_key;
static pthread_mutex_t out_mu = PTHREAD_MUTEX_INITIALIZER;

static rt_local *rt_self(void) {
    rt_local *l;
    if (GS_LIKELY(!gs_rt_threaded)) return &rt_main;
    l = (rt_local *)pthread_getspecific(rt_key);
    return l != NULL ? l : &rt_main;
}

static void pf_raw_append(gs_slice_u8 *b, const void *p, size_t n);

static void out_write_all(int fd, const char *p, size_t n) {
    while (n > 0) {
        ssize_t w = write(fd, p, n);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) return; /* a closed pipe or full disk: drop, like stdio */
        p += w;
        n -= (size_t)w;
    }
}

/* The one buffer (out_mu held once threads run). */
static void sh_drain(void) {
    size_t n = out.len;
    out.len = 0;
    out_write_all(out.fd, out.buf, n);
}

static void sh_put(int fd, const void *p, size_t n) {
    if (out.fd != fd) {
        sh_drain();
        out.fd = fd;
    }
    if (n > OUT_CAP - out.len) sh_drain();
    if (n >= OUT_CAP) {
        out_write_all(fd, (const char *)p, n);
        return;
    }
    memcpy(out.buf + out.len, p, n);
    out.len += n;
}

/* Moves the first n bytes of l's line into the one buffer. */
static void line_emit(rt_local *l, size_t n) {
    pthread_mutex_lock(&out_mu);
    sh_put(l->line_fd, l->line.ptr, n);
    pthread_mutex_unlock(&out_mu);
    memmove(l->line.ptr, l->line.ptr + n, (size_t)l->line.len - n);
    l->line.len -= (int64_t)n;
}

/* A thread's write: onto its line, which goes out up to its last newline. */
static void line_put(int fd, const void *p, size_t n) {
    rt_local *l = rt_self();
    size_t end;
    if (l->line_fd != fd && l->line.len > 0) line_emit(l, (size_t)l->line.len);
    l->line_fd = fd;
    pf_raw_append(&l->line, p, n);
    if (memchr(p, '\n', n) != NULL) {
        for (end = (size_t)l->line.len; l->line.ptr[end - 1] != '\n'; end--) {}
        line_emit(l, end);
    } else if ((size_t)l->line.len >= OUT_CAP) {
        line_emit(l, (size_t)l->line.len);
    }
}

static void out_put(int fd, const void *p, size_t n) {
    if (GS_UNLIKELY(gs_rt_threaded)) {
        line_put(fd, p, n);
        return;
    }
    sh_put(fd, p, n);
}

static void out_byte(int fd, char c) {
    if (out.fd == fd && out.len < OUT_CAP && GS_LIKELY(!gs_rt_threaded)) {
        out.buf[out.len++] = c;
        return;
    }
    out_put(fd, &c, 1);
}

static void out_cstr(int fd, const char *s) { out_put(fd, s, strlen(s)); }

/* Everything this thread wrote reaches its fd. */
static void out_drain(void) {
    rt_local *l;
    if (GS_LIKELY(!gs_rt_threaded)) {
        sh_drain();
        return;
    }
    l = rt_self();
    if (l->line.len > 0) line_emit(l, (size_t)l->line.len);
    pthread_mutex_lock(&out_mu);
    sh_drain();
    pthread_mutex_unlock(&out_mu);
}

/* The program ends now: everything this thread wrote reaches its fd and no
 * other thread writes again (out_mu stays held). */
static void out_final(void) {
    rt_local *l;
    if (GS_LIKELY(!gs_rt_threaded)) {
        sh_drain();
        return;
    }
    l = rt_self();
    pthread_mutex_lock(&out_mu);
    if (l->line.len > 0) sh_put(l->line_fd, l->line.ptr, (size_t)l->line.len);
    sh_drain();
}

void gs_flush(void) { out_drain(); }

/* ---- threads: what gs_thread.c calls ---- */
void gs_rt_threads_start(void) {
    if (gs_rt_threaded) return;
    if (pthread_key_create(&rt_key, NULL) != 0) gs_fail_msg(NULL, "cannot start threads (no thread key)");
    (void)gs_args(); /* built once, here: args() reads it from any thread */
    gs_heap_threads_on();
    gs_rt_threaded = 1;
}

static void guard_thread_on(rt_local *l);
static void guard_thread_off(rt_local *l);

/* A started thread, on it: its own state; lo..hi its stack (0, 0 when
 * unknown). */
void gs_rt_thread_enter(uintptr_t lo, uintptr_t hi) {
    rt_local *l = (rt_local *)calloc(1, sizeof *l);
    if (l == NULL || pthread_setspecific(rt_key, l) != 0) gs_fail_oom(NULL);
    l->line_fd = 1;
    l->stack_lo = lo;
    l->stack_hi = hi;
    guard_thread_on(l);
}

void gs_rt_thread_leave(void) {
    rt_local *l = rt_self();
    if (l == &rt_main) return;
    if (l->line.len > 0) line_emit(l, (size_t)l->line.len);
    guard_thread_off(l);
    free(l->line.ptr);
    free(l->fmtbuf.ptr);
    free(l->scratch.ptr);
    pthread_setspecific(rt_key, NULL);
    free(l);
}

/* ================================================================
 * Number formatting into caller buffers (shared by print and to_string).
 * ================================================================ */
enum { NUM_BUF = 32 };

/* Writes the digits of v ending at end; returns the first character. */
static char *fmt_u64_rev(char *end, uint64_t v) {
    do {
        *--end = (char)('0' + v % 10);
        v /= 10;
    } while (v != 0);
    return end;
}

static size_t fmt_u64(char *buf, uint64_t v) {
    char tmp[NUM_BUF];
    char *p = fmt_u64_rev(tmp + NUM_BUF, v);
    size_t n = (size_t)(tmp + NUM_BUF - p);
    memcpy(buf, p, n);
    return n;
}

static size_t fmt_i64(char *buf, int64_t v) {
    if (v >= 0) return fmt_u64(buf, (uint64_t)v);
    buf[0] = '-';
    return 1 + fmt_u64(buf + 1, 0 - (uint64_t)v);
}

/* %g, except that every NaN is "nan": the sign of a NaN depends on whether
 * the C compiler folded it, and -O0 and -O2 must print the same. */
static size_t fmt_g(char *buf, double v) {
    int n;
    if (isnan(v)) {
        memcpy(buf, "nan", 3);
        return 3;
    }
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 25))
    n = strfromd(buf, NUM_BUF, "%g", v); /* the same digits as snprintf, without its stream setup */
#else
    n = snprintf(buf, NUM_BUF, "%g", v);
#endif
    return n < 0 ? 0 : (size_t)n;
}

/* ================================================================
 * Runtime errors: flush stdout, one line on stderr, exit 101.
 * ================================================================ */
static void fail_begin(const gs_site *s) {
    char num[NUM_BUF];
    if (s != NULL) {
        out_cstr(2, s->file != NULL ? s->file : "?");
        out_byte(2, ':');
        out_put(2, num, fmt_i64(num, s->line));
        out_byte(2, ':');
        out_put(2, num, fmt_i64(num, s->col));
        out_cstr(2, ": ");
    }
    out_cstr(2, "runtime error: ");
}

static GS_NORETURN void fail_end(void) {
    out_byte(2, '\n');
    out_final();
    exit(101);
}

static GS_NORETURN void fail_text(const gs_site *s, const char *msg) {
    fail_begin(s);
    out_cstr(2, msg);
    fail_end();
}

static GS_NORETURN void fail_text_str(const gs_site *s, const char *prefix, gs_str msg) {
    fail_begin(s);
    out_cstr(2, prefix);
    out_put(2, msg.ptr, (size_t)GS_SLEN(msg));
    fail_end();
}

/* A message of five parts (numbers preformatted by num_i / num_u); no
 * printf near user text. */
static GS_NORETURN void fail_nums(const gs_site *s, const char *a, const char *x,
                                  const char *b, const char *y, const char *c) {
    fail_begin(s);
    out_cstr(2, a);
    out_cstr(2, x);
    out_cstr(2, b);
    out_cstr(2, y);
    out_cstr(2, c);
    fail_end();
}

static const char *num_i(char *buf, int64_t v) {
    buf[fmt_i64(buf, v)] = 0;
    return buf;
}

static const char *num_u(char *buf, uint64_t v) {
    buf[fmt_u64(buf, v)] = 0;
    return buf;
}

void gs_fail_index(const gs_site *s, int64_t i, int64_t len) {
    char x[NUM_BUF], y[NUM_BUF];
    fail_nums(s, "index ", num_i(x, i), " out of range for length ", num_i(y, len), "");
}

void gs_fail_index_u(const gs_site *s, uint64_t i, int64_t len) {
    char x[NUM_BUF], y[NUM_BUF];
    fail_nums(s, "index ", num_u(x, i), " out of range for length ", num_i(y, len), "");
}

void gs_fail_slice_end(const gs_site *s, int64_t hi, int64_t len) {
    char x[NUM_BUF], y[NUM_BUF];
    fail_nums(s, "slice end ", num_i(x, hi), " out of range for length ", num_i(y, len), "");
}

void gs_fail_slice_end_u(const gs_site *s, uint64_t hi, int64_t len) {
    char x[NUM_BUF], y[NUM_BUF];
    fail_nums(s, "slice end ", num_u(x, hi), " out of range for length ", num_i(y, len), "");
}

void gs_fail_slice_start(const gs_site *s, int64_t lo, int64_t hi) {
    char x[NUM_BUF], y[NUM_BUF];
    if (lo < 0) fail_nums(s, "slice start ", num_i(x, lo), " out of range", "", "");
    fail_nums(s, "slice start ", num_i(x, lo), " greater than end ", num_i(y, hi), "");
}

void gs_fail_slice_start_u(const gs_site *s, uint64_t lo, int64_t hi) {
    char x[NUM_BUF], y[NUM_BUF];
    fail_nums(s, "slice start ", num_u(x, lo), " greater than end ", num_i(y, hi), "");
}

void gs_fail_pop_empty(const gs_site *s) { fail_text(s, "pop from empty slice"); }
void gs_fail_div_zero(const gs_site *s) { fail_text(s, "integer division by zero"); }
void gs_fail_div_overflow(const gs_site *s) { fail_text(s, "integer overflow in division"); }
void gs_fail_unwrap(const gs_site *s) { fail_text(s, "unwrap of none"); }
void gs_fail_msg(const gs_site *s, const char *msg) { fail_text(s, msg); }

/* Per thread where the compiler has thread-local storage: two threads may
 * fail at once (TinyCC: one, the first to report wins either way). */
#ifdef __TINYC__
#define RT_TLS
#else
#define RT_TLS _Thread_local
#endif
const gs_site *gs_site_with(const gs_site *s, const char *what) {
    static RT_TLS gs_site w;
    if (s) w = *s;
    else memset(&w, 0, sizeof w);
    w.what = what;
    return &w;
}
void gs_fail_oom(const gs_site *s) { fail_text(s, "out of memory"); }
void gs_fail_freed(const gs_site *s) { fail_text(s, "use of freed storage"); }

void gs_fail_shift(const gs_site *s, int64_t count, int64_t width) {
    char x[NUM_BUF], y[NUM_BUF];
    fail_nums(s, "shift count ", num_i(x, count), " out of range for ", num_i(y, width),
              "-bit integer");
}

void gs_fail_shift_u(const gs_site *s, uint64_t count, int64_t width) {
    char x[NUM_BUF], y[NUM_BUF];
    fail_nums(s, "shift count ", num_u(x, count), " out of range for ", num_i(y, width),
              "-bit integer");
}

void gs_fail_f2i(const gs_site *s, double v) {
    char x[NUM_BUF];
    x[fmt_g(x, v)] = 0;
    fail_nums(s, "f64 value ", x, " out of range for ",
              s != NULL && s->what != NULL ? s->what : "integer", "");
}

void gs_fail_assert(const gs_site *s) {
    if (s != NULL && s->what != NULL) fail_nums(s, "assertion failed: ", s->what, "", "", "");
    fail_text(s, "assertion failed");
}

void gs_fail_assert_msg(const gs_site *s, gs_str msg) {
    fail_text_str(s, "assertion failed: ", msg);
}

void gs_fail_panic(const gs_site *s, gs_str msg) { fail_text_str(s, "panic: ", msg); }

void gs_fail_len_mismatch(const gs_site *s, int64_t a, int64_t b) {
    char x[NUM_BUF], y[NUM_BUF];
    fail_nums(s, s != NULL && s->what != NULL ? s->what : "copy_into", " length mismatch: ",
              num_i(x, a), " != ", num_i(y, b));
}

void gs_fail_make(const gs_site *s, int64_t len, int64_t cap) {
    char x[NUM_BUF], y[NUM_BUF];
    if (len < 0) fail_nums(s, "make: negative length ", num_i(x, len), "", "", "");
    fail_nums(s, "make: length ", num_i(x, len), " greater than capacity ", num_i(y, cap), "");
}

/* ================================================================
 * Heap: gs_heap.c (size classes, thread caches, slabs, page runs; or
 * malloc with a live set under GOOSE_HEAP=system). Every free is checked:
 * only the start of a live block is accepted, so `delete` never reads or
 * corrupts freed memory.
 * ================================================================ */
void *gs_alloc(size_t bytes) {
    void *p = gs_heap_alloc(bytes, true);
    if (p == NULL) gs_fail_oom(NULL);
    return p;
}

void *gs_alloc_uninit(size_t bytes) {
    void *p = gs_heap_alloc(bytes, false);
    if (p == NULL) gs_fail_oom(NULL);
    return p;
}

void *gs_alloc_cls_slow(const gs_site *s, unsigned cls, size_t bytes) {
    void *p;
    if (bytes > GS_HEAP_SMALL_MAX || cls != GS_HEAP_CLASS(bytes))
        gs_fail_msg(s, "internal error: the compiler's size class does not match the size");
    p = gs_heap_alloc(bytes, true);
    if (p == NULL) gs_fail_oom(s);
    return p;
}

gs_grow gs_make_cls_slow(const gs_site *s, unsigned cls, size_t bytes, int64_t cap) {
    gs_grow g;
    g.ptr = gs_alloc_cls_slow(s, cls, bytes);
    g.cap = cap | GS_OWN_BIT | gs_tag_of(g.ptr);
    return g;
}

void gs_free(void *p) {
    if (p == NULL) return;
    if (!gs_heap_free(p)) gs_fail_msg(NULL, "free of storage that is not live");
}

void *gs_realloc(void *p, size_t bytes) {
    void *q;
    if (p == NULL) return gs_alloc_uninit(bytes);
    if (!gs_heap_live(p)) gs_fail_msg(NULL, "realloc of storage that is not live");
    q = gs_heap_realloc(p, bytes);
    if (q == NULL) gs_fail_oom(NULL);
    return q;
}

/* ================================================================
 * Slices.
 * ================================================================ */
static bool size_overflows(int64_t n, size_t esz) {
    return n > GS_LEN_MASK || (esz != 0 && (uint64_t)n > (uint64_t)(PTRDIFF_MAX / esz));
}

gs_grow gs_slice_make(const gs_site *s, int64_t len, int64_t cap, size_t esz) {
    gs_grow g;
    if (len < 0 || len > cap) gs_fail_make(s, len, cap);
    if (size_overflows(cap, esz)) gs_fail_oom(s);
    g.ptr = gs_heap_alloc((size_t)cap * esz, true);
    if (g.ptr == NULL) gs_fail_oom(s);
    g.cap = cap | GS_OWN_BIT | gs_tag_of(g.ptr);
    return g;
}

/* A tagged header whose storage has another tag now (freed, retired or
 * handed out again): its delete must not free what is there, nor its push resize it. */
static bool tag_stale(const void *p, int64_t tagword) {
    uintptr_t a = (uintptr_t)p;
    int64_t tag = tagword & GS_TAG_MASK;
    const uint16_t *g = GS_SHADOW_CHUNK(a);
    return tag != 0 && g != NULL && ((int64_t)((uint64_t)g[GS_SHADOW_INDEX(a)] << GS_TAG_SHIFT)) != tag;
}

/* Capacity sequence (observable through .cap, so fixed): 0 -> 4, then x2. */
gs_grow gs_slice_grow(const gs_site *s, void *ptr, int64_t len, int64_t cap, size_t esz) {
    gs_grow g;
    int64_t c = cap & GS_LEN_MASK;
    int64_t nc = c < 4 ? 4 : (c > GS_LEN_MASK / 2 ? GS_LEN_MASK : c * 2);
    if (nc <= len) nc = len + 1;
    if (size_overflows(nc, esz)) gs_fail_oom(s);
    if (ptr != NULL && tag_stale(ptr, cap)) gs_fail_freed(s); /* a push onto freed storage */
    g.cap = nc | GS_OWN_BIT;
    /* Owned, still-live storage is resized (the heap grows a page run in
     * place when it can: no copy, no second block beside the first); a
     * view's storage is copied, and storage that was already deleted or
     * moved is the user's bug, not a crash here. Growing owned storage
     * gives it back whether or not the heap then moves it, so a ref into
     * it stops the push either way (the same on every heap). */
    if ((cap & GS_OWN_BIT) && gs_heap_live(ptr)) {
        gs_borrow_check(s, ptr, (size_t)c * esz, "push moved");
        g.ptr = gs_heap_realloc(ptr, (size_t)nc * esz); /* a new tag, in place too */
        if (g.ptr == NULL) gs_fail_oom(s);
        g.cap |= gs_tag_of(g.ptr);
        return g;
    }
    g.ptr = gs_alloc_uninit((size_t)nc * esz);
    if (len > 0 && ptr != NULL) memcpy(g.ptr, ptr, (size_t)len * esz);
    g.cap |= gs_tag_of(g.ptr);
    return g;
}

void gs_grow_fields(gs_grow_fn grow, void *ptr_field, int64_t len, int64_t *cap_field, size_t esz) {
    void *p;
    gs_grow g;
    memcpy(&p, ptr_field, sizeof p);
    g = grow(p, len, *cap_field, esz);
    memcpy(ptr_field, &g.ptr, sizeof g.ptr);
    *cap_field = g.cap;
}

void gs_slice_grow_at(const gs_site *s, void *ptr_field, int64_t len, int64_t *cap_field, size_t esz) {
    void *p;
    gs_grow g;
    memcpy(&p, ptr_field, sizeof p);
    g = gs_slice_grow(s, p, len, *cap_field, esz);
    memcpy(ptr_field, &g.ptr, sizeof g.ptr);
    *cap_field = g.cap;
}

/* ================================================================
 * Live references into movable storage (goose_rt.h: gs_borrow). The
 * stack is this thread's: thread-local where the compiler has it, else
 * (TinyCC) kept with the thread's other state in rt_local.
 * ================================================================ */
#ifdef __TINYC__
static gs_borrows *brw_self(void) { return &rt_self()->brw; }
#else
_Thread_local gs_borrows gs_brw;
static gs_borrows *brw_self(void) { return &gs_brw; }
#endif

int64_t gs_borrow_slow(gs_borrows *b, const void *p) {
    if (b->n == b->cap) {
        int64_t nc = b->cap < 16 ? 16 : b->cap * 2;
        const void **at = (const void **)realloc((void *)b->at, (size_t)nc * sizeof *at);
        if (at == NULL) gs_fail_oom(NULL);
        b->at = at;
        b->cap = nc;
    }
    b->at[b->n] = p;
    return b->n++;
}

void gs_borrow_scan(const gs_site *s, const gs_borrows *b, const void *p, size_t bytes, const char *what) {
    uintptr_t lo = (uintptr_t)p;
    int64_t i;
    for (i = 0; i < b->n; i++)
        if (b->at[i] != NULL && (uintptr_t)b->at[i] - lo < bytes) {
            char msg[160];
            snprintf(msg, sizeof msg, "%s storage that a live ref points into: use of freed storage", what);
            gs_fail_msg(s, msg);
        }
}

int64_t gs_borrow_call(const void *p) {
    gs_borrows *b = brw_self();
    if (b->n == b->cap) return gs_borrow_slow(b, p);
    b->at[b->n] = p;
    return b->n++;
}

void gs_unborrow_call(int64_t slot) {
    gs_borrows *b = brw_self();
    b->at[slot] = NULL;
    while (b->n > 0 && b->at[b->n - 1] == NULL) b->n--;
}

int64_t gs_borrow_depth_call(void) { return brw_self()->n; }

void gs_borrow_reset_call(int64_t depth) {
    gs_borrows *b = brw_self();
    if (depth < b->n) b->n = depth;
}

void gs_borrow_check_call(const gs_site *s, const void *p, size_t bytes, const char *what) {
    gs_borrows *b = brw_self();
    if (b->n != 0) gs_borrow_scan(s, b, p, bytes, what);
}

static bool args_hold(const void *p);

/* The regions of the live span pools (gs_pool_note); pools on different
 * threads note theirs at once: under pools_mu once threads run. */
static struct {
    struct pool_region { uintptr_t base; size_t size; } *at;
    size_t n, cap;
} pools;
static pthread_mutex_t pools_mu = PTHREAD_MUTEX_INITIALIZER;

static void pools_lock(void) {
    if (gs_rt_threaded) pthread_mutex_lock(&pools_mu);
}

static void pools_unlock(void) {
    if (gs_rt_threaded) pthread_mutex_unlock(&pools_mu);
}

static void pool_note_locked(const void *base, size_t size, bool live) {
    size_t i;
    if (!live) {
        for (i = 0; i < pools.n; i++)
            if (pools.at[i].base == (uintptr_t)base) {
                pools.at[i] = pools.at[--pools.n];
                return;
            }
        return;
    }
    if (pools.n == pools.cap) {
        pools.cap = pools.cap ? pools.cap * 2 : 8;
        pools.at = (struct pool_region *)realloc(pools.at, pools.cap * sizeof *pools.at);
        if (pools.at == NULL) gs_fail_oom(NULL);
    }
    pools.at[pools.n].base = (uintptr_t)base;
    pools.at[pools.n++].size = size;
}

void gs_pool_note(const void *base, size_t size, bool live) {
    pools_lock();
    pool_note_locked(base, size, live);
    pools_unlock();
}

static bool pool_holds(const void *p) {
    size_t i;
    bool r = false;
    pools_lock();
    for (i = 0; i < pools.n && !r; i++)
        r = (uintptr_t)p - pools.at[i].base < pools.at[i].size;
    pools_unlock();
    return r;
}

/* Why delete(p) cannot free p: p is owned (GS_OWN_BIT) but no live heap
 * block, or it is not owned and unowned says what it then is. */
static GS_NORETURN GS_COLD void fail_delete(const gs_site *s, const void *p, bool owned,
                                            const char *unowned) {
    if (args_hold(p)) gs_fail_msg(s, "delete of storage not from make, push or a string operation");
    if (!owned) gs_fail_msg(s, unowned);
    if (pool_holds(p)) gs_fail_msg(s, "delete of a pool span");
    gs_fail_msg(s, "delete of storage already deleted");
}

/* A delete of live storage p stops when a noted ref points into it. */
static void delete_check(const gs_site *s, const void *p) {
    const gs_borrows *b = brw_self();
    if (GS_UNLIKELY(b->n != 0) && gs_heap_live(p)) gs_borrow_scan(s, b, p, gs_heap_usable(p), "delete of");
}

void gs_slice_delete(const gs_site *s, void *ptr, int64_t cap_with_bit) {
    if (ptr == NULL) return;
    if (!(cap_with_bit & GS_OWN_BIT)) fail_delete(s, ptr, false, "delete of a sub-slice");
    if (tag_stale(ptr, cap_with_bit)) fail_delete(s, ptr, true, NULL);
    delete_check(s, ptr);
    if (!gs_heap_free(ptr)) fail_delete(s, ptr, true, NULL);
}

/* ================================================================
 * Strings.
 * ================================================================ */
static gs_str str_own(const void *a, size_t na, const void *b, size_t nb) {
    gs_str r;
    uint8_t *p = (uint8_t *)gs_alloc_uninit(na + nb);
    if (na > 0) memcpy(p, a, na);
    if (nb > 0) memcpy(p + na, b, nb);
    r.ptr = p;
    r.len = (int64_t)(na + nb) | GS_OWN_BIT | gs_tag_of(p);
    return r;
}

gs_str gs_str_concat(gs_str a, gs_str b) {
    return str_own(a.ptr, (size_t)GS_SLEN(a), b.ptr, (size_t)GS_SLEN(b));
}

int gs_str_cmp(gs_str a, gs_str b) {
    int64_t na = GS_SLEN(a), nb = GS_SLEN(b);
    int64_t n = na < nb ? na : nb;
    int c = n > 0 ? memcmp(a.ptr, b.ptr, (size_t)n) : 0;
    if (c != 0) return c < 0 ? -1 : 1;
    return na < nb ? -1 : (na > nb ? 1 : 0);
}

gs_slice_u8 gs_str_bytes(gs_str s) {
    gs_slice_u8 r;
    gs_str c = str_own(s.ptr, (size_t)GS_SLEN(s), NULL, 0);
    r.ptr = (uint8_t *)c.ptr;
    r.len = GS_SLEN(s);
    r.cap = r.len | GS_OWN_BIT | (c.len & GS_TAG_MASK);
    return r;
}

gs_str gs_from_bytes(gs_slice_u8 xs) { return str_own(xs.ptr, (size_t)xs.len, NULL, 0); }

void gs_str_delete(const gs_site *s, gs_str v) {
    void *p;
    if (v.ptr == NULL) return;
    if (!(v.len & GS_OWN_BIT))
        fail_delete(s, v.ptr, false,
                    gs_heap_contains(v.ptr) ? "delete of a sub-string" : "delete of a string literal");
    memcpy(&p, &v.ptr, sizeof p); /* the bytes are ours: drop const */
    if (tag_stale(p, v.len)) fail_delete(s, p, true, NULL);
    delete_check(s, p);
    if (!gs_heap_free(p)) fail_delete(s, p, true, NULL);
}

gs_str gs_to_string_i64(int64_t v) {
    char buf[NUM_BUF];
    return str_own(buf, fmt_i64(buf, v), NULL, 0);
}

gs_str gs_to_string_u64(uint64_t v) {
    char buf[NUM_BUF];
    return str_own(buf, fmt_u64(buf, v), NULL, 0);
}

gs_str gs_to_string_f64(double v) {
    char buf[NUM_BUF];
    return str_own(buf, fmt_g(buf, v), NULL, 0);
}

/* A decimal d[0].d[1]..d[n-1] x 10^e (digits as characters). */
typedef struct { char d[24]; int n, e; } dec17;

static void dec_parse(dec17 *v, const char *s) { /* from "%.*e" */
    v->n = 0;
    for (; *s != 'e'; s++)
        if (*s != '.') v->d[v->n++] = *s;
    v->e = atoi(s + 1);
}

static double dec_value(const dec17 *v) {
    char buf[NUM_BUF];
    snprintf(buf, sizeof buf, "%.*se%d", v->n, v->d, v->e - v->n + 1);
    return strtod(buf, NULL);
}

/* The next n-digit decimal up (dir > 0) or down. */
static void dec_step(dec17 *v, int dir) {
    int i = v->n - 1;
    char wrap = dir > 0 ? '9' : '0';
    for (; i >= 0 && v->d[i] == wrap; i--) v->d[i] = (char)('0' + '9' - wrap);
    if (i >= 0) v->d[i] = (char)(v->d[i] + dir);
    if (i < 0 || v->d[0] == '0') { /* 9.9 -> 1.0e+1, 1.0 -> 9.9e-1 */
        memset(v->d, dir > 0 ? '0' : '9', (size_t)v->n);
        if (dir > 0) v->d[0] = '1';
        v->e += dir;
    }
}

/* The fewest significant digits that read back as x (finite, > 0), the
 * closest such when several do: Go's shortest formatting. The correctly
 * rounded n digits miss only when x's rounding interval is lopsided (a
 * power of two), where the next decimal the other way may still hit. */
static void dec_shortest(dec17 *v, double x) {
    char buf[NUM_BUF];
    double y;
    int n;
    for (n = 1; n < 17; n++) {
        snprintf(buf, sizeof buf, "%.*e", n - 1, x);
        dec_parse(v, buf);
        y = strtod(buf, NULL);
        if (y == x) break;
        dec_step(v, y < x ? 1 : -1);
        if (dec_value(v) == x) break;
    }
    if (n == 17) {
        snprintf(buf, sizeof buf, "%.16e", x);
        dec_parse(v, buf);
    }
    while (v->n > 1 && v->d[v->n - 1] == '0') v->n--;
}

/* fmt_f64(x, -1): the shortest digits in fixed point (Go's 'f', -1). */
static gs_str fmt_f64_shortest(double x) {
    char out[400];
    dec17 v;
    int k = 0, i;
    if (signbit(x)) out[k++] = '-';
    if (x == 0) {
        out[k++] = '0';
        return str_own(out, (size_t)k, NULL, 0);
    }
    dec_shortest(&v, fabs(x));
    if (v.e < 0) {
        out[k++] = '0';
        out[k++] = '.';
        for (i = -1; i > v.e; i--) out[k++] = '0';
    }
    for (i = 0; i < v.n || i <= v.e; i++) {
        if (i == v.e + 1 && v.e >= 0) out[k++] = '.';
        out[k++] = i < v.n ? v.d[i] : '0';
    }
    return str_own(out, (size_t)k, NULL, 0);
}

/* fmt_f64(x, digits): "%.*f"; digits above 4096 act as 4096 (a double has
 * at most 1074 significant fractional digits; the rest would be zeros), a
 * negative digits asks for the shortest form that reads back as x. */
gs_str gs_fmt_f64(double x, int64_t digits) {
    gs_str r;
    char *p;
    int d = digits < 0 ? -1 : (digits > 4096 ? 4096 : (int)digits);
    int n;
    if (isnan(x)) return str_own("nan", 3, NULL, 0);
    if (d < 0 && !isinf(x)) return fmt_f64_shortest(x);
    if (d < 0) d = 0;
    n = snprintf(NULL, 0, "%.*f", d, x);
    if (n < 0) n = 0;
    p = (char *)gs_alloc_uninit((size_t)n + 1);
    snprintf(p, (size_t)n + 1, "%.*f", d, x);
    r.ptr = (const uint8_t *)p;
    r.len = (int64_t)n | GS_OWN_BIT | gs_tag_of(r.ptr);
    return r;
}

/* parse_int: an optional sign, then one or more decimal digits, nothing
 * else; none when the value does not fit in i64. */
gs_opt_i64 gs_parse_int(gs_str s) {
    gs_opt_i64 r = { false, 0 };
    int64_t n = GS_SLEN(s), i = 0;
    bool neg = false;
    uint64_t acc = 0, limit;
    if (n > 0 && (s.ptr[0] == '+' || s.ptr[0] == '-')) neg = s.ptr[i++] == '-';
    if (i == n) return r;
    limit = neg ? (uint64_t)1 << 63 : ((uint64_t)1 << 63) - 1;
    for (; i < n; i++) {
        unsigned d = (unsigned)s.ptr[i] - '0';
        if (d > 9 || acc > (limit - d) / 10) return r;
        acc = acc * 10 + d;
    }
    r.has = true;
    r.val = neg ? (int64_t)(0 - acc) : (int64_t)acc;
    return r;
}


/* ================================================================
 * Program arguments, clock, exit.
 * ================================================================ */
static struct {
    int argc;
    char **argv;
    gs_slice_str cached;
    bool built;
} prog;

/* p points into args()'s slice or one of its strings (not owned, and not
 * in the Goose heap). */
static bool args_hold(const void *p) {
    uintptr_t a = (uintptr_t)p;
    int i;
    if (prog.built && a - (uintptr_t)prog.cached.ptr <= (uintptr_t)prog.cached.len * sizeof(gs_str))
        return true;
    for (i = 1; i < prog.argc; i++)
        if (a - (uintptr_t)prog.argv[i] <= strlen(prog.argv[i])) return true;
    return false;
}

gs_slice_str gs_args(void) {
    int i, n = prog.argc > 1 ? prog.argc - 1 : 0;
    if (prog.built) return prog.cached;
    /* Kept outside the Goose heap: args() is not owned, never deleted. */
    prog.cached.ptr = (gs_str *)calloc((size_t)n + 1, sizeof(gs_str));
    if (prog.cached.ptr == NULL) gs_fail_oom(NULL);
    for (i = 0; i < n; i++) {
        prog.cached.ptr[i].ptr = (const uint8_t *)prog.argv[i + 1];
        prog.cached.ptr[i].len = (int64_t)strlen(prog.argv[i + 1]);
    }
    prog.cached.len = n;
    prog.cached.cap = n;
    prog.built = true;
    return prog.cached;
}

int64_t gs_clock_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + (int64_t)ts.tv_nsec;
}

void gs_exit(int64_t code) {
    out_final();
    exit((int)code);
}

/* ================================================================
 * Stack overflow: deep recursion or a local too large for the stack runs
 * into the guard below the stack, a SIGSEGV. A handler on its own stack
 * turns a fault in the stack's range into a runtime error (flushed output,
 * one line, status 101) instead of a bare segfault. It knows no site: the
 * faulting code could be anywhere. Any other SIGSEGV is not ours: the
 * handler puts the previous action back and returns, so the fault repeats
 * and reaches it (the default, or a sanitizer's).
 * ================================================================ */
#define GUARD_STACK ((size_t)64 << 10)
#define GUARD_SLACK ((uintptr_t)256 << 20) /* a frame may jump far past the guard page */

static struct {
    uintptr_t top;     /* an address near the stack's top (gs_rt_main's frame) */
    uintptr_t span;    /* how far below top a fault still counts as the stack's */
    struct sigaction old;
    bool on;
} guard;
/* The handler's stack: 8-byte aligned, as AddressSanitizer's shadow needs
 * (it unpoisons the alternate stack at every noreturn call). */
static uint64_t guard_alt[GUARD_STACK / sizeof(uint64_t)];

static bool guard_hit(uintptr_t a) {
    rt_local *l;
    if (a < guard.top + 4096 && guard.top - a <= guard.span) return true;
    /* a started thread's stack, or just below it (pthread_getspecific is
     * async-signal-safe in glibc) */
    l = rt_self();
    return l->stack_hi != 0 && a < l->stack_hi && a + GUARD_SLACK >= l->stack_lo;
}

/* Each started thread has its own signal stack: the handler cannot run on
 * the stack that overflowed. */
static void guard_thread_on(rt_local *l) {
    stack_t ss;
    if (!guard.on || l->stack_hi == 0) return;
    l->alt = malloc(GUARD_STACK);
    if (l->alt == NULL) return;
    ss.ss_sp = l->alt;
    ss.ss_size = GUARD_STACK;
    ss.ss_flags = 0;
    if (sigaltstack(&ss, NULL) != 0) {
        free(l->alt);
        l->alt = NULL;
    }
}

static void guard_thread_off(rt_local *l) {
    stack_t ss;
    if (l->alt == NULL) return;
    memset(&ss, 0, sizeof ss);
    ss.ss_flags = SS_DISABLE;
    sigaltstack(&ss, NULL);
    free(l->alt);
    l->alt = NULL;
}

/* Not instrumented by AddressSanitizer: before _exit it would unpoison the
 * stack it thinks it is on, and this runs on the alternate one. */
#if defined(__clang__) || defined(__GNUC__)
__attribute__((no_sanitize_address))
#endif
static void guard_handler(int sig, siginfo_t *si, void *ctx) {
    static const char msg[] = "runtime error: stack overflow (recursion too deep, or a local too large for the stack)\n";
    (void)sig;
    (void)ctx;
    if (!guard_hit((uintptr_t)si->si_addr)) {
        sigaction(SIGSEGV, &guard.old, NULL);
        return;
    }
    out_final();
    out_write_all(2, msg, sizeof msg - 1);
    _exit(101);
}

static void guard_install(uintptr_t top) {
    struct sigaction sa;
    struct rlimit rl;
    stack_t ss;
    uintptr_t lim = (uintptr_t)1 << 32;
    if (getrlimit(RLIMIT_STACK, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY && rl.rlim_cur < lim)
        lim = (uintptr_t)rl.rlim_cur;
    guard.top = top;
    guard.span = lim + GUARD_SLACK < top ? lim + GUARD_SLACK : top;
    ss.ss_sp = (void *)guard_alt;
    ss.ss_size = sizeof guard_alt;
    ss.ss_flags = 0;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = guard_handler;
    sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&sa.sa_mask);
    guard.on = sigaltstack(&ss, NULL) == 0 && sigaction(SIGSEGV, &sa, &guard.old) == 0;
}

/* Under the JIT the host goes on after the program: leave it as it was. */
static void guard_remove(void) {
    if (guard.on) sigaction(SIGSEGV, &guard.old, NULL);
    guard.on = false;
}

int gs_rt_main(int argc, char **argv, int (*entry)(void)) {
    int status;
    char here;
    prog.argc = argc;
    prog.argv = argv;
    prog.built = false;
    out.tty = isatty(1) == 1;
    fflush(stdout); /* whatever the host (goose, under the JIT) printed goes first */
    /* No atexit(gs_flush): every way out (return here, gs_exit, runtime
     * errors) flushes first, and under `tcc -run` a handler would point into
     * code that TinyCC frees before exit runs the handlers. */
    guard_install((uintptr_t)&here);
    status = entry();
    guard_remove();
    gs_flush();
    return status;
}

/* ================================================================
 * Hash: XXH64 (seed 0) for strings, reading bytes little-endian
 * explicitly so the value is the same on every host.
 * ================================================================ */
#define XXP1 0x9E3779B185EBCA87ull
#define XXP2 0xC2B2AE3D27D4EB4Full
#define XXP3 0x165667B19E3779F9ull
#define XXP4 0x85EBCA77C2B2AE63ull
#define XXP5 0x27D4EB2F165667C5ull

static uint64_t rotl64(uint64_t x, int r) { return (x << r) | (x >> (64 - r)); }

static uint64_t rd64(const uint8_t *p) {
    uint64_t v = 0;
    int i;
    for (i = 7; i >= 0; i--) v = (v << 8) | p[i];
    return v;
}

static uint64_t rd32(const uint8_t *p) {
    return (uint64_t)p[0] | (uint64_t)p[1] << 8 | (uint64_t)p[2] << 16 | (uint64_t)p[3] << 24;
}

static uint64_t xx_round(uint64_t acc, uint64_t in) { return rotl64(acc + in * XXP2, 31) * XXP1; }

static uint64_t xx_merge(uint64_t h, uint64_t v) { return (h ^ xx_round(0, v)) * XXP1 + XXP4; }

/* The 32-byte stripes; returns the folded state and advances *pp. */
static uint64_t xx_stripes(const uint8_t **pp, const uint8_t *end) {
    const uint8_t *p = *pp;
    uint64_t v1 = XXP1 + XXP2, v2 = XXP2, v3 = 0, v4 = 0 - XXP1, h;
    do {
        v1 = xx_round(v1, rd64(p));
        v2 = xx_round(v2, rd64(p + 8));
        v3 = xx_round(v3, rd64(p + 16));
        v4 = xx_round(v4, rd64(p + 24));
        p += 32;
    } while (end - p >= 32);
    *pp = p;
    h = rotl64(v1, 1) + rotl64(v2, 7) + rotl64(v3, 12) + rotl64(v4, 18);
    h = xx_merge(h, v1);
    h = xx_merge(h, v2);
    h = xx_merge(h, v3);
    return xx_merge(h, v4);
}

static uint64_t xx_tail(uint64_t h, const uint8_t *p, const uint8_t *end) {
    for (; end - p >= 8; p += 8) h = rotl64(h ^ xx_round(0, rd64(p)), 27) * XXP1 + XXP4;
    if (end - p >= 4) {
        h = rotl64(h ^ rd32(p) * XXP1, 23) * XXP2 + XXP3;
        p += 4;
    }
    for (; p < end; p++) h = rotl64(h ^ *p * XXP5, 11) * XXP1;
    h = (h ^ (h >> 33)) * XXP2;
    h = (h ^ (h >> 29)) * XXP3;
    return h ^ (h >> 32);
}

uint64_t gs_hash_str(gs_str s) {
    size_t n = (size_t)GS_SLEN(s);
    const uint8_t *p = s.ptr, *end;
    uint64_t h;
    if (n == 0) return xx_tail(XXP5, NULL, NULL); /* s.ptr may be NULL */
    end = p + n;
    h = n >= 32 ? xx_stripes(&p, end) : XXP5;
    return xx_tail(h + n, p, end);
}

/* ================================================================
 * Printing.
 * ================================================================ */
static void put_i64(int fd, int64_t v) {
    char buf[NUM_BUF];
    out_put(fd, buf, fmt_i64(buf, v));
}

static void put_u64(int fd, uint64_t v) {
    char buf[NUM_BUF];
    out_put(fd, buf, fmt_u64(buf, v));
}

static void put_f64(int fd, double v) {
    char buf[NUM_BUF];
    out_put(fd, buf, fmt_g(buf, v));
}

static void put_bool(int fd, bool v) { out_put(fd, v ? "true" : "false", v ? 4 : 5); }

static void put_str(int fd, gs_str v) {
    if (GS_SLEN(v) > 0) out_put(fd, v.ptr, (size_t)GS_SLEN(v));
}

void gs_print_i64(int64_t v) { put_i64(1, v); }
void gs_print_u64(uint64_t v) { put_u64(1, v); }
void gs_print_f64(double v) { put_f64(1, v); }
void gs_print_bool(bool v) { put_bool(1, v); }
void gs_print_str(gs_str v) { put_str(1, v); }
void gs_print_space(void) { out_byte(1, ' '); }
void gs_print_nl(void) {
    out_byte(1, '\n');
    if (out.tty) out_drain();
}

void gs_eprint_i64(int64_t v) { put_i64(2, v); }
void gs_eprint_u64(uint64_t v) { put_u64(2, v); }
void gs_eprint_f64(double v) { put_f64(2, v); }
void gs_eprint_bool(bool v) { put_bool(2, v); }
void gs_eprint_str(gs_str v) { put_str(2, v); }
void gs_eprint_space(void) { out_byte(2, ' '); }

void gs_eprint_nl(void) {
    out_byte(2, '\n');
    out_drain();
}

/* ================================================================
 * Formatted output (goose_rt.h, "formatted output"): sinks, padding, the
 * spec-driven writers, the debug form of strings, map order, parse_f64.
 * ================================================================ */
#define pf_fmtbuf (rt_self()->fmtbuf)   /* this thread's (rt_local) */
#define pf_scratch (rt_self()->scratch)

#define PF_FILL(s) ((uint32_t)(s))
#define PF_ALIGN(s) ((int)(((s) >> 32) & 3))
#define PF_ZERO(s) ((((s) >> 34) & 1) != 0)
#define PF_TYPE(s) ((int)(((s) >> 35) & 15))
#define PF_BYTES(s) ((int)(((s) >> 39) & 15))
#define PF_HAS_PREC(s) ((((s) >> 43) & 1) != 0)
#define PF_WIDTH(s) ((size_t)(((s) >> 44) & 1023))
#define PF_PREC(s) ((int)(((s) >> 54) & 1023))
enum { PF_LEFT = 1, PF_RIGHT = 2, PF_CENTER = 3 };

/* The runtime's own buffers grow with realloc: they are not Goose storage. */
static void pf_raw_append(gs_slice_u8 *b, const void *p, size_t n) {
    if ((size_t)(b->len & GS_LEN_MASK) + n > (size_t)b->cap) {
        size_t c = (size_t)b->cap * 2 + n + 64;
        uint8_t *q = (uint8_t *)realloc(b->ptr, c);
        if (q == NULL) gs_fail_oom(NULL);
        b->ptr = q;
        b->cap = (int64_t)c;
    }
    memcpy(b->ptr + b->len, p, n);
    b->len += (int64_t)n;
}

/* A user's []u8 grows as push grows it: allocating only when it is full. */
static void pf_buf_append(gs_slice_u8 *b, const void *p, size_t n) {
    while ((size_t)(GS_CAP(*b) - b->len) < n) {
        gs_grow g = gs_slice_grow(NULL, b->ptr, b->len, b->cap, 1);
        b->ptr = (uint8_t *)g.ptr;
        b->cap = g.cap;
    }
    memcpy(b->ptr + b->len, p, n);
    b->len += (int64_t)n;
}

static void pf_put(gs_sink k, const void *p, size_t n) {
    if (n == 0) return; /* p may be NULL (an empty string) */
    if (k <= 0) pf_raw_append(k == 0 ? &pf_fmtbuf : &pf_scratch, p, n);
    else out_put(k, p, n);
}

void gs_pf_lit(gs_sink k, const char *s, int64_t n) { pf_put(k, s, (size_t)n); }

static void pf_fill(gs_sink k, uint64_t spec, size_t count) {
    char f[4];
    size_t fn = 0;
    uint32_t c = PF_FILL(spec);
    for (; c != 0 && fn < 4; c >>= 8) f[fn++] = (char)(c & 0xff);
    if (fn == 0) f[fn++] = ' ';
    for (; count > 0; count--) pf_put(k, f, fn);
}

/* sign (maybe empty) then body, padded to the spec's width. Numbers align
 * right by default and take `0` (zeros after the sign) when no alignment
 * is given; everything else aligns left. */
static void pf_padded(gs_sink k, uint64_t spec, bool number, const char *sign, size_t sn,
                      const char *body, size_t bn) {
    size_t w = PF_WIDTH(spec), pad, left;
    int a = PF_ALIGN(spec);
    if (sn + bn >= w) {
        pf_put(k, sign, sn);
        pf_put(k, body, bn);
        return;
    }
    pad = w - sn - bn;
    if (number && a == 0 && PF_ZERO(spec)) {
        pf_put(k, sign, sn);
        for (; pad > 0; pad--) pf_put(k, "0", 1);
        pf_put(k, body, bn);
        return;
    }
    if (a == 0) a = number ? PF_RIGHT : PF_LEFT;
    left = a == PF_LEFT ? 0 : (a == PF_RIGHT ? pad : pad / 2);
    pf_fill(k, spec, left);
    pf_put(k, sign, sn);
    pf_put(k, body, bn);
    pf_fill(k, spec, pad - left);
}

static size_t pf_digits(char *end_buf, size_t cap, uint64_t v, unsigned base, bool upper) {
    const char *dig = upper ? "0123456789ABCDEF" : "0123456789abcdef";
    char *end = end_buf + cap, *p = end;
    do {
        *--p = dig[v % base];
        v /= base;
    } while (v != 0);
    memmove(end_buf, p, (size_t)(end - p));
    return (size_t)(end - p);
}

static const unsigned pf_base[GS_PF_T_DEBUG + 1] = {
    [GS_PF_T_HEX] = 16, [GS_PF_T_UHEX] = 16, [GS_PF_T_OCT] = 8, [GS_PF_T_BIN] = 2,
};

/* An integer: neg and mag for decimal, bits (the two's complement at the
 * type's width) for x X o b. */
static void pf_int(gs_sink k, bool neg, uint64_t mag, uint64_t bits, uint64_t spec) {
    char buf[72];
    int t = PF_TYPE(spec);
    unsigned base = pf_base[t] ? pf_base[t] : 10;
    size_t n;
    if (t == GS_PF_T_CHAR) {
        buf[0] = (char)(uint8_t)bits;
        pf_padded(k, spec, false, "", 0, buf, 1);
        return;
    }
    if (base != 10) neg = false;
    n = pf_digits(buf, sizeof buf, base == 10 ? mag : bits, base, t == GS_PF_T_UHEX);
    pf_padded(k, spec, true, "-", neg ? 1 : 0, buf, n);
}

static uint64_t pf_mask(uint64_t v, uint64_t spec) {
    int bytes = PF_BYTES(spec);
    return bytes >= 8 || bytes == 0 ? v : v & (((uint64_t)1 << (bytes * 8)) - 1);
}

void gs_pf_i64(gs_sink k, int64_t v, uint64_t spec) {
    if (spec == 0 && k > 0) {
        put_i64(k, v);
        return;
    }
    pf_int(k, v < 0, v < 0 ? 0 - (uint64_t)v : (uint64_t)v, pf_mask((uint64_t)v, spec), spec);
}

void gs_pf_u64(gs_sink k, uint64_t v, uint64_t spec) {
    if (spec == 0 && k > 0) {
        put_u64(k, v);
        return;
    }
    pf_int(k, false, v, v, spec);
}

/* f64: `{}` and `{:?}` as print (%g, every NaN "nan"), a precision alone
 * is fixed point, e f g are C's. NaN and infinities pad with the fill,
 * never with zeros. */
void gs_pf_f64(gs_sink k, double v, uint64_t spec) {
    static const char conv[GS_PF_T_DEBUG + 1] = {
        [GS_PF_T_NONE] = 'g', [GS_PF_T_EXP] = 'e', [GS_PF_T_FIX] = 'f', [GS_PF_T_GEN] = 'g',
        [GS_PF_T_DEBUG] = 'g',
    };
    char buf[1536], f[8];
    int t = PF_TYPE(spec), n;
    bool finite = !isnan(v) && !isinf(v);
    char c = (PF_HAS_PREC(spec) && (t == GS_PF_T_NONE || t == GS_PF_T_DEBUG)) ? 'f' : conv[t];
    if (spec == 0 && k > 0) {
        put_f64(k, v);
        return;
    }
    if (isnan(v)) {
        pf_padded(k, spec & ~((uint64_t)1 << 34), true, "", 0, "nan", 3);
        return;
    }
    if (PF_HAS_PREC(spec)) {
        f[0] = '%'; f[1] = '.'; f[2] = '*'; f[3] = c; f[4] = 0;
        n = snprintf(buf, sizeof buf, f, PF_PREC(spec), v);
    } else {
        f[0] = '%'; f[1] = c; f[2] = 0;
        n = snprintf(buf, sizeof buf, f, v);
    }
    if (n < 0) n = 0;
    if ((size_t)n >= sizeof buf) n = (int)sizeof buf - 1;
    if (!finite) spec &= ~((uint64_t)1 << 34);
    if (buf[0] == '-') pf_padded(k, spec, true, "-", 1, buf + 1, (size_t)n - 1);
    else pf_padded(k, spec, true, "", 0, buf, (size_t)n);
}

void gs_pf_bool(gs_sink k, bool v, uint64_t spec) {
    pf_padded(k, spec, false, "", 0, v ? "true" : "false", v ? 4 : 5);
}

/* The debug form's escape of byte c into e (at most 4 bytes), or 0 when
 * c stands for itself. */
static size_t pf_escape(uint8_t c, char *e) {
    static const char named[32] = {
        [7] = 'a', [8] = 'b', [9] = 't', [10] = 'n', [11] = 'v', [12] = 'f', [13] = 'r',
    };
    e[0] = '\\';
    if (c == '"' || c == '\\') {
        e[1] = (char)c;
        return 2;
    }
    if (c < 32 && named[c]) {
        e[1] = named[c];
        return 2;
    }
    if (c < 32 || c == 0x7f) {
        e[1] = 'x';
        e[2] = "0123456789abcdef"[c >> 4];
        e[3] = "0123456789abcdef"[c & 15];
        return 4;
    }
    return 0;
}

static void pf_quoted(gs_sink k, gs_str v) {
    int64_t n = GS_SLEN(v), i, run = 0;
    char e[4];
    pf_put(k, "\"", 1);
    if (n == 0) {
        pf_put(k, "\"", 1);
        return;
    }
    for (i = 0; i < n; i++) {
        size_t en = pf_escape(v.ptr[i], e);
        if (en == 0) continue;
        pf_put(k, v.ptr + run, (size_t)(i - run));
        pf_put(k, e, en);
        run = i + 1;
    }
    pf_put(k, v.ptr + run, (size_t)(n - run));
    pf_put(k, "\"", 1);
}

void gs_pf_str(gs_sink k, gs_str v, uint64_t spec) {
    if (spec == 0 && k > 0) {
        put_str(k, v);
        return;
    }
    if (PF_TYPE(spec) == GS_PF_T_DEBUG) {
        gs_sink t = gs_pf_open(k, spec);
        pf_quoted(t, v);
        gs_pf_close(k, spec);
        return;
    }
    pf_padded(k, spec, false, "", 0, (const char *)v.ptr, (size_t)GS_SLEN(v));
}

gs_sink gs_pf_open(gs_sink k, uint64_t spec) {
    if (PF_WIDTH(spec) == 0) return k;
    pf_scratch.len = 0;
    return -1;
}

void gs_pf_close(gs_sink k, uint64_t spec) {
    if (PF_WIDTH(spec) == 0) return;
    pf_padded(k, spec, false, "", 0, (const char *)pf_scratch.ptr, (size_t)pf_scratch.len);
}

void gs_pf_take_into(gs_slice_u8 *b) {
    if (pf_fmtbuf.len > 0) pf_buf_append(b, pf_fmtbuf.ptr, (size_t)pf_fmtbuf.len);
    pf_fmtbuf.len = 0;
}

void gs_pf_take_into_builder(void *b) {
    gs_builder *sb = (gs_builder *)b;
    gs_pf_take_into(&sb->buf);
    sb->len = sb->buf.len;
}

/* s may view b's own storage (builder.write(builder.as_string())): then
 * its bytes are copied aside before b can move. */
void gs_u8s_append(gs_slice_u8 *b, gs_str s) {
    size_t n = (size_t)GS_SLEN(s);
    if (n == 0) return;
    bool inside = b->ptr && s.ptr >= b->ptr && s.ptr < b->ptr + GS_CAP(*b);
    if (!inside || (size_t)(GS_CAP(*b) - b->len) >= n) {
        pf_buf_append(b, s.ptr, n);
        return;
    }
    uint8_t *tmp = (uint8_t *)malloc(n);
    if (tmp == NULL) gs_fail_oom(NULL);
    memcpy(tmp, s.ptr, n);
    pf_buf_append(b, tmp, n);
    free(tmp);
}

gs_str gs_pf_take(void) {
    gs_str r = str_own(pf_fmtbuf.ptr, (size_t)pf_fmtbuf.len, NULL, 0);
    pf_fmtbuf.len = 0;
    return r;
}

/* ---- map order: a heap sort of slot indices by key ---- */
typedef struct {
    const uint8_t *slots;
    size_t stride, key_off, key_size;
    int kind;
} pf_keys;

static int64_t pf_key_int(const pf_keys *m, int64_t i, uint64_t *u) {
    const uint8_t *p = m->slots + (size_t)i * m->stride + m->key_off;
    uint8_t b1;
    uint16_t b2;
    uint32_t b4;
    uint64_t b8;
    switch (m->key_size) {
    case 1: memcpy(&b1, p, 1); *u = b1; return (int8_t)b1;
    case 2: memcpy(&b2, p, 2); *u = b2; return (int16_t)b2;
    case 4: memcpy(&b4, p, 4); *u = b4; return (int32_t)b4;
    default: memcpy(&b8, p, 8); *u = b8; return (int64_t)b8;
    }
}

static int pf_key_cmp(const pf_keys *m, int64_t a, int64_t b) {
    uint64_t ua, ub;
    int64_t sa, sb;
    if (m->kind == 't') {
        gs_str x, y;
        memcpy(&x, m->slots + (size_t)a * m->stride + m->key_off, sizeof x);
        memcpy(&y, m->slots + (size_t)b * m->stride + m->key_off, sizeof y);
        return gs_str_cmp(x, y);
    }
    sa = pf_key_int(m, a, &ua);
    sb = pf_key_int(m, b, &ub);
    if (m->kind == 's') return sa < sb ? -1 : (sa > sb ? 1 : 0);
    return ua < ub ? -1 : (ua > ub ? 1 : 0);
}

static void pf_sift(const pf_keys *m, int64_t *ix, int64_t root, int64_t n) {
    for (;;) {
        int64_t c = 2 * root + 1, t;
        if (c >= n) return;
        if (c + 1 < n && pf_key_cmp(m, ix[c], ix[c + 1]) < 0) c++;
        if (pf_key_cmp(m, ix[root], ix[c]) >= 0) return;
        t = ix[root];
        ix[root] = ix[c];
        ix[c] = t;
        root = c;
    }
}

int64_t *gs_pf_map_order(const void *slots, int64_t n, size_t stride, size_t key_off,
                         size_t dist_off, int key_kind, size_t key_size, int64_t *count) {
    pf_keys m;
    int64_t *ix = (int64_t *)malloc(sizeof(int64_t) * (size_t)(n > 0 ? n : 1));
    int64_t c = 0, i, t;
    uint32_t d;
    if (ix == NULL) gs_fail_oom(NULL);
    m.slots = (const uint8_t *)slots;
    m.stride = stride;
    m.key_off = key_off;
    m.key_size = key_size;
    m.kind = key_kind;
    for (i = 0; i < n; i++) {
        memcpy(&d, m.slots + (size_t)i * stride + dist_off, sizeof d);
        if (d != 0) ix[c++] = i;
    }
    for (i = c / 2 - 1; i >= 0; i--) pf_sift(&m, ix, i, c);
    for (i = c - 1; i > 0; i--) {
        t = ix[0];
        ix[0] = ix[i];
        ix[i] = t;
        pf_sift(&m, ix, 0, i);
    }
    *count = c;
    return ix;
}

void gs_pf_map_done(int64_t *ix) { free(ix); }

/* ---- parse_f64 ---- */
static bool pf_word(const uint8_t *p, int64_t n, const char *w) {
    int64_t i;
    if ((int64_t)strlen(w) != n) return false;
    for (i = 0; i < n; i++)
        if ((p[i] | 0x20) != (uint8_t)w[i]) return false;
    return true;
}

static int64_t pf_digit_run(const uint8_t *p, int64_t i, int64_t n) {
    while (i < n && p[i] >= '0' && p[i] <= '9') i++;
    return i;
}

/* Whether p[0..n) is [+-]? (d+ .? d* | . d+) ([eE] [+-]? d+)? */
static bool pf_decimal(const uint8_t *p, int64_t n) {
    int64_t i = 0, j;
    bool digits;
    if (i < n && (p[i] == '+' || p[i] == '-')) i++;
    j = pf_digit_run(p, i, n);
    digits = j > i;
    i = j;
    if (i < n && p[i] == '.') {
        j = pf_digit_run(p, i + 1, n);
        digits |= j > i + 1;
        i = j;
    }
    if (!digits) return false;
    if (i < n && (p[i] == 'e' || p[i] == 'E')) {
        i++;
        if (i < n && (p[i] == '+' || p[i] == '-')) i++;
        j = pf_digit_run(p, i, n);
        if (j == i) return false;
        i = j;
    }
    return i == n;
}

bool gs_parse_f64_to(gs_str s, double *out) {
    bool ok;
    const uint8_t *p = s.ptr;
    int64_t n = GS_SLEN(s), k = 0;
    char small[64], *c, *end;
    if (pf_word(p, n, "nan")) {
        *out = NAN;
        return true;
    }
    if (n > 0 && (p[0] == '+' || p[0] == '-')) k = 1;
    if (pf_word(p + k, n - k, "inf") || pf_word(p + k, n - k, "infinity")) {
        *out = k == 1 && p[0] == '-' ? -HUGE_VAL : HUGE_VAL;
        return true;
    }
    if (!pf_decimal(p, n)) return false;
    c = n < (int64_t)sizeof small ? small : (char *)malloc((size_t)n + 1);
    if (c == NULL) gs_fail_oom(NULL);
    memcpy(c, p, (size_t)n);
    c[n] = 0;
    errno = 0;
    *out = strtod(c, &end);
    ok = end == c + n && !isinf(*out);
    if (c != small) free(c);
    if (!ok) *out = 0;
    return ok;
}
