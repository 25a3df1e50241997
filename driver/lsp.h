/* lsp.h — what the language server's files share (`goose lsp`):
 *   lsp_json.c   a minimal JSON reader and writer (json_)
 *   lsp_server.c the protocol: framing, requests, documents (lsp_)
 *   lsp_query.c  one analysis in a child process: the real frontend on the
 *                document's text, the answer as JSON (lspq_)
 * Not for: anything the compiler needs (stages never include this). */
#ifndef GOOSE_LSP_H
#define GOOSE_LSP_H

#include "util.h"

/* ---- JSON values (json_), allocated in an arena ---- */
typedef enum JsonKind { JS_NULL, JS_BOOL, JS_NUM, JS_STR, JS_ARR, JS_OBJ } JsonKind;

typedef struct Json {
    JsonKind kind;
    bool b;
    double num;
    const char *str;            /* JS_STR: UTF-8, NUL-terminated (may hold NULs: slen) */
    size_t slen;
    struct Json **items;        /* JS_ARR elements, JS_OBJ values */
    const char **keys;          /* JS_OBJ */
    int n;
} Json;

/* NULL when text is not one well-formed JSON value (nesting past 256 too). */
Json *json_parse(Arena *a, const char *text, size_t len);
const Json *json_get(const Json *obj, const char *key);      /* NULL if absent or not an object */
const Json *json_path(const Json *v, const char *dotted);    /* "params.textDocument.uri" */
const char *json_str(const Json *v);                          /* NULL unless a string */
bool json_int(const Json *v, int64_t *out);                   /* an integral number */
/* Writes s (n bytes) as a JSON string, quotes included. */
void json_put_str(StrBuf *b, const char *s, size_t n);
void json_put_cstr(StrBuf *b, const char *s);
/* Writes v back as JSON (the id of a request is echoed as it came). */
void json_put(StrBuf *b, const Json *v);

/* ---- one analysis (lspq_), run in a forked child ---- */
typedef enum LspQueryKind { LQ_DIAGNOSTICS, LQ_DEFINITION, LQ_HOVER, LQ_COMPLETION } LspQueryKind;

typedef struct LspQuery {
    LspQueryKind kind;
    const char *path;           /* the document's file path */
    const char *uri;            /* and its URI (echoed in locations) */
    const char *text;
    size_t len;
    int line, character;        /* the position asked about, as the client counts */
    bool utf8;                  /* positions count bytes (else UTF-16 code units) */
    const char *stdlib_dir;
} LspQuery;

/* Runs the frontend on q's text and writes the answer's JSON to out: the
 * diagnostics array, or a request's result (null when there is none). */
void lspq_run(const LspQuery *q, StrBuf *out);

/* ---- the server ---- */
/* `goose lsp [--stdio]` with the words after `lsp`: serves until exit. */
int lsp_main(int argc, char **argv, const char *stdlib_dir);

#endif
