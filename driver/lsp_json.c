/* lsp_json.c — a minimal JSON reader and writer for the language server's
 * messages (RFC 8259): values into an arena, strings decoded to UTF-8
 * (\u escapes and surrogate pairs included; a lone surrogate becomes
 * U+FFFD), numbers as doubles. Bounded: nesting deeper than JSON_MAX_DEPTH
 * is refused, so no input can exhaust the stack.
 * Not for: JSON of Goose programs (stdlib/json.gs). */
#include "lsp.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { JSON_MAX_DEPTH = 256 };

typedef struct JsonReader {
    Arena *a;
    const char *p, *end;
    int depth;
    bool bad;
} JsonReader;

static Json *jr_value(JsonReader *r);

static void jr_space(JsonReader *r)
{
    while (r->p < r->end && (*r->p == ' ' || *r->p == '\t' || *r->p == '\n' || *r->p == '\r'))
        r->p++;
}

static Json *jr_fail(JsonReader *r)
{
    r->bad = true;
    return NULL;
}

static Json *jr_new(JsonReader *r, JsonKind k)
{
    Json *v = mem_alloc(r->a, sizeof *v);
    v->kind = k;
    return v;
}

static bool jr_word(JsonReader *r, const char *w)
{
    size_t n = strlen(w);
    if ((size_t)(r->end - r->p) < n || memcmp(r->p, w, n) != 0)
        return false;
    r->p += n;
    return true;
}

static int jr_hex4(JsonReader *r)
{
    if (r->end - r->p < 4)
        return -1;
    int v = 0;
    for (int i = 0; i < 4; i++) {
        char c = *r->p++;
        int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10
              : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
        if (d < 0)
            return -1;
        v = v * 16 + d;
    }
    return v;
}

static void jr_utf8(StrBuf *b, unsigned cp)
{
    if (cp < 0x80) {
        sb_putc(b, (char)cp);
    } else if (cp < 0x800) {
        sb_putc(b, (char)(0xC0 | cp >> 6));
        sb_putc(b, (char)(0x80 | (cp & 0x3F)));
    } else if (cp < 0x10000) {
        sb_putc(b, (char)(0xE0 | cp >> 12));
        sb_putc(b, (char)(0x80 | ((cp >> 6) & 0x3F)));
        sb_putc(b, (char)(0x80 | (cp & 0x3F)));
    } else {
        sb_putc(b, (char)(0xF0 | cp >> 18));
        sb_putc(b, (char)(0x80 | ((cp >> 12) & 0x3F)));
        sb_putc(b, (char)(0x80 | ((cp >> 6) & 0x3F)));
        sb_putc(b, (char)(0x80 | (cp & 0x3F)));
    }
}

/* \uXXXX after the backslash and u: one code point, pairs joined. */
static bool jr_unicode(JsonReader *r, StrBuf *b)
{
    int hi = jr_hex4(r);
    if (hi < 0)
        return false;
    unsigned cp = (unsigned)hi;
    if (hi >= 0xD800 && hi < 0xDC00 && r->end - r->p >= 6 && r->p[0] == '\\' && r->p[1] == 'u') {
        const char *save = r->p;
        r->p += 2;
        int lo = jr_hex4(r);
        if (lo >= 0xDC00 && lo < 0xE000)
            cp = 0x10000 + (((unsigned)hi - 0xD800) << 10) + ((unsigned)lo - 0xDC00);
        else
            r->p = save;
    }
    jr_utf8(b, cp >= 0xD800 && cp < 0xE000 ? 0xFFFD : cp);
    return true;
}

static bool jr_escape(JsonReader *r, StrBuf *b)
{
    static const char from[] = "\"\\/bfnrt", to[] = "\"\\/\b\f\n\r\t";
    if (r->p >= r->end)
        return false;
    char c = *r->p++;
    if (c == 'u')
        return jr_unicode(r, b);
    const char *k = strchr(from, c);
    if (!k || !c)
        return false;
    sb_putc(b, to[k - from]);
    return true;
}

/* A string after its opening quote: decoded into the arena. */
static const char *jr_string(JsonReader *r, size_t *len)
{
    StrBuf b = { 0 };
    bool ok = false;
    while (r->p < r->end) {
        char c = *r->p++;
        if (c == '"') {
            ok = true;
            break;
        }
        if ((unsigned char)c < 0x20 || (c == '\\' && !jr_escape(r, &b)))
            break;
        if (c != '\\')
            sb_putc(&b, c);
    }
    const char *s = ok ? mem_strndup(r->a, b.data ? b.data : "", b.len) : NULL;
    *len = b.len;
    sb_free(&b);
    if (!ok)
        r->bad = true;
    return s;
}

static Json *jr_number(JsonReader *r)
{
    char buf[64];
    size_t n = 0;
    while (r->p < r->end && n < sizeof buf - 1 && strchr("+-0123456789.eE", *r->p))
        buf[n++] = *r->p++;
    buf[n] = 0;
    char *stop;
    double d = strtod(buf, &stop);
    if (n == 0 || *stop)
        return jr_fail(r);
    Json *v = jr_new(r, JS_NUM);
    v->num = d;
    return v;
}

