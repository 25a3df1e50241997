/* gs_std.c — the library primitives behind the standard library modules
 * strings and os (the GS_RT_PRIMS table of the compiler's ast.h; math's
 * are libm calls written in place), and the builtin read_file, which
 * shares os.read_file's reader. Results that own their bytes have
 * GS_OWN_BIT set; failures come back as a message, never as a runtime
 * error (docs/stdlib.md).
 * Not for: the builtins' runtime (goose_rt.c). */
#define _GNU_SOURCE /* memmem, memrchr */
#include "goose_rt.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

/* ---- strings ---- */

#if defined(__SSE2__) && !defined(__TINYC__)
#include <emmintrin.h>
/* memmem's answer for a needle t of m >= 2 bytes, found faster: 16
 * positions at a time are tested for t's first and last byte (SSE2), and
 * only where both agree are the bytes between compared. Once the
 * comparisons outgrow twice the bytes scanned plus 4 KiB (a text made to
 * look like the needle), the rest goes to memmem, which stays linear. */
static const uint8_t *std_find(const uint8_t *s, size_t n, const uint8_t *t, size_t m)
{
    const __m128i first = _mm_set1_epi8((char)t[0]);
    const __m128i last = _mm_set1_epi8((char)t[m - 1]);
    size_t i = 0, work = 0;
    for (; i + m + 15 <= n; i += 16) {
        if (work > 2 * i + 4096)
            break;
        __m128i a = _mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(s + i)), first);
        __m128i b = _mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(s + i + m - 1)), last);
        unsigned mask = (unsigned)_mm_movemask_epi8(_mm_and_si128(a, b));
        while (mask) {
            unsigned k = (unsigned)__builtin_ctz(mask);
            if (memcmp(s + i + k + 1, t + 1, m - 2) == 0)
                return s + i + k;
            work += m;
            mask &= mask - 1;
        }
    }
    return memmem(s + i, n - i, t, m);
}
#else
static const uint8_t *std_find(const uint8_t *s, size_t n, const uint8_t *t, size_t m)
{
    return memmem(s, n, t, m);
}
#endif

int64_t gs_str_index(gs_str s, gs_str sub)
{
    size_t n = (size_t)GS_SLEN(s), m = (size_t)GS_SLEN(sub);
    if (m == 0)
        return 0;
    if (m == 1)
        return gs_str_index_byte(s, sub.ptr[0]);
    const uint8_t *p = m <= n ? std_find(s.ptr, n, sub.ptr, m) : NULL;
    return p ? (int64_t)(p - s.ptr) : -1;
}

int64_t gs_str_last_index(gs_str s, gs_str sub)
{
    int64_t n = GS_SLEN(s), m = GS_SLEN(sub);
    if (m == 0)
        return n;
    for (int64_t i = n - m; i >= 0; i--) {
        const uint8_t *p = memrchr(s.ptr, sub.ptr[0], (size_t)i + 1);
        if (!p)
            return -1;
        i = p - s.ptr;
        if (memcmp(p, sub.ptr, (size_t)m) == 0)
            return i;
    }
    return -1;
}

int64_t gs_str_index_byte(gs_str s, uint8_t c)
{
    size_t n = (size_t)GS_SLEN(s);
    const uint8_t *p = n ? memchr(s.ptr, c, n) : NULL;
    return p ? (int64_t)(p - s.ptr) : -1;
}

/* The first i with s[i] one of a's bytes and s[i + 1] one of b's, or -1
 * (the regex module's skip to a possible start of a match: its first two
 * bytes). With SSE2 and sets of at most 8 bytes, 16 positions at a time. */
int64_t gs_str_index_pair(gs_str s, gs_str a, gs_str b)
{
    int64_t n = GS_SLEN(s), na = GS_SLEN(a), nb = GS_SLEN(b), i = 0;
    const uint8_t *p = s.ptr;
    if (na == 0 || nb == 0)
        return -1;
#if defined(__SSE2__) && !defined(__TINYC__)
    if (na <= 8 && nb <= 8) {
        __m128i va[8], vb[8];
        for (int64_t k = 0; k < na; k++)
            va[k] = _mm_set1_epi8((char)a.ptr[k]);
        for (int64_t k = 0; k < nb; k++)
            vb[k] = _mm_set1_epi8((char)b.ptr[k]);
        for (; i + 17 <= n; i += 16) {
            __m128i x = _mm_loadu_si128((const __m128i *)(p + i));
            __m128i y = _mm_loadu_si128((const __m128i *)(p + i + 1));
            __m128i ma = _mm_cmpeq_epi8(x, va[0]), mb = _mm_cmpeq_epi8(y, vb[0]);
            for (int64_t k = 1; k < na; k++)
                ma = _mm_or_si128(ma, _mm_cmpeq_epi8(x, va[k]));
            for (int64_t k = 1; k < nb; k++)
                mb = _mm_or_si128(mb, _mm_cmpeq_epi8(y, vb[k]));
            unsigned m = (unsigned)_mm_movemask_epi8(_mm_and_si128(ma, mb));
            if (m)
                return i + __builtin_ctz(m);
        }
    }
#endif
    for (; i + 1 < n; i++)
        if (memchr(a.ptr, p[i], (size_t)na) && memchr(b.ptr, p[i + 1], (size_t)nb))
            return i;
    return -1;
}

/* ---- owned strings and messages ---- */

static gs_str std_own(const void *p, size_t n)
{
    uint8_t *b = (uint8_t *)gs_alloc_uninit(n ? n : 1);
    if (n)
        memcpy(b, p, n);
    gs_str r = { b, (int64_t)n | GS_OWN_BIT | gs_tag_of(b) };
    return r;
}

