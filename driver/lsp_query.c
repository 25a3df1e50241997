/* lsp_query.c — one analysis of a document for the language server, run in
 * a child process (lsp_server.c forks it): the real frontend (parse_file,
 * check_program) on the document's text as the editor holds it, with the
 * diagnostics caught by a sink (diag_set_sink) and the checker's name
 * resolutions recorded by xref.h; the answer goes out as the JSON of the
 * LSP result.
 *
 * Completion: the text is analysed with a placeholder name inserted at the
 * cursor when no name has been started there (`p.` alone does not parse);
 * the checker reaches the name or the field after the dot and the
 * candidates are what its scopes hold at that moment (xref_items).
 * Diagnostics: those of the parse alone when it failed, as `goose check`;
 * a document without `fn main` is a library module (or a test file) and is
 * not told that main is missing. A diagnostic in another file (an import)
 * shows at the top of the document with its location in the message.
 * A document in <stdlib>/<name>/ is checked as that module of the standard
 * library: with the other files of its folder (from disk) and the
 * library's rights (its primitives).
 * Queries (definition, hover, completion) run the checker even after a
 * syntax error: the parser's recovery leaves the rest of the file, and a
 * checker that trips over a partial tree costs this child only.
 * Positions: the client's lines and characters (UTF-16 code units unless
 * the client chose UTF-8) are turned into the checker's 1-based lines and
 * byte columns and back.
 * Not for: the protocol or the documents (lsp_server.c). */
#define _GNU_SOURCE
#include "lsp.h"
#include "xref.h"

#include <dirent.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* A name that cannot clash with one the user wrote. */
#define LSPQ_PLACEHOLDER "__goose_lsp_complete"

/* ---- positions ---- */
/* The start of 1-based line `line` in [text, end), or NULL. */
static const char *lspq_line(const char *text, const char *end, int line)
{
    const char *p = text;
    for (int l = 1; l < line; l++) {
        p = memchr(p, '\n', (size_t)(end - p));
        if (!p)
            return NULL;
        p++;
    }
    return p;
}

static const char *lspq_line_end(const char *p, const char *end)
{
    const char *e = memchr(p, '\n', (size_t)(end - p));
    return e ? e : end;
}

/* The code units of the client for the bytes [p, q) of one line. */
static int lspq_units(const char *p, const char *q, bool utf8)
{
    if (utf8)
        return (int)(q - p);
    int n = 0;
    while (p < q) {
        int k = utf8_len((const unsigned char *)p, (const unsigned char *)q);
        n += k == 4 ? 2 : 1;
        p += k ? k : 1;
    }
    return n;
}

/* The byte offset in the line [p, e) of the client's character `units`. */
static int lspq_byte(const char *p, const char *e, int units, bool utf8)
{
    const char *s = p;
    while (p < e && units > 0) {
        int k = utf8_len((const unsigned char *)p, (const unsigned char *)e);
        units -= !utf8 && k == 4 ? 2 : utf8 && k ? k : 1;
        p += k ? k : 1;
    }
    return (int)(p - s);
}

