/* lexer.re — the Goose scanner (re2c source; CMake generates lexer.c).
 *
 * One pass over the bytes of a file produces the whole token array (see
 * lex.h): tokens, decoded literals, interned identifiers, and the Go-style
 * newline terminators. The sentinel is the NUL that SrcFile.text always has
 * at text[len]; a NUL before that is an error, never the end. Comments are
 * skipped by hand-written loops (they only look for their end; goose fmt
 * asks for their positions, lex_file_comments), string and
 * character bodies are scanned one unit (byte or escape) at a time by a
 * second re2c block so both literal kinds share one escape table.
 * Errors are reported and scanning goes on: a bad escape is dropped, a
 * bad number still makes a TK_INT; a stray character, a string or char
 * literal left open at the end of its line, or an unterminated block
 * comment becomes a TK_ERROR token (already reported, so the parser does
 * not report it again). Malformed UTF-8 in a comment or literal is
 * reported once per comment or literal; non-ASCII elsewhere is a stray.
 * At most 2 * DIAG_MAX_ERRORS errors are kept (more are never shown).
 * Not for: syntax, or deciding what a name means. */
#include "lex.h"

#include <stdarg.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

const char *const lex_tok_spelling[TK__COUNT] = {
#define TOK(id, spelling, cls, ends, prec, bin, asg) [TK_##id] = spelling,
#include "tokens.def"
#undef TOK
};

const bool lex_tok_ends_stmt[TK__COUNT] = {
#define TOK(id, spelling, cls, ends, prec, bin, asg) [TK_##id] = ends,
#include "tokens.def"
#undef TOK
};

/* ---- keyword and suffix tables, interned once ---- */
enum { KW_SLOTS = 128 };
static struct { const char *name; uint8_t kind; } kw_slots[KW_SLOTS];
static const char *suffix_names[LSUF__COUNT];
static bool tables_ready;

static unsigned kw_hash(const char *p)
{
    return (unsigned)(((uint64_t)(uintptr_t)p * 0x9E3779B97F4A7C15ull) >> 57);
}

static void kw_add(const char *spelling, int kind)
{
    const char *name = intern_cstr(spelling);
    unsigned h = kw_hash(name);
    while (kw_slots[h].name)
        h = (h + 1) & (KW_SLOTS - 1);
    kw_slots[h].name = name;
    kw_slots[h].kind = (uint8_t)kind;
}