/* Elements of an array or members of an object, after the opening bracket. */
static Json *jr_list(JsonReader *r, bool object)
{
    Json *v = jr_new(r, object ? JS_OBJ : JS_ARR);
    int cap = 0, kcap = 0;
    char close = object ? '}' : ']';
    jr_space(r);
    if (r->p < r->end && *r->p == close) {
        r->p++;
        return v;
    }
    for (;;) {
        const char *key = NULL;
        if (object) {
            jr_space(r);
            size_t kn;
            if (r->p >= r->end || *r->p++ != '"' || !(key = jr_string(r, &kn)))
                return jr_fail(r);
            jr_space(r);
            if (r->p >= r->end || *r->p++ != ':')
                return jr_fail(r);
        }
        Json *item = jr_value(r);
        if (!item)
            return jr_fail(r);
        v->items = mem_grow(r->a, v->items, &cap, v->n, sizeof *v->items);
        if (object) {
            v->keys = mem_grow(r->a, v->keys, &kcap, v->n, sizeof *v->keys);
            v->keys[v->n] = key;
        }
        v->items[v->n++] = item;
        jr_space(r);
        if (r->p < r->end && *r->p == ',') {
            r->p++;
            continue;
        }
        if (r->p < r->end && *r->p == close) {
            r->p++;
            return v;
        }
        return jr_fail(r);
    }
}

static Json *jr_value(JsonReader *r)
{
    jr_space(r);
    if (r->p >= r->end || r->bad || r->depth >= JSON_MAX_DEPTH)
        return jr_fail(r);
    char c = *r->p;
    Json *v = NULL;
    if (c == '{' || c == '[') {
        r->p++;
        r->depth++;
        v = jr_list(r, c == '{');
        r->depth--;
    } else if (c == '"') {
        r->p++;
        v = jr_new(r, JS_STR);
        v->str = jr_string(r, &v->slen);
    } else if (jr_word(r, "true") || jr_word(r, "false")) {
        v = jr_new(r, JS_BOOL);
        v->b = c == 't';
    } else if (jr_word(r, "null")) {
        v = jr_new(r, JS_NULL);
    } else {
        v = jr_number(r);
    }
    return r->bad ? NULL : v;
}

Json *json_parse(Arena *a, const char *text, size_t len)
{
    JsonReader r = { a, text, text + len, 0, false };
    Json *v = jr_value(&r);
    jr_space(&r);
    return v && !r.bad && r.p == r.end ? v : NULL;
}

/* ---- access ---- */
const Json *json_get(const Json *obj, const char *key)
{
    if (!obj || obj->kind != JS_OBJ)
        return NULL;
    for (int i = 0; i < obj->n; i++)
        if (strcmp(obj->keys[i], key) == 0)
            return obj->items[i];
    return NULL;
}

const Json *json_path(const Json *v, const char *dotted)
{
    char key[64];
    while (v && *dotted) {
        size_t n = strcspn(dotted, ".");
        if (n >= sizeof key)
            return NULL;
        memcpy(key, dotted, n);
        key[n] = 0;
        v = json_get(v, key);
        dotted += n + (dotted[n] == '.');
    }
    return v;
}

const char *json_str(const Json *v) { return v && v->kind == JS_STR ? v->str : NULL; }

bool json_int(const Json *v, int64_t *out)
{
    if (!v || v->kind != JS_NUM || v->num != v->num || v->num < -9e15 || v->num > 9e15
        || v->num != (double)(int64_t)v->num)
        return false;
    *out = (int64_t)v->num;
    return true;
}

/* ---- writing ---- */
/* One character at s of 2..4 bytes, or U+FFFD for a malformed byte (the
 * protocol is UTF-8 throughout); the bytes it took. */
static int json_put_utf8(StrBuf *b, const char *s, const char *end)
{
    int n = utf8_len((const unsigned char *)s, (const unsigned char *)end);
    if (n == 0) {
        sb_puts(b, "\\ufffd");
        return 1;
    }
    sb_putn(b, s, (size_t)n);
    return n;
}

void json_put_str(StrBuf *b, const char *s, size_t n)
{
    sb_putc(b, '"');
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == '"' || c == '\\')
            sb_printf(b, "\\%c", c);
        else if (c == '\n')
            sb_puts(b, "\\n");
        else if (c == '\t')
            sb_puts(b, "\\t");
        else if (c < 0x20 || c == 0x7f)
            sb_printf(b, "\\u%04x", c);
        else if (c < 0x80)
            sb_putc(b, (char)c);
        else
            i += json_put_utf8(b, s + i, s + n) - 1;
    }
    sb_putc(b, '"');
}

void json_put_cstr(StrBuf *b, const char *s) { json_put_str(b, s ? s : "", s ? strlen(s) : 0); }

void json_put(StrBuf *b, const Json *v)
{
    if (!v) {
        sb_puts(b, "null");
        return;
    }
    switch (v->kind) {
    case JS_NULL: sb_puts(b, "null"); break;
    case JS_BOOL: sb_puts(b, v->b ? "true" : "false"); break;
    case JS_NUM: sb_printf(b, "%.17g", v->num); break;
    case JS_STR: json_put_str(b, v->str, v->slen); break;
    case JS_ARR:
    case JS_OBJ:
        sb_putc(b, v->kind == JS_ARR ? '[' : '{');
        for (int i = 0; i < v->n; i++) {
            if (i)
                sb_putc(b, ',');
            if (v->kind == JS_OBJ) {
                json_put_cstr(b, v->keys[i]);
                sb_putc(b, ':');
            }
            json_put(b, v->items[i]);
        }
        sb_putc(b, v->kind == JS_ARR ? ']' : '}');
        break;
    }
}
