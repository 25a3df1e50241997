/* lsp_server.c — `goose lsp`: a language server over stdin/stdout (JSON-RPC
 * 2.0 with Content-Length framing; a subset of LSP 3.17): initialize,
 * initialized, shutdown, exit; textDocument/didOpen, didChange (full
 * text), didClose; publishDiagnostics after each open and change;
 * textDocument/definition, hover and completion (after `.` and of names).
 *
 * Design: the compiler keeps its state in globals (arenas, interned
 * strings, source files, diagnostics, the checker's tables), made for one
 * compilation per process. Each analysis therefore runs in a child forked
 * for it (lsp_query.c): the child runs the real frontend on the document's
 * text, writes the answer's JSON to a pipe and exits, so every analysis
 * starts from a clean process, a crash in the compiler costs one answer,
 * not the server, and a child still running after LSP_TIME_LIMIT_MS is
 * killed. fork of this small process costs well under a millisecond on
 * Linux; frontend_reset would also give a clean state but not the
 * isolation. This process never runs the compiler: it keeps the open
 * documents (malloc'd, freed on close) and one arena per message.
 *
 * Exit status (the protocol's): 0 after shutdown then exit, 1 on exit
 * without shutdown or when the input ends.
 * Not for: the analysis itself (lsp_query.c) or JSON (lsp_json.c). */
#define _GNU_SOURCE
#include "lsp.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#ifndef GOOSE_VERSION
#define GOOSE_VERSION "0.0.0"
#endif

enum {
    LSP_TIME_LIMIT_MS = 10000,          /* one analysis */
    LSP_MAX_MESSAGE = 256 << 20,        /* bytes of one message body */
};

/* JSON-RPC error codes. */
enum {
    RPC_PARSE_ERROR = -32700, RPC_INVALID_REQUEST = -32600, RPC_METHOD_NOT_FOUND = -32601,
    RPC_INVALID_PARAMS = -32602, RPC_NOT_INITIALIZED = -32002,
};

typedef struct LspDoc {
    char *uri, *path, *text;
    size_t len;
} LspDoc;

typedef struct Lsp {
    const char *stdlib_dir;
    bool initialized, shut_down, utf8;
    LspDoc *docs;
    int ndocs, cap;
    Arena *msg;             /* the current message's */
} Lsp;

/* ---- framing ---- */
static void lsp_send(const StrBuf *body)
{
    printf("Content-Length: %zu\r\n\r\n", body->len);
    fwrite(body->data ? body->data : "", 1, body->len, stdout);
    if (fflush(stdout) != 0)
        exit(1);                /* the client is gone */
}

/* Reads past n bytes of input; false when it ends first. */
static bool lsp_skip(size_t n)
{
    char buf[65536];
    while (n > 0) {
        size_t k = fread(buf, 1, n < sizeof buf ? n : sizeof buf, stdin);
        if (k == 0)
            return false;
        n -= k;
    }
    return true;
}

/* The next message's body (heap, NUL-terminated) or NULL at end of input;
 * *len is its size. A message without Content-Length, or longer than
 * LSP_MAX_MESSAGE, is skipped. */
static char *lsp_read(size_t *len)
{
    for (;;) {
        char line[1024];
        long n = -1;
        bool any = false;
        while (fgets(line, sizeof line, stdin)) {
            any = true;
            if (strcmp(line, "\r\n") == 0 || strcmp(line, "\n") == 0)
                break;
            if (strncasecmp(line, "Content-Length:", 15) == 0)
                n = strtol(line + 15, NULL, 10);
        }
        if (!any || feof(stdin))
            return NULL;
        if (n > LSP_MAX_MESSAGE && !lsp_skip((size_t)n))
            return NULL;
        if (n < 0 || n > LSP_MAX_MESSAGE)
            continue;
        char *body = malloc((size_t)n + 1);
        if (!body || fread(body, 1, (size_t)n, stdin) != (size_t)n) {
            free(body);
            return NULL;
        }
        body[n] = 0;
        *len = (size_t)n;
        return body;
    }
}

static void lsp_respond(const Json *id, const char *result)
{
    StrBuf b = { 0 };
    sb_puts(&b, "{\"jsonrpc\":\"2.0\",\"id\":");
    json_put(&b, id);
    sb_printf(&b, ",\"result\":%s}", result);
    lsp_send(&b);
    sb_free(&b);
}