static void lex_init_tables(void)
{
    if (tables_ready)
        return;
    tables_ready = true;
#define IS_K_K 1
#define IS_K_P 0
#define IS_K_L 0
#define TOK(id, spelling, cls, ends, prec, bin, asg) \
    if (IS_K_##cls) kw_add(spelling, TK_##id);
#include "tokens.def"
#undef TOK
#define SUF_NAME(id, s) suffix_names[LSUF_##id] = intern_cstr(s);
    LEX_SUFFIXES(SUF_NAME)
#undef SUF_NAME
}

void lex_reset(void)
{
    memset(kw_slots, 0, sizeof kw_slots);
    memset(suffix_names, 0, sizeof suffix_names);
    tables_ready = false;
}

/* TK_IDENT, or the keyword spelled `name` (interned). */
static int kw_lookup(const char *name)
{
    for (unsigned h = kw_hash(name); kw_slots[h].name; h = (h + 1) & (KW_SLOTS - 1))
        if (kw_slots[h].name == name)
            return kw_slots[h].kind;
    return TK_IDENT;
}

const char *lex_suffix_name(int suffix)
{
    lex_init_tables();
    return suffix > LSUF_NONE && suffix < LSUF__COUNT ? suffix_names[suffix] : NULL;
}

/* ---- the scanner state ---- */
typedef struct Lexer {
    SrcFile *src;
    const unsigned char *cur, *mark, *ctxmark, *tok, *end, *line_start;
    int line;
    Token *toks;
    int n, cap;
    StrBuf sb;          /* scratch: string bodies, float digits */
    Vec *diags;         /* LexDiag*: errors kept for the caller, or NULL */
    Vec *comments;      /* LexComment*: every comment, for goose fmt, or NULL */
} Lexer;

/* A lexical error: reported now, or kept for the parser (lex_file_heap). */
static void lex_error(Lexer *L, Loc loc, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void lex_error(Lexer *L, Loc loc, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    if (!L->diags) {
        diag_verror(loc, fmt, ap);
    } else if (L->diags->len < 2 * DIAG_MAX_ERRORS) {
        /* more would never be shown (a file of random bytes has millions) */
        LexDiag *d = NEW(LexDiag);
        StrBuf b = { 0 };
        sb_vprintf(&b, fmt, ap);
        d->loc = loc;
        d->msg = mem_strndup(g_arena, b.data, b.len);
        sb_free(&b);
        vec_push(L->diags, d);
    }
    va_end(ap);
}

static Loc lex_here(Lexer *L, const unsigned char *p)
{
    return (Loc){ L->src->id, L->line, (int32_t)(p - L->line_start) + 1 };
}

static void lex_grow(Lexer *L)
{
    if (L->cap > INT32_MAX / 2)
        fatal_internal("too many tokens");
    L->cap = L->cap ? L->cap * 2 : 4096;
    L->toks = realloc(L->toks, sizeof(Token) * (size_t)L->cap);
    if (!L->toks)
        fatal_internal("out of memory");
}

/* Appends a token starting at `start` on the current line. */
static Token *lex_push_at(Lexer *L, TokKind kind, const unsigned char *start)
{
    if (L->n == L->cap)
        lex_grow(L);
    Token *t = &L->toks[L->n++];
    memset(t, 0, sizeof *t);
    t->kind = (uint8_t)kind;
    t->line = L->line;
    t->col = (int32_t)(start - L->line_start) + 1;
    t->off = (uint32_t)(start - (const unsigned char *)L->src->text);
    return t;
}

static Token *lex_push(Lexer *L, TokKind kind) { return lex_push_at(L, kind, L->tok); }

/* A newline at `nl`: insert a terminator when the previous token may end
 * a statement, then start the next line. */
static void lex_newline(Lexer *L, const unsigned char *nl)
{
    if (L->n > 0 && lex_tok_ends_stmt[L->toks[L->n - 1].kind])
        lex_push_at(L, TK_SEMI, nl)->newline = 1;
    L->line++;
    L->line_start = nl + 1;
}

/* ---- UTF-8: source files are UTF-8 (docs/language.md), checked where
 * non-ASCII bytes are allowed: in comments and literals (utf8_len is in
 * util.c) ---- */

/* Checks the non-ASCII bytes of [p, e) on the current line; reports the
 * first malformed sequence once (`what`: "comment", "string literal"). */
static void lex_check_utf8(Lexer *L, const unsigned char *p, const unsigned char *e, const char *what)
{
    while (p < e) {
        if (*p < 0x80) {
            p++;
            continue;
        }
        int n = utf8_len(p, e);
        if (n == 0) {
            lex_error(L, lex_here(L, p), "invalid UTF-8 (byte 0x%02x) in %s", *p, what);
            return;
        }
        p += n;
    }
}

/* ---- comments: hand loops, they only look for their end ---- */
static void lex_keep_comment(Lexer *L)
{
    if (!L->comments)
        return;
    LexComment *c = NEW(LexComment);
    c->off = (uint32_t)(L->tok - (const unsigned char *)L->src->text);
    c->len = (uint32_t)(L->cur - L->tok);
    vec_push(L->comments, c);
}

static void lex_line_comment(Lexer *L)
{
    const unsigned char *p = L->cur;
    bool ascii = true;
    for (; p < L->end && *p != '\n'; p++) {
        if (*p == 0)
            lex_error(L, lex_here(L, p), "NUL byte in source");
        ascii &= *p < 0x80;
    }
    if (!ascii)
        lex_check_utf8(L, L->cur, p, "comment");
    L->cur = p;
    lex_keep_comment(L);
}

static void lex_block_comment(Lexer *L)
{
    const unsigned char *p = L->cur;
    Loc open = lex_here(L, L->tok);
    bool bad = false;           /* one UTF-8 error per comment */
    for (; p < L->end; p++) {
        if (p[0] == '*' && p[1] == '/') {
            L->cur = p + 2;
            lex_keep_comment(L);
            return;
        }
        if (*p == '\n') {
            lex_newline(L, p);
        } else if (*p == 0) {
            lex_error(L, lex_here(L, p), "NUL byte in source");
        } else if (*p >= 0x80) {
            int n = utf8_len(p, L->end);
            if (n == 0 && !bad) {
                lex_error(L, lex_here(L, p), "invalid UTF-8 (byte 0x%02x) in comment", *p);
                bad = true;
            }
            p += n ? n - 1 : 0;
        }
    }
    lex_error(L, open, "unterminated block comment");
    L->cur = L->end;
    Token *t = lex_push_at(L, TK_ERROR, L->end);
    t->line = open.line;
    t->col = open.col;
}

/* ---- errors that become a TK_ERROR token ---- */
static void lex_stray(Lexer *L)
{
    unsigned c = *L->tok;
    Loc loc = lex_here(L, L->tok);
    if (c == 0)
        lex_error(L, loc, "NUL byte in source");
    else if (c >= 0x80)
        lex_error(L, loc, "non-ASCII character outside a string or comment");
    else if (c > 0x20 && c < 0x7f)
        lex_error(L, loc, "unexpected character '%c'", (char)c);
    else
        lex_error(L, loc, "unexpected byte 0x%02x in source", c);
    lex_push(L, TK_ERROR);
}

/* ---- identifiers and numbers ---- */
static void lex_ident(Lexer *L)
{
    const char *name = intern((const char *)L->tok, (size_t)(L->cur - L->tok));
    int kind = kw_lookup(name);
    Token *t = lex_push(L, (TokKind)kind);
    if (kind == TK_IDENT)
        t->name = name;
}

static unsigned digit_value(unsigned char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    return (unsigned)(c | 0x20) - 'a' + 10;
}

static int suffix_lookup(const unsigned char *p, const unsigned char *e)
{
    for (int s = LSUF_NONE + 1; s < LSUF__COUNT; s++) {
        size_t n = strlen(suffix_names[s]);
        if ((size_t)(e - p) == n && memcmp(p, suffix_names[s], n) == 0)
            return s;
    }
    return LSUF_NONE;
}

static unsigned int_base(const unsigned char **pp, const unsigned char *e)
{
    const unsigned char *p = *pp;
    if (e - p < 2 || p[0] != '0')
        return 10;
    unsigned c = p[1] | 0x20;
    unsigned base = c == 'x' ? 16 : c == 'b' ? 2 : 8; /* 0o17, or Go's 017 */
    if (c == 'x' || c == 'b' || c == 'o')
        *pp = p + 2;
    return base;
}

static void lex_int(Lexer *L)
{
    const unsigned char *p = L->tok, *e = L->cur;
    unsigned base = int_base(&p, e);
    uint64_t v = 0;
    bool over = false;
    int suffix = LSUF_NONE;
    for (; p < e; p++) {
        if (*p == '_') {
            if (p[1] == 'i' || p[1] == 'u') {
                suffix = suffix_lookup(p + 1, e);
                break;
            }
            continue;
        }
        unsigned d = digit_value(*p);
        if (v > (UINT64_MAX - d) / base)
            over = true;
        v = v * base + d;
    }
    if (over)
        lex_error(L, lex_here(L, L->tok), "integer literal too large for 64 bits");
    Token *t = lex_push(L, TK_INT);
    t->ival = over ? 0 : v;
    t->suffix = (uint8_t)suffix;
}

static void lex_float(Lexer *L)
{
    L->sb.len = 0;
    for (const unsigned char *p = L->tok; p < L->cur; p++)
        if (*p != '_')
            sb_putc(&L->sb, (char)*p);
    /* As in Go, only overflow is an error: a literal below the normal
     * range rounds to a subnormal or to zero (strtod's ERANGE). */
    double v = strtod(sb_cstr(&L->sb), NULL);
    if (isinf(v))
        lex_error(L, lex_here(L, L->tok), "float literal out of range");
    lex_push(L, TK_FLOAT)->fval = v;
}

/* As in Go, a leading 0 makes a literal octal: 08 and 019 are errors. */
static void lex_bad_octal(Lexer *L)
{
    const unsigned char *p = L->tok;
    while (*p < '8' || *p > '9')
        p++;
    lex_error(L, lex_here(L, p), "invalid digit '%c' in octal literal", *p);
    lex_push(L, TK_INT);
}

static void lex_bad_number(Lexer *L)
{
    int n = (int)(L->cur - L->tok);
    lex_error(L, lex_here(L, L->tok), "invalid number literal '%.*s%s'",
               n > 40 ? 40 : n, (const char *)L->tok, n > 40 ? "..." : "");
    lex_push(L, TK_INT);
}

/* ---- string and character bodies, one unit at a time ---- */
enum { UNIT_CLOSE = -1, UNIT_EOL = -2, UNIT_SKIP = -3 };

static void bad_escape(Lexer *L, const unsigned char *s)
{
    if (s[1] == 'x')
        lex_error(L, lex_here(L, s), "escape '\\x' needs two hex digits");
    else if (s[1] > 0x20 && s[1] < 0x7f)
        lex_error(L, lex_here(L, s), "invalid escape sequence '\\%c'", (char)s[1]);
    else
        lex_error(L, lex_here(L, s), "invalid escape sequence (byte 0x%02x after '\\')", s[1]);
}

/* A byte value (0..255), UNIT_CLOSE at `quote`, UNIT_EOL (not consumed) at
 * a newline or the end of the file, UNIT_SKIP after a reported error. */
static int lex_unit(Lexer *L, unsigned char quote)
{
    const unsigned char *s = L->cur;
    /*!re2c
    re2c:define:YYCTYPE = "unsigned char";
    re2c:define:YYCURSOR = "L->cur";
    re2c:define:YYMARKER = "L->mark";
    re2c:yyfill:enable = 0;

    "\\n"  { return '\n'; }
    "\\t"  { return '\t'; }
    "\\r"  { return '\r'; }
    "\\0"  { return 0; }
    "\\\\" { return '\\'; }
    "\\\"" { return '"'; }
    "\\'"  { return '\''; }
    "\\x" [0-9a-fA-F]{2} { return (int)(digit_value(s[2]) * 16 + digit_value(s[3])); }
    "\\x"  { bad_escape(L, s); return UNIT_SKIP; }
    "\\" [^\n\x00] { bad_escape(L, s); return UNIT_SKIP; }
    "\\"   { return UNIT_SKIP; }
    "\n"   { L->cur = s; return UNIT_EOL; }
    "\x00" {
        if (s >= L->end) {
            L->cur = s;
            return UNIT_EOL;
        }
        lex_error(L, lex_here(L, s), "NUL byte in source");
        return UNIT_SKIP;
    }
    *      { return *s == quote ? UNIT_CLOSE : *s; }
    */
}

static void lex_string(Lexer *L)
{
    L->sb.len = 0;
    int u;
    bool ascii = true;
    while ((u = lex_unit(L, '"')) != UNIT_CLOSE) {
        ascii &= L->cur[-1] < 0x80;     /* a raw byte (escapes are ASCII) */
        if (u == UNIT_EOL) {
            lex_error(L, lex_here(L, L->tok), "unterminated string literal");
            lex_push(L, TK_ERROR);
            return;
        }
        if (u >= 0)
            sb_putc(&L->sb, (char)u);
    }
    if (!ascii)
        lex_check_utf8(L, L->tok + 1, L->cur - 1, "string literal");
    LexStr *s = NEW(LexStr);
    s->bytes = mem_strndup(g_arena, L->sb.data ? L->sb.data : "", L->sb.len);
    s->len = (int64_t)L->sb.len;
    lex_push(L, TK_STRING)->str = s;
}

static void lex_char(Lexer *L)
{
    int u, value = 0, count = 0;
    bool bad = false;
    while ((u = lex_unit(L, '\'')) != UNIT_CLOSE && u != UNIT_EOL) {
        if (u >= 0 && count++ == 0)
            value = u;
        bad |= u == UNIT_SKIP;
    }
    Loc loc = lex_here(L, L->tok);
    if (u == UNIT_EOL) {
        lex_error(L, loc, "unterminated character literal");
        lex_push(L, TK_ERROR);
        return;
    }
    lex_check_utf8(L, L->tok + 1, L->cur - 1, "character literal");
    if (count == 0 && !bad)
        lex_error(L, loc, "empty character literal");
    else if (count > 1)
        lex_error(L, loc, "character literal must hold exactly one byte");
    lex_push(L, TK_CHAR)->ival = (uint64_t)value;
}

static bool lex_punct(Lexer *L, TokKind kind)
{
    lex_push(L, kind);
    return true;
}

/* Scans one token (or skips blanks/comments); false at the end of file. */
static bool lex_scan(Lexer *L)
{
    L->tok = L->cur;
    /*!re2c
    re2c:define:YYCTYPE = "unsigned char";
    re2c:define:YYCURSOR = "L->cur";
    re2c:define:YYMARKER = "L->mark";
    re2c:define:YYCTXMARKER = "L->ctxmark";
    re2c:yyfill:enable = 0;

    digits = [0-9] ("_"? [0-9])*;
    decnum = "0" | [1-9] ("_"? [0-9])*;
    oldoct = "0" ("_"? [0-7])+;
    hexnum = "0" [xX] ("_"? [0-9a-fA-F])+;
    binnum = "0" [bB] ("_"? [01])+;
    octnum = "0" [oO] ("_"? [0-7])+;
    suffix = "_" ("i8" | "i16" | "i32" | "i64" | "u8" | "u16" | "u32" | "u64" | "int" | "uint");
    exponent = [eE] [+-]? digits;
    ident = [A-Za-z_] [A-Za-z0-9_]*;

    "\x00" {
        if (L->tok >= L->end) {
            L->cur = L->end;
            return false;
        }
        lex_stray(L);
        return true;
    }
    [ \t\r\v\f]+ { return true; }
    "\n"         { lex_newline(L, L->tok); return true; }
    "//"         { lex_line_comment(L); return true; }
    "/*"         { lex_block_comment(L); return true; }
    ident        { lex_ident(L); return true; }
    (decnum | oldoct | hexnum | binnum | octnum) suffix? { lex_int(L); return true; }
    digits "." digits exponent? | digits exponent { lex_float(L); return true; }
    /* As in Go, `1.`, `1.e3` and `.5`; `1..n` stays a range. */
    digits "." exponent? / [^.0-9A-Za-z_] { lex_float(L); return true; }
    "." digits exponent? { lex_float(L); return true; }
    "0" ("_"? [0-9])+ suffix? { lex_bad_octal(L); return true; }
    [0-9] [0-9A-Za-z_]* | digits "." digits [0-9A-Za-z_]+ { lex_bad_number(L); return true; }
    "\""         { lex_string(L); return true; }
    "'"          { lex_char(L); return true; }

    "("   { return lex_punct(L, TK_LPAREN); }
    ")"   { return lex_punct(L, TK_RPAREN); }
    "["   { return lex_punct(L, TK_LBRACK); }
    "]"   { return lex_punct(L, TK_RBRACK); }
    "{"   { return lex_punct(L, TK_LBRACE); }
    "}"   { return lex_punct(L, TK_RBRACE); }
    ","   { return lex_punct(L, TK_COMMA); }
    ":"   { return lex_punct(L, TK_COLON); }
    ";"   { return lex_punct(L, TK_SEMI); }
    "."   { return lex_punct(L, TK_DOT); }
    "..=" { return lex_punct(L, TK_DOTDOTEQ); }
    ".."  { return lex_punct(L, TK_DOTDOT); }
    "=>"  { return lex_punct(L, TK_FATARROW); }
    "->"  { return lex_punct(L, TK_ARROW); }
    "?"   { return lex_punct(L, TK_QUESTION); }
    "="   { return lex_punct(L, TK_ASSIGN); }
    "+="  { return lex_punct(L, TK_ADD_ASSIGN); }
    "-="  { return lex_punct(L, TK_SUB_ASSIGN); }
    "*="  { return lex_punct(L, TK_MUL_ASSIGN); }
    "/="  { return lex_punct(L, TK_DIV_ASSIGN); }
    "%="  { return lex_punct(L, TK_MOD_ASSIGN); }
    "&="  { return lex_punct(L, TK_AND_ASSIGN); }
    "|="  { return lex_punct(L, TK_OR_ASSIGN); }
    "^="  { return lex_punct(L, TK_XOR_ASSIGN); }
    "<<=" { return lex_punct(L, TK_SHL_ASSIGN); }
    ">>=" { return lex_punct(L, TK_SHR_ASSIGN); }
    "||"  { return lex_punct(L, TK_OROR); }
    "&&"  { return lex_punct(L, TK_ANDAND); }
    "=="  { return lex_punct(L, TK_EQ); }
    "!="  { return lex_punct(L, TK_NE); }
    "<"   { return lex_punct(L, TK_LT); }
    "<="  { return lex_punct(L, TK_LE); }
    ">"   { return lex_punct(L, TK_GT); }
    ">="  { return lex_punct(L, TK_GE); }
    "|"   { return lex_punct(L, TK_PIPE); }
    "^"   { return lex_punct(L, TK_CARET); }
    "&"   { return lex_punct(L, TK_AMP); }
    "<<"  { return lex_punct(L, TK_SHL); }
    ">>"  { return lex_punct(L, TK_SHR); }
    "+"   { return lex_punct(L, TK_PLUS); }
    "-"   { return lex_punct(L, TK_MINUS); }
    "*"   { return lex_punct(L, TK_STAR); }
    "/"   { return lex_punct(L, TK_SLASH); }
    "%"   { return lex_punct(L, TK_PERCENT); }
    "!"   { return lex_punct(L, TK_BANG); }
    "~"   { return lex_punct(L, TK_TILDE); }

    [\x80-\xff]+ { lex_stray(L); return true; }
    *            { lex_stray(L); return true; }
    */
}

static int lex_diag_cmp(const void *a, const void *b)
{
    const LexDiag *x = *(const LexDiag *const *)a, *y = *(const LexDiag *const *)b;
    if (x->loc.line != y->loc.line)
        return x->loc.line < y->loc.line ? -1 : 1;
    if (x->loc.col != y->loc.col)
        return x->loc.col < y->loc.col ? -1 : 1;
    return x->seq < y->seq ? -1 : x->seq > y->seq;
}

/* Source order (an unterminated comment is found after what it holds). */
static void lex_sort_diags(Vec *diags)
{
    for (int i = 0; i < diags->len; i++)
        VEC_AT(*diags, LexDiag *, i)->seq = i;
    if (diags->len > 1)
        qsort(diags->items, (size_t)diags->len, sizeof(void *), lex_diag_cmp);
}

Token *lex_file_heap(SrcFile *src, int *ntokens, Vec *diags)
{
    return lex_file_comments(src, ntokens, diags, NULL);
}

Token *lex_file_comments(SrcFile *src, int *ntokens, Vec *diags, Vec *comments)
{
    lex_init_tables();
    const unsigned char *text = (const unsigned char *)src->text;
    Lexer L = { .src = src, .cur = text, .end = text + src->len,
                .line_start = text, .line = 1, .diags = diags, .comments = comments };
    if (src->len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0)
        L.cur = L.line_start = text + 3;    /* a UTF-8 byte order mark */
    while (lex_scan(&L))
        ;
    L.tok = L.cur = L.end;
    if (L.n > 0 && lex_tok_ends_stmt[L.toks[L.n - 1].kind])
        lex_push(&L, TK_SEMI)->newline = 1;
    lex_push(&L, TK_EOF);
    sb_free(&L.sb);
    if (diags)
        lex_sort_diags(diags);
    *ntokens = L.n;
    return L.toks;
}

void lex_free(Token *toks) { free(toks); }

Token *lex_file(SrcFile *src, int *ntokens)
{
    Token *heap = lex_file_heap(src, ntokens, NULL);
    Token *t = mem_dup(g_arena, heap, sizeof(Token) * (size_t)*ntokens);
    lex_free(heap);
    return t;
}