static bool lspq_word(char c)
{
    return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

/* {"line":L,"character":C} for a checker location in file f: line and
 * byte column 1-based; cols past the line's end are clamped. */
static void lspq_put_pos(StrBuf *b, const SrcFile *f, int line, int col, bool utf8)
{
    int units = 0;
    const char *end = f->text + f->len, *p = line > 0 ? lspq_line(f->text, end, line) : NULL;
    if (p) {
        const char *e = lspq_line_end(p, end);
        const char *q = col > 1 && col - 1 <= e - p ? p + col - 1 : col > 1 ? e : p;
        units = lspq_units(p, q, utf8);
    }
    sb_printf(b, "{\"line\":%d,\"character\":%d}", line > 0 ? line - 1 : 0, units);
}

/* The range of len bytes at loc (len 0: the word there, else one byte). */
static void lspq_put_range(StrBuf *b, Loc loc, int len, bool utf8)
{
    const SrcFile *f = src_get(loc.file);
    if (!f || loc.line <= 0) {
        sb_puts(b, "{\"start\":{\"line\":0,\"character\":0},\"end\":{\"line\":0,\"character\":0}}");
        return;
    }
    if (len == 0) {
        const char *end = f->text + f->len, *p = lspq_line(f->text, end, loc.line);
        const char *e = p ? lspq_line_end(p, end) : NULL;
        const char *s = p && loc.col >= 1 && loc.col - 1 <= e - p ? p + loc.col - 1 : NULL;
        while (s && s + len < e && lspq_word(s[len]))
            len++;
        len = len ? len : 1;
    }
    sb_puts(b, "{\"start\":");
    lspq_put_pos(b, f, loc.line, loc.col, utf8);
    sb_puts(b, ",\"end\":");
    lspq_put_pos(b, f, loc.line, loc.col + len, utf8);
    sb_putc(b, '}');
}

/* file:// URI of a source file (the document's own as the client spelled it). */
static void lspq_put_uri(StrBuf *b, const LspQuery *q, const char *path)
{
    if (strcmp(path, q->path) == 0) {
        json_put_cstr(b, q->uri);
        return;
    }
    char *abs = realpath(path, NULL);
    StrBuf u = { 0 };
    sb_puts(&u, "file://");
    for (const char *p = abs ? abs : path; *p; p++) {
        unsigned char c = (unsigned char)*p;
        if (lspq_word((char)c) || strchr("/.-~", c))
            sb_putc(&u, (char)c);
        else
            sb_printf(&u, "%%%02X", c);
    }
    free(abs);
    json_put_str(b, u.data, u.len);
    sb_free(&u);
}

/* ---- diagnostics ---- */
typedef struct LspqDiag {
    Loc loc;
    const char *kind, *msg;
} LspqDiag;

static Vec lspq_diags;

static void lspq_sink(Loc loc, const char *kind, const char *msg)
{
    LspqDiag *d = NEW(LspqDiag);
    *d = (LspqDiag){ loc, mem_strndup(g_arena, kind, strlen(kind)), mem_strndup(g_arena, msg, strlen(msg)) };
    vec_push(&lspq_diags, d);
}

static const struct { const char *kind; int severity; } lspq_severities[] = {
    { "error", 1 }, { "warning", 2 }, { "note", 3 }, { "hint", 4 },
};

static int lspq_severity(const char *kind)
{
    for (size_t i = 0; i < sizeof lspq_severities / sizeof lspq_severities[0]; i++)
        if (strcmp(kind, lspq_severities[i].kind) == 0)
            return lspq_severities[i].severity;
    return 3;
}

static bool lspq_has_main(const Module *m)
{
    for (int i = 0; i < m->ndecls; i++)
        if (m->decls[i]->kind == D_FN && !m->decls[i]->fn.recv && strcmp(m->decls[i]->name, "main") == 0)
            return true;
    return false;
}

static void lspq_put_diag(StrBuf *b, const LspQuery *q, const LspqDiag *d, int root)
{
    const SrcFile *f = src_get(d->loc.file);
    bool here = f && d->loc.file == root;
    sb_puts(b, "{\"range\":");
    lspq_put_range(b, here ? d->loc : (Loc){ root, 1, 1 }, here ? 0 : 1, q->utf8);
    sb_printf(b, ",\"severity\":%d,\"source\":\"goose\",\"message\":", lspq_severity(d->kind));
    const char *msg = here || !f ? d->msg : mem_printf(g_arena, "%s:%d:%d: %s", f->path, d->loc.line, d->loc.col, d->msg);
    json_put_cstr(b, msg);
    sb_putc(b, '}');
}

static void lspq_diagnostics(StrBuf *b, const LspQuery *q, const Module *m, int root)
{
    bool lib = !lspq_has_main(m);
    int n = 0;
    sb_putc(b, '[');
    for (int i = 0; i < lspq_diags.len; i++) {
        const LspqDiag *d = lspq_diags.items[i];
        if (lib && strncmp(d->msg, "missing fn main", 15) == 0)
            continue;
        if (n++)
            sb_putc(b, ',');
        lspq_put_diag(b, q, d, root);
    }
    sb_putc(b, ']');
}

/* ---- names ---- */
/* The use at (line, col) of the root file: one that holds the column,
 * else one that ends right before it (the cursor after a name). */
static const XrefUse *lspq_use_at(int root, int line, int col)
{
    int n;
    const XrefUse *u = xref_uses(&n), *after = NULL;
    for (int i = 0; i < n; i++) {
        if (u[i].at.file != root || u[i].at.line != line || col < u[i].at.col || col > u[i].at.col + u[i].len)
            continue;
        if (col < u[i].at.col + u[i].len)
            return &u[i];
        after = after ? after : &u[i];
    }
    return after;
}

static void lspq_definition(StrBuf *b, const LspQuery *q, const XrefUse *u)
{
    const SrcFile *f = u ? src_get(u->decl.file) : NULL;
    if (!f || u->decl.line <= 0) {
        sb_puts(b, "null");
        return;
    }
    sb_puts(b, "{\"uri\":");
    lspq_put_uri(b, q, f->path);
    sb_puts(b, ",\"range\":");
    lspq_put_range(b, u->decl, u->len, q->utf8);
    sb_putc(b, '}');
}

static void lspq_hover(StrBuf *b, const LspQuery *q, const XrefUse *u)
{
    if (!u || !u->detail || !*u->detail) {
        sb_puts(b, "null");
        return;
    }
    sb_puts(b, "{\"contents\":{\"kind\":\"markdown\",\"value\":");
    json_put_cstr(b, mem_printf(g_arena, "```goose\n%s\n```", u->detail));
    sb_puts(b, "},\"range\":");
    lspq_put_range(b, u->at, u->len, q->utf8);
    sb_putc(b, '}');
}

/* CompletionItemKind of the protocol, per XrefKind. */
static const int lspq_item_kind[XR__COUNT] = {
    [XR_LOCAL] = 6, [XR_PARAM] = 6, [XR_GLOBAL] = 6, [XR_CONST] = 21, [XR_FN] = 3, [XR_METHOD] = 2,
    [XR_STRUCT] = 22, [XR_ENUM] = 13, [XR_FIELD] = 5, [XR_VARIANT] = 20, [XR_MODULE] = 9, [XR_BUILTIN] = 3,
    [XR_KEYWORD] = 14,
};

/* The order an editor lists candidates in before the user types more:
 * locals first, then members, the module's names, builtins, keywords. */
static const char lspq_item_rank[XR__COUNT] = {
    [XR_LOCAL] = '0', [XR_PARAM] = '0', [XR_FIELD] = '1', [XR_METHOD] = '1', [XR_VARIANT] = '1',
    [XR_GLOBAL] = '2', [XR_CONST] = '2', [XR_FN] = '2', [XR_STRUCT] = '2', [XR_ENUM] = '2',
    [XR_MODULE] = '2', [XR_BUILTIN] = '3', [XR_KEYWORD] = '4',
};

static void lspq_completion(StrBuf *b)
{
    int n;
    bool member;
    const XrefItem *it = xref_items(&n, &member);
    sb_puts(b, "{\"isIncomplete\":false,\"items\":[");
    for (int i = 0; i < n; i++) {
        if (i)
            sb_putc(b, ',');
        sb_puts(b, "{\"label\":");
        json_put_cstr(b, it[i].name);
        sb_printf(b, ",\"kind\":%d,\"sortText\":", lspq_item_kind[it[i].kind]);
        json_put_cstr(b, mem_printf(g_arena, "%c%s", lspq_item_rank[it[i].kind], it[i].name));
        sb_puts(b, ",\"detail\":");
        json_put_cstr(b, it[i].detail);
        sb_putc(b, '}');
    }
    sb_puts(b, "]}");
}

/* ---- the analysis ---- */
typedef struct LspqText {
    const char *text;
    size_t len;
    int line, col;          /* the cursor: 1-based line, byte column */
    Loc probe;              /* the name completed (file set once loaded) */
} LspqText;

/* The cursor in checker terms; for a completion, the text with the
 * placeholder when no name is started and the probe at the name's start. */
static LspqText lspq_text(const LspQuery *q)
{
    LspqText t = { q->text, q->len, q->line + 1, 1, { 0 } };
    const char *end = q->text + q->len, *p = lspq_line(q->text, end, t.line);
    if (!p)
        return t;
    const char *e = lspq_line_end(p, end);
    int at = lspq_byte(p, e, q->character, q->utf8);
    t.col = at + 1;
    if (q->kind != LQ_COMPLETION)
        return t;
    int start = at;
    while (start > 0 && lspq_word(p[start - 1]))
        start--;
    t.probe = (Loc){ 0, t.line, start + 1 };
    if (start < at)
        return t;
    size_t off = (size_t)(p - q->text) + (size_t)at, pl = strlen(LSPQ_PLACEHOLDER);
    char *s = mem_alloc(g_arena, q->len + pl + 1);
    memcpy(s, q->text, off);
    memcpy(s + off, LSPQ_PLACEHOLDER, pl);
    memcpy(s + off + pl, q->text + off, q->len - off);
    t.text = s;
    t.len = q->len + pl;
    return t;
}

/* ---- a file of the standard library ---- */
/* The module a document in <stdlib>/<name>/ belongs to, else NULL. */
static const char *lspq_stdlib_module(const LspQuery *q)
{
    const char *slash = strrchr(q->path, '/');
    char *lib = realpath(q->stdlib_dir, NULL);
    char *dir = slash ? realpath(mem_strndup(g_arena, q->path, (size_t)(slash - q->path)), NULL) : NULL;
    const char *up = dir ? strrchr(dir, '/') : NULL;
    const char *name = NULL;
    if (lib && up && (size_t)(up - dir) == strlen(lib) && strncmp(dir, lib, strlen(lib)) == 0)
        name = intern_cstr(up + 1);
    free(lib);
    free(dir);
    return name;
}

static int lspq_strcmp(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* The other *.gs files of the document's folder, parsed from disk into m
 * after the document (a module of the standard library is its folder);
 * false when one has syntax errors. */
static bool lspq_add_siblings(Module *m, const char *path)
{
    const char *slash = strrchr(path, '/');
    const char *dir = mem_strndup(g_arena, path, (size_t)(slash - path));
    DIR *d = opendir(dir);
    Vec names = { 0 };
    for (struct dirent *e; d && (e = readdir(d));) {
        size_t n = strlen(e->d_name);
        if (n > 3 && strcmp(e->d_name + n - 3, ".gs") == 0 && strcmp(e->d_name, slash + 1) != 0)
            vec_push(&names, mem_printf(g_arena, "%s/%s", dir, e->d_name));
    }
    if (d)
        closedir(d);
    if (names.len > 1)
        qsort(names.items, (size_t)names.len, sizeof(void *), lspq_strcmp);
    bool ok = true;
    for (int i = 0; i < names.len; i++) {
        SrcFile *src = src_load(names.items[i]);
        Module part = *m;
        if (!src || !parse_file(src, &part)) {
            ok = false;
            continue;
        }
        Decl **all = NEW_ARRAY(Decl *, m->ndecls + part.ndecls);
        memcpy(all, m->decls, sizeof(Decl *) * (size_t)m->ndecls);
        memcpy(all + m->ndecls, part.decls, sizeof(Decl *) * (size_t)part.ndecls);
        m->decls = all;
        m->ndecls += part.ndecls;
    }
    return ok;
}

void lspq_run(const LspQuery *q, StrBuf *out)
{
    LspqText t = lspq_text(q);
    SrcFile *src = src_from_text(q->path, t.text, t.len);
    const char *lib = lspq_stdlib_module(q);
    Module *m = NEW(Module);
    m->name = lib ? lib : intern_cstr("main");
    m->is_stdlib = lib != NULL;
    diag_set_sink(lspq_sink);
    if (q->kind != LQ_DIAGNOSTICS)
        xref_start((Loc){ src->id, t.probe.line, t.probe.col });
    bool parsed = parse_file(src, m);
    if (lib)
        parsed &= lspq_add_siblings(m, q->path);
    Program prog = { 0 };
    if (parsed || q->kind != LQ_DIAGNOSTICS)
        check_program(m, q->stdlib_dir, &prog);
    switch (q->kind) {
    case LQ_DIAGNOSTICS: lspq_diagnostics(out, q, m, src->id); break;
    case LQ_DEFINITION: lspq_definition(out, q, lspq_use_at(src->id, t.line, t.col)); break;
    case LQ_HOVER: lspq_hover(out, q, lspq_use_at(src->id, t.line, t.col)); break;
    case LQ_COMPLETION: lspq_completion(out); break;
    }
}