static void lsp_error(const Json *id, int code, const char *message)
{
    StrBuf b = { 0 };
    sb_puts(&b, "{\"jsonrpc\":\"2.0\",\"id\":");
    json_put(&b, id);
    sb_printf(&b, ",\"error\":{\"code\":%d,\"message\":", code);
    json_put_cstr(&b, message);
    sb_puts(&b, "}}");
    lsp_send(&b);
    sb_free(&b);
}

/* ---- documents ---- */
static LspDoc *lsp_doc(Lsp *s, const char *uri)
{
    for (int i = 0; uri && i < s->ndocs; i++)
        if (strcmp(s->docs[i].uri, uri) == 0)
            return &s->docs[i];
    return NULL;
}

/* A file: URI's path, percent-escapes decoded; another scheme's text as is. */
static char *lsp_uri_path(const char *uri)
{
    const char *p = strncmp(uri, "file://", 7) == 0 ? uri + 7 : uri;
    char *out = malloc(strlen(p) + 1), *o = out;
    for (; *p; p++) {
        unsigned hex;
        if (*p == '%' && sscanf(p + 1, "%2x", &hex) == 1 && hex) {
            *o++ = (char)hex;
            p += 2;
        } else {
            *o++ = *p;
        }
    }
    *o = 0;
    return out;
}

static void lsp_doc_set(Lsp *s, const char *uri, const Json *text)
{
    LspDoc *d = lsp_doc(s, uri);
    if (!d) {
        if (s->ndocs == s->cap) {
            s->cap = s->cap ? s->cap * 2 : 8;
            s->docs = realloc(s->docs, sizeof *s->docs * (size_t)s->cap);
        }
        d = &s->docs[s->ndocs++];
        *d = (LspDoc){ strdup(uri), lsp_uri_path(uri), NULL, 0 };
    }
    free(d->text);
    d->text = malloc(text->slen + 1);
    memcpy(d->text, text->str, text->slen + 1);
    d->len = text->slen;
}

static void lsp_doc_drop(Lsp *s, const char *uri)
{
    LspDoc *d = lsp_doc(s, uri);
    if (!d)
        return;
    free(d->uri);
    free(d->path);
    free(d->text);
    *d = s->docs[--s->ndocs];
}

/* ---- one analysis in a child ---- */
static void lsp_child(const LspQuery *q, int fd)
{
    int null = open("/dev/null", O_WRONLY);
    if (null >= 0)
        dup2(null, 1);          /* stdout is the protocol's */
    struct rlimit cpu = { LSP_TIME_LIMIT_MS / 1000 + 1, LSP_TIME_LIMIT_MS / 1000 + 2 };
    setrlimit(RLIMIT_CPU, &cpu);
    signal(SIGPIPE, SIG_DFL);
    StrBuf b = { 0 };
    lspq_run(q, &b);
    for (size_t off = 0; off < b.len;) {
        ssize_t w = write(fd, b.data + off, b.len - off);
        if (w <= 0 && errno != EINTR)
            _exit(3);
        off += w > 0 ? (size_t)w : 0;
    }
    _exit(0);
}

static double lsp_now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

/* Reads the child's answer until it closes the pipe or time runs out. */
static bool lsp_collect(int fd, StrBuf *out)
{
    double deadline = lsp_now_ms() + LSP_TIME_LIMIT_MS;
    for (;;) {
        int left = (int)(deadline - lsp_now_ms());
        struct pollfd p = { fd, POLLIN, 0 };
        if (left <= 0 || (poll(&p, 1, left) < 0 && errno != EINTR))
            return false;
        char buf[65536];
        ssize_t n = read(fd, buf, sizeof buf);
        if (n == 0)
            return true;
        if (n < 0 && errno != EINTR && errno != EAGAIN)
            return false;
        if (n > 0)
            sb_putn(out, buf, (size_t)n);
    }
}

/* The JSON the child wrote for q, checked to be one value; false when the
 * child crashed, failed or ran out of time. */
static bool lsp_analyse(Lsp *s, const LspQuery *q, StrBuf *out)
{
    int fd[2];
    if (pipe(fd) != 0)
        return false;
    fflush(stdout);
    pid_t pid = fork();
    if (pid == 0) {
        close(fd[0]);
        lsp_child(q, fd[1]);
    }
    close(fd[1]);
    bool ok = pid > 0 && lsp_collect(fd[0], out);
    close(fd[0]);
    int status = 0;
    if (pid > 0) {
        if (!ok)
            kill(pid, SIGKILL);
        while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
        }
    }
    ok = ok && WIFEXITED(status) && WEXITSTATUS(status) == 0;
    return ok && json_parse(s->msg, out->data ? out->data : "", out->len) != NULL;
}