static gs_str std_empty(void)
{
    gs_str r = { NULL, 0 };
    return r;
}

/* "<op> <path>: <reason>" for the errno of a failed call. */
static gs_str std_error(const char *op, gs_str path, int err)
{
    const char *why = strerror(err);
    size_t n = strlen(op) + (size_t)GS_SLEN(path) + strlen(why) + 4;
    char *b = (char *)malloc(n + 1);
    if (!b)
        gs_fail_oom(NULL);
    int k = snprintf(b, n + 1, "%s %.*s: %s", op, (int)GS_SLEN(path), (const char *)path.ptr, why);
    gs_str r = std_own(b, (size_t)k);
    free(b);
    return r;
}

/* The path as a C string (malloc'd), or NULL when it holds a NUL byte. */
static char *std_cpath(gs_str path)
{
    size_t n = (size_t)GS_SLEN(path);
    if (n && memchr(path.ptr, 0, n))
        return NULL;
    char *c = (char *)malloc(n + 1);
    if (!c)
        gs_fail_oom(NULL);
    if (n)
        memcpy(c, path.ptr, n);
    c[n] = 0;
    return c;
}

/* The whole of f into an owned string; false on a read error. */
static bool std_slurp(FILE *f, gs_str *out)
{
    size_t len = 0, cap = 4096;
    uint8_t *buf = (uint8_t *)gs_alloc_uninit(cap);
    for (;;) {
        len += fread(buf + len, 1, cap - len, f);
        if (len < cap)
            break;
        if (cap > (size_t)GS_LEN_MASK / 2)
            gs_fail_oom(NULL);
        cap *= 2;
        buf = (uint8_t *)gs_realloc(buf, cap);
    }
    if (ferror(f)) {
        gs_free(buf);
        return false;
    }
    out->ptr = buf;
    out->len = (int64_t)len | GS_OWN_BIT | gs_tag_of(buf);
    return true;
}

/* ---- files ---- */

gs_str gs_os_read_file(gs_str path, gs_str *err)
{
    gs_str r = std_empty();
    *err = std_empty();
    char *c = std_cpath(path);
    if (!c) {
        *err = std_error("open", path, EINVAL);
        return r;
    }
    FILE *f = fopen(c, "rb");
    free(c);
    if (!f) {
        *err = std_error("open", path, errno);
        return r;
    }
    struct stat st;
    if (fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
        fclose(f);
        *err = std_error("read", path, EISDIR);
        return r;
    }
    if (!std_slurp(f, &r))
        *err = std_error("read", path, errno ? errno : EIO);
    fclose(f);
    return r;
}

/* The builtin read_file: the same reader, none on any failure. */
gs_opt_str gs_read_file(gs_str path)
{
    gs_str err;
    gs_opt_str r = { false, { NULL, 0 } };
    gs_str data = gs_os_read_file(path, &err);
    if (err.ptr) {
        gs_free((void *)err.ptr);
        return r;
    }
    r.has = true;
    r.val = data;
    return r;
}

gs_str gs_os_write_file(gs_str path, gs_str data, bool append)
{
    char *c = std_cpath(path);
    if (!c)
        return std_error("open", path, EINVAL);
    FILE *f = fopen(c, append ? "ab" : "wb");
    free(c);
    if (!f)
        return std_error("open", path, errno);
    size_t n = (size_t)GS_SLEN(data);
    bool ok = fwrite(data.ptr, 1, n, f) == n;
    int e = errno;
    if (fclose(f) != 0 && ok) {
        ok = false;
        e = errno;
    }
    return ok ? std_empty() : std_error("write", path, e ? e : EIO);
}

gs_str gs_os_remove(gs_str path)
{
    char *c = std_cpath(path);
    if (!c)
        return std_error("remove", path, EINVAL);
    int r = remove(c);
    int e = errno;
    free(c);
    return r == 0 ? std_empty() : std_error("remove", path, e);
}

bool gs_os_exists(gs_str path)
{
    char *c = std_cpath(path);
    if (!c)
        return false;
    struct stat st;
    bool r = stat(c, &st) == 0;
    free(c);
    return r;
}

/* ---- stdin and the environment ---- */

gs_opt_str gs_os_read_line(void)
{
    gs_opt_str r = { false, { NULL, 0 } };
    gs_flush();
    size_t len = 0, cap = 128;
    uint8_t *buf = NULL;
    int ch;
    while ((ch = getchar()) != EOF) {
        if (!buf)
            buf = (uint8_t *)gs_alloc_uninit(cap);
        if (ch == '\n')
            break;
        if (len == cap) {
            cap *= 2;
            buf = (uint8_t *)gs_realloc(buf, cap);
        }
        buf[len++] = (uint8_t)ch;
    }
    if (!buf)
        return r;
    if (len > 0 && buf[len - 1] == '\r')
        len--;
    r.has = true;
    r.val.ptr = buf;
    r.val.len = (int64_t)len | GS_OWN_BIT | gs_tag_of(buf);
    return r;
}

gs_str gs_os_read_all_stdin(void)
{
    gs_flush();
    gs_str r = std_empty();
    if (!std_slurp(stdin, &r))
        r = std_own("", 0);
    return r;
}

gs_opt_str gs_os_getenv(gs_str name)
{
    gs_opt_str r = { false, { NULL, 0 } };
    char *c = std_cpath(name);
    if (!c)
        return r;
    const char *v = getenv(c);
    free(c);
    if (v) {
        r.has = true;
        r.val = std_own(v, strlen(v));
    }
    return r;
}