static LspQuery lsp_query(Lsp *s, LspQueryKind kind, const LspDoc *d)
{
    return (LspQuery){ .kind = kind, .path = d->path, .uri = d->uri, .text = d->text, .len = d->len,
                       .utf8 = s->utf8, .stdlib_dir = s->stdlib_dir };
}

/* ---- notifications and requests ---- */
static void lsp_publish(Lsp *s, const LspDoc *d)
{
    LspQuery q = lsp_query(s, LQ_DIAGNOSTICS, d);
    StrBuf diags = { 0 };
    if (!lsp_analyse(s, &q, &diags)) {
        diags.len = 0;
        sb_puts(&diags, "[{\"range\":{\"start\":{\"line\":0,\"character\":0},\"end\":{\"line\":0,\"character\":0}},"
                        "\"severity\":1,\"source\":\"goose\",\"message\":\"goose lsp: the analysis of this file "
                        "did not finish (the compiler crashed or took too long)\"}]");
    }
    StrBuf b = { 0 };
    sb_puts(&b, "{\"jsonrpc\":\"2.0\",\"method\":\"textDocument/publishDiagnostics\",\"params\":{\"uri\":");
    json_put_cstr(&b, d->uri);
    sb_printf(&b, ",\"diagnostics\":%s}}", sb_cstr(&diags));
    lsp_send(&b);
    sb_free(&b);
    sb_free(&diags);
}

typedef void LspHandler(Lsp *s, const Json *params, const Json *id);

static void lsp_initialize(Lsp *s, const Json *params, const Json *id)
{
    const Json *enc = json_path(params, "capabilities.general.positionEncodings");
    for (int i = 0; enc && enc->kind == JS_ARR && i < enc->n; i++)
        s->utf8 |= json_str(enc->items[i]) && strcmp(json_str(enc->items[i]), "utf-8") == 0;
    s->initialized = true;
    StrBuf b = { 0 };
    sb_printf(&b, "{\"capabilities\":{\"positionEncoding\":\"%s\","
                  "\"textDocumentSync\":{\"openClose\":true,\"change\":1},"
                  "\"definitionProvider\":true,\"hoverProvider\":true,"
                  "\"completionProvider\":{\"triggerCharacters\":[\".\"]}},"
                  "\"serverInfo\":{\"name\":\"goose lsp\",\"version\":\"%s\"}}",
              s->utf8 ? "utf-8" : "utf-16", GOOSE_VERSION);
    lsp_respond(id, sb_cstr(&b));
    sb_free(&b);
}

static void lsp_shutdown(Lsp *s, const Json *params, const Json *id)
{
    s->shut_down = true;
    lsp_respond(id, "null");
}

static void lsp_exit(Lsp *s, const Json *params, const Json *id) { exit(s->shut_down ? 0 : 1); }

static void lsp_ignore(Lsp *s, const Json *params, const Json *id) {}

static void lsp_did_open(Lsp *s, const Json *params, const Json *id)
{
    const char *uri = json_str(json_path(params, "textDocument.uri"));
    const Json *text = json_path(params, "textDocument.text");
    if (!uri || !json_str(text))
        return;
    lsp_doc_set(s, uri, text);
    lsp_publish(s, lsp_doc(s, uri));
}

/* Full synchronisation: the last change holds the whole text. */
static void lsp_did_change(Lsp *s, const Json *params, const Json *id)
{
    const char *uri = json_str(json_path(params, "textDocument.uri"));
    const Json *changes = json_get(params, "contentChanges");
    if (!uri || !lsp_doc(s, uri) || !changes || changes->kind != JS_ARR || changes->n == 0)
        return;
    const Json *text = json_get(changes->items[changes->n - 1], "text");
    if (!json_str(text))
        return;
    lsp_doc_set(s, uri, text);
    lsp_publish(s, lsp_doc(s, uri));
}

static void lsp_did_close(Lsp *s, const Json *params, const Json *id)
{
    const char *uri = json_str(json_path(params, "textDocument.uri"));
    if (!uri || !lsp_doc(s, uri))
        return;
    lsp_doc_drop(s, uri);
    StrBuf b = { 0 };
    sb_puts(&b, "{\"jsonrpc\":\"2.0\",\"method\":\"textDocument/publishDiagnostics\",\"params\":{\"uri\":");
    json_put_cstr(&b, uri);
    sb_puts(&b, ",\"diagnostics\":[]}}");
    lsp_send(&b);
    sb_free(&b);
}

/* definition, hover, completion: a position in an open document. */
static void lsp_position_request(Lsp *s, const Json *params, const Json *id, LspQueryKind kind)
{
    const char *uri = json_str(json_path(params, "textDocument.uri"));
    int64_t line, ch;
    if (!uri || !json_int(json_path(params, "position.line"), &line)
        || !json_int(json_path(params, "position.character"), &ch) || line < 0 || ch < 0
        || line > 1 << 30 || ch > 1 << 30) {
        lsp_error(id, RPC_INVALID_PARAMS, "expected textDocument.uri and position");
        return;
    }
    LspDoc *d = lsp_doc(s, uri);
    if (!d) {
        lsp_respond(id, "null");
        return;
    }
    LspQuery q = lsp_query(s, kind, d);
    q.line = (int)line;
    q.character = (int)ch;
    StrBuf out = { 0 };
    lsp_respond(id, lsp_analyse(s, &q, &out) ? sb_cstr(&out) : "null");
    sb_free(&out);
}

static void lsp_definition(Lsp *s, const Json *p, const Json *id) { lsp_position_request(s, p, id, LQ_DEFINITION); }
static void lsp_hover(Lsp *s, const Json *p, const Json *id) { lsp_position_request(s, p, id, LQ_HOVER); }
static void lsp_completion(Lsp *s, const Json *p, const Json *id) { lsp_position_request(s, p, id, LQ_COMPLETION); }

static const struct {
    const char *method;
    LspHandler *fn;
    bool before_init;       /* allowed before initialize */
} lsp_methods[] = {
    { "initialize", lsp_initialize, true },
    { "initialized", lsp_ignore, false },
    { "shutdown", lsp_shutdown, false },
    { "exit", lsp_exit, true },
    { "textDocument/didOpen", lsp_did_open, false },
    { "textDocument/didChange", lsp_did_change, false },
    { "textDocument/didClose", lsp_did_close, false },
    { "textDocument/didSave", lsp_ignore, false },
    { "textDocument/definition", lsp_definition, false },
    { "textDocument/hover", lsp_hover, false },
    { "textDocument/completion", lsp_completion, false },
    { "$/cancelRequest", lsp_ignore, true },
    { "$/setTrace", lsp_ignore, true },
};

static void lsp_dispatch(Lsp *s, const Json *msg)
{
    const char *method = json_str(json_get(msg, "method"));
    const Json *id = json_get(msg, "id");
    if (!method) {
        if (id)                 /* a response to us: we send no requests */
            return;
        lsp_error(NULL, RPC_INVALID_REQUEST, "expected a method");
        return;
    }
    for (size_t i = 0; i < sizeof lsp_methods / sizeof lsp_methods[0]; i++) {
        if (strcmp(method, lsp_methods[i].method) != 0)
            continue;
        if (!s->initialized && !lsp_methods[i].before_init) {
            if (id)
                lsp_error(id, RPC_NOT_INITIALIZED, "the server is not initialized");
        } else if (s->shut_down && id && strcmp(method, "shutdown") != 0) {
            lsp_error(id, RPC_INVALID_REQUEST, "the server is shut down");
        } else {
            lsp_methods[i].fn(s, json_get(msg, "params"), id);
        }
        return;
    }
    if (id)
        lsp_error(id, RPC_METHOD_NOT_FOUND, mem_printf(s->msg, "unknown method %s", method));
}

/* --stdio, which some clients pass, names the only transport there is. */
static int lsp_args(int argc, char **argv)
{
    for (int i = 0; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            puts("usage: goose lsp [--stdio]\n"
                 "  a language server (LSP 3.17) on stdin/stdout: diagnostics, definition,\n"
                 "  hover, completion (docs/tools.md, Editors)");
            exit(0);
        }
        if (strcmp(argv[i], "--stdio") != 0) {
            fprintf(stderr, "goose: unexpected argument '%s' to lsp\nrun 'goose --help' for usage\n", argv[i]);
            return 2;
        }
    }
    return 0;
}

int lsp_main(int argc, char **argv, const char *stdlib_dir)
{
    int st = lsp_args(argc, argv);
    if (st)
        return st;
    signal(SIGPIPE, SIG_IGN);
    Lsp s = { .stdlib_dir = stdlib_dir };
    size_t len;
    char *body;
    while ((body = lsp_read(&len))) {
        Arena msg = { 0 };
        s.msg = &msg;
        const Json *v = json_parse(&msg, body, len);
        if (v && v->kind == JS_OBJ)
            lsp_dispatch(&s, v);
        else
            lsp_error(NULL, RPC_PARSE_ERROR, "the message is not a JSON object");
        mem_free_all(&msg);
        free(body);
    }
    return 1;
}
