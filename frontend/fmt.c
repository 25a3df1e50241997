/* fmt.c — goose fmt (prefix fmt_): a parsed file printed back in the one
 * canonical layout; docs/tools.md ("goose fmt") is the user's description.
 *
 * The formatter reads the parser's own tokens, the lexer's comments and
 * the role the parser gave each `{` and statement (layout.h), as one list
 * of items in source order. It keeps every token and comment in order and
 * the author's line breaks: a run of blank lines becomes one, and there is
 * none after an opening bracket, before a closing one, or at either end of
 * the file. It decides:
 *  - the spaces inside a line, from the items on either side (fmt_space);
 *  - the line breaks it adds: a block that holds several statements or is
 *    written over several lines gets each statement on its own line and
 *    its braces at the ends of lines, as does a struct, enum or match body
 *    written over several lines (each field, variant or arm on its own
 *    line); a `;` between them becomes a line break (fmt_structure);
 *  - indentation: 4 spaces per bracket left open by earlier lines (the
 *    brackets opened on one line count once), one more on a line that
 *    continues a statement (after an operator, `=`, `=>`, ...), a closing
 *    bracket's line at its opening line's depth (fmt_start_line);
 *  - the trailing `//` comments of consecutive lines at one depth start
 *    in one column, one space after the longest code (fmt_align).
 * Lines lose their trailing whitespace (inside block comments too) and the
 * file ends in one newline; a block comment that starts a line moves its
 * other lines with it (fmt_block_comment); nothing else in a comment
 * changes.
 * Before the result is handed back it is parsed again: the syntax tree
 * (--dump=ast), the tokens and their roles must be the same, or fmt_source
 * reports an internal error and the caller keeps the file as it was.
 * Not for: files (driver/cmd_fmt.c); long lines are never broken. */
#include "fmt.h"

#include <string.h>

#include "layout.h"

enum { FI_LINE = TK__COUNT, FI_BLOCK };     /* the item kinds of comments */
enum { FMT_INDENT = 4 };

typedef struct FmtItem {
    uint32_t off, end;      /* its bytes in the source */
    int32_t line;           /* a token's line */
    int tok;                /* its token's index; -1 for a comment */
    int match;              /* an opener's closer, a closer's opener, else -1 */
    int ctx;                /* the innermost opener around it; -1 at the top level */
    int nstmts;             /* an opener: the statements directly inside */
    uint8_t kind;           /* TokKind, FI_LINE or FI_BLOCK */
    uint8_t role;           /* the parser's PR_ bits */
    uint8_t nl;             /* newlines before it in the source, at most 2 */
    bool space;             /* whitespace before it in the source */
    bool brk;               /* it must start a line */
    bool drop;              /* a `;` that a line break stands for */
    bool unary;             /* a prefix `-` */
    bool nl_semi;           /* a token after a newline that ends a statement */
    bool broken;            /* an opener: a line break is added inside */
    bool expanded;          /* a `{`: one statement or item per line */
} FmtItem;

/* An open bracket while printing: the depth of the lines inside it and
 * of its closing line, and the line it was opened on. */
typedef struct FmtOpen {
    int content, close, line;
    uint8_t kind;
} FmtOpen;

typedef struct FmtLine {
    int indent;             /* -1: a blank line */
    size_t code, ncode;     /* in Fmt.text */
    size_t com, ncom;       /* its trailing `//` comment; ncom 0: none */
    size_t col;             /* the comment's column after the indentation */
} FmtLine;

typedef struct Fmt {
    const char *src;
    FmtItem *it;
    int n;
    StrBuf text;            /* the code and comments of every line */
    FmtLine *lines;
    int nlines, cap;
    bool in_line;           /* lines[nlines] is being built */
    FmtLine cur;
    FmtOpen *open;
    int nopen;
    int prev, last_tok;     /* the last item and token printed, -1 */
    bool line_tok;          /* the current line has a token */
} Fmt;

/* ================================================================
 * Token classes
 * ================================================================ */
static const int8_t fmt_prec[TK__COUNT] = {
#define TOK(id, sp, cls, ends, prec, bin, asg) [TK_##id] = prec,
#include "tokens.def"
#undef TOK
};

/* `=` and the compound assignments: tokens.def's assignop is not NONE. */
enum {
    FMT_OP_NONE = -2,
    FMT_OP_SET = ASSIGN_SET,
#define OP_ID(id, s) FMT_OP_##id = BIN_##id,
    GS_BINOPS(OP_ID)
#undef OP_ID
};

static const bool fmt_assign[TK__COUNT] = {
#define TOK(id, sp, cls, ends, prec, bin, asg) [TK_##id] = FMT_OP_##asg != FMT_OP_NONE,
#include "tokens.def"
#undef TOK
};

/* Tokens a value ends with: a `-` after one is binary. */
static const bool fmt_operand_end[TK__COUNT] = {
    [TK_IDENT] = 1, [TK_INT] = 1, [TK_FLOAT] = 1, [TK_CHAR] = 1, [TK_STRING] = 1,
    [TK_RPAREN] = 1, [TK_RBRACK] = 1, [TK_RBRACE] = 1,
    [TK_NONE] = 1, [TK_TRUE] = 1, [TK_FALSE] = 1,
};

/* Tokens a call's `(` or an index's `[` follows without a space. */
static const bool fmt_callee_end[TK__COUNT] = {
    [TK_IDENT] = 1, [TK_RPAREN] = 1, [TK_RBRACK] = 1, [TK_RBRACE] = 1, [TK_STRING] = 1,
};

/* Tokens that follow the `]` of `[]T` / `[N]T` without a space. */
static const bool fmt_type_after_bracket[TK__COUNT] = {
    [TK_IDENT] = 1, [TK_FN] = 1, [TK_REF] = 1, [TK_QUESTION] = 1, [TK_REUSABLE] = 1,
};

static bool fmt_is_opener(int k) { return k == TK_LPAREN || k == TK_LBRACK || k == TK_LBRACE; }
static bool fmt_is_closer(int k) { return k == TK_RPAREN || k == TK_RBRACK || k == TK_RBRACE; }
static bool fmt_is_ws(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f'; }

/* A block of statements: a statement's or a closure's. */
static bool fmt_is_block(int role) { return role == PR_BLOCK || role == PR_FN_LIT; }

static int fmt_brace_role(const Fmt *f, const FmtItem *x)
{
    const FmtItem *o = x->kind == TK_RBRACE && x->match >= 0 ? &f->it[x->match] : x;
    return o->role & PR_BRACE_MASK;
}

static bool fmt_binary(const FmtItem *x)
{
    if (x->kind >= TK__COUNT)
        return false;
    if (x->kind == TK_MINUS)
        return !x->unary;
    return fmt_prec[x->kind] > 0 || fmt_assign[x->kind] || x->kind == TK_ARROW || x->kind == TK_FATARROW;
}

static bool fmt_prefix(const FmtItem *x)
{
    return x->unary || x->kind == TK_BANG || x->kind == TK_TILDE || x->kind == TK_QUESTION;
}

/* `fn` starting a declaration: `fn (recv: T) name` takes a space, the
 * `fn(` of a closure or a function type does not. */
static bool fmt_decl_fn(const Fmt *f, int i)
{
    return (f->it[i].role & PR_STMT) || (i > 0 && f->it[i - 1].kind == TK_INLINE);
}

/* The `]` of the deprecated `reusable[] T`, spelled with a space. */
static bool fmt_reusable_bracket(const Fmt *f, const FmtItem *x)
{
    return x->match > 0 && f->it[x->match - 1].kind == TK_REUSABLE;
}

/* ================================================================
 * Spaces between two items on one line
 * ================================================================ */
static bool fmt_space_paren(const Fmt *f, int ia)
{
    const FmtItem *a = &f->it[ia];
    if (a->kind == TK_FN)
        return fmt_decl_fn(f, ia);
    return !fmt_callee_end[a->kind];
}

static bool fmt_space_bracket(const FmtItem *a)
{
    return !fmt_callee_end[a->kind] && a->kind != TK_REUSABLE;
}

static bool fmt_space_brace(const Fmt *f, const FmtItem *a, const FmtItem *b)
{
    if (fmt_brace_role(f, b) != PR_LIT)
        return true;
    return a->kind != TK_IDENT && a->kind != TK_RBRACK && a->kind != TK_RPAREN;
}

/* Whether a space separates a and b, adjacent on one line. Brackets hug
 * their contents except a block's or body's braces; `,` `;` `:` hug what
 * is before them; `.` and ranges hug both sides; binary operators,
 * assignments and arrows have a space on each side, prefix operators none
 * after them; a call, an index, a literal's type and `[]T` hug. */
static bool fmt_space(const Fmt *f, int ia, int ib)
{
    const FmtItem *a = &f->it[ia], *b = &f->it[ib];
    if (a->tok < 0 || b->tok < 0)
        return b->space;
    int ka = a->kind, kb = b->kind;
    if (ka == TK_LPAREN || ka == TK_LBRACK || kb == TK_RPAREN || kb == TK_RBRACK)
        return false;
    if (ka == TK_LBRACE && kb == TK_RBRACE)
        return false;
    if (ka == TK_LBRACE || kb == TK_RBRACE)
        return fmt_brace_role(f, ka == TK_LBRACE ? a : b) != PR_LIT;
    if (kb == TK_COMMA || kb == TK_SEMI || kb == TK_COLON)
        return false;
    if (ka == TK_COMMA || ka == TK_SEMI)
        return true;
    if (ka == TK_COLON)     /* xs[a:b] hugs, `name: T` does not */
        return a->ctx < 0 || f->it[a->ctx].kind != TK_LBRACK;
    if (ka == TK_DOT || kb == TK_DOT || ka == TK_DOTDOT || kb == TK_DOTDOT || ka == TK_DOTDOTEQ || kb == TK_DOTDOTEQ)
        return false;
    if (fmt_binary(a) || fmt_binary(b))
        return true;
    if (fmt_prefix(a))
        return false;
    if (kb == TK_LPAREN)
        return fmt_space_paren(f, ia);
    if (kb == TK_LBRACK)
        return fmt_space_bracket(a);
    if (kb == TK_LBRACE)
        return fmt_space_brace(f, a, b);
    if (ka == TK_RBRACK)
        return !fmt_type_after_bracket[kb] || fmt_reusable_bracket(f, a);
    return true;
}

/* ================================================================
 * Items: tokens and comments in source order
 * ================================================================ */
static void fmt_push(Fmt *f, uint32_t off, uint32_t end, int tok, int kind, int role)
{
    FmtItem *x = &f->it[f->n++];
    memset(x, 0, sizeof *x);
    x->off = off;
    x->end = end;
    x->tok = tok;
    x->kind = (uint8_t)kind;
    x->role = (uint8_t)role;
    x->match = x->ctx = -1;
}

static void fmt_push_comment(Fmt *f, const LexComment *c)
{
    int kind = f->src[c->off + 1] == '/' ? FI_LINE : FI_BLOCK;
    uint32_t end = c->off + c->len;
    while (end > c->off + 2 && fmt_is_ws(f->src[end - 1]))
        end--;
    fmt_push(f, c->off, end, -1, kind, 0);
}

/* A token's text ends before the next token or comment, less whitespace
 * (no token ends in whitespace; a newline's TK_SEMI is no item). */
static void fmt_items(Fmt *f, const ParseLayout *l)
{
    int nc = l->comments.len, c = 0;
    f->it = SCRATCH_ARRAY(FmtItem, l->ntoks + nc + 1);
    for (int i = 0; i < l->ntoks; i++) {
        const Token *t = &l->toks[i];
        while (c < nc && VEC_AT(l->comments, LexComment *, c)->off < t->off)
            fmt_push_comment(f, VEC_AT(l->comments, LexComment *, c++));
        if (t->kind == TK_EOF)
            break;
        if (t->kind == TK_SEMI && t->newline)
            continue;
        uint32_t end = l->toks[i + 1].off;
        if (c < nc && VEC_AT(l->comments, LexComment *, c)->off < end)
            end = VEC_AT(l->comments, LexComment *, c)->off;
        while (end > t->off + 1 && fmt_is_ws(f->src[end - 1]))
            end--;
        fmt_push(f, t->off, end, i, t->kind, l->roles[i]);
        f->it[f->n - 1].line = t->line;
        f->it[f->n - 1].nl_semi = i > 0 && l->toks[i - 1].kind == TK_SEMI && l->toks[i - 1].newline;
    }
    while (c < nc)
        fmt_push_comment(f, VEC_AT(l->comments, LexComment *, c++));
}

/* What lies between the items in the source: newlines and spaces. */
static void fmt_gaps(Fmt *f, uint32_t start)
{
    uint32_t from = start;
    for (int k = 0; k < f->n; k++) {
        FmtItem *x = &f->it[k];
        int nl = 0;
        for (uint32_t p = from; p < x->off; p++)
            nl += f->src[p] == '\n';
        x->nl = (uint8_t)(nl > 2 ? 2 : nl);
        x->space = x->off > from;
        from = x->end;
    }
}

/* A `-` is unary unless a value ends right before it, on the same line
 * or inside ( ) or [ ], where newlines mean nothing. */
static void fmt_unary(Fmt *f)
{
    int prev = -1;
    for (int k = 0; k < f->n; k++) {
        FmtItem *x = &f->it[k];
        if (x->tok < 0)
            continue;
        bool grouped = x->ctx >= 0 && f->it[x->ctx].kind != TK_LBRACE;
        x->unary = x->kind == TK_MINUS &&
                   (prev < 0 || !fmt_operand_end[f->it[prev].kind] || (x->nl_semi && !grouped));
        prev = k;
    }
}

/* ================================================================
 * Structure: which braces are laid out one statement per line
 * ================================================================ */
/* A `{` ... `}` pair is complete: decide its layout. */
static void fmt_close_brace(Fmt *f, int o, int c)
{
    FmtItem *open = &f->it[o];
    int role = open->role & PR_BRACE_MASK;
    bool multi = f->it[c].line != open->line || open->broken;
    open->expanded = fmt_is_block(role) ? multi || open->nstmts > 1 : role == PR_BODY && multi;
    if (!open->expanded)
        return;
    int k = o + 1;
    while (f->it[k].tok < 0)
        k++;
    f->it[k].brk = true;
    f->it[c].brk = true;
}

/* Matches brackets, counts each block's statements, and decides which
 * braces are expanded, innermost first (an expanded brace breaks every
 * brace around it over lines too). Then the items of expanded braces
 * (statements; fields, variants, arms) start lines, and the `;` between
 * them go, as do those of any block. */
static void fmt_structure(Fmt *f)
{
    int *stack = SCRATCH_ARRAY(int, f->n + 1), sp = 0;
    for (int k = 0; k < f->n; k++) {
        FmtItem *x = &f->it[k];
        x->ctx = sp ? stack[sp - 1] : -1;
        if (x->tok < 0)
            continue;
        if ((x->role & PR_STMT) && x->ctx >= 0)
            f->it[x->ctx].nstmts++;
        if (fmt_is_opener(x->kind)) {
            stack[sp++] = k;
        } else if (fmt_is_closer(x->kind) && sp > 0) {
            int o = stack[--sp];
            x->match = o;
            f->it[o].match = k;
            if (x->kind == TK_RBRACE)
                fmt_close_brace(f, o, k);
            if (sp > 0)
                f->it[stack[sp - 1]].broken |= f->it[o].broken || f->it[o].expanded;
        }
    }
    for (int k = 0; k < f->n; k++) {
        FmtItem *x = &f->it[k];
        const FmtItem *ctx = x->ctx >= 0 ? &f->it[x->ctx] : NULL;
        if (x->tok >= 0 && (x->role & PR_STMT) && (!ctx || ctx->expanded))
            x->brk = true;
        if (x->kind == TK_SEMI && (!ctx || ctx->expanded || fmt_is_block(ctx->role & PR_BRACE_MASK)))
            x->drop = true;
    }
}

/* ================================================================
 * Printing lines
 * ================================================================ */
static void fmt_add_line(Fmt *f, FmtLine l)
{
    f->lines = mem_grow(g_scratch, f->lines, &f->cap, f->nlines, sizeof(FmtLine));
    f->lines[f->nlines++] = l;
}

static void fmt_end_line(Fmt *f)
{
    if (!f->in_line)
        return;
    if (!f->cur.ncom)
        f->cur.ncode = f->text.len - f->cur.code;
    fmt_add_line(f, f->cur);
    f->in_line = false;
}

/* One more level when the line continues a statement: inside braces (or
 * at the top level), after a token that neither ends a statement nor
 * opens or separates. Inside ( ) and [ ] newlines mean nothing. */
static int fmt_continues(const Fmt *f)
{
    if (f->last_tok < 0 || (f->nopen && f->open[f->nopen - 1].kind != TK_LBRACE))
        return 0;
    int k = f->it[f->last_tok].kind;
    return !lex_tok_ends_stmt[k] && k != TK_LBRACE && k != TK_SEMI && k != TK_COMMA;
}

static void fmt_start_line(Fmt *f, int k)
{
    const FmtItem *x = &f->it[k];
    const FmtOpen *top = f->nopen ? &f->open[f->nopen - 1] : NULL;
    int indent;
    if (x->tok >= 0 && fmt_is_closer(x->kind) && top)
        indent = top->close;
    else
        indent = (top ? top->content : 0) + fmt_continues(f);
    f->cur = (FmtLine){ .indent = indent, .code = f->text.len };
    f->in_line = true;
    f->line_tok = false;
}

/* Brackets opened on one line count once. A statement's block or body
 * brace that ends a header is one level in from the statement, wherever
 * the header broke (`if a &&\n    b {` and `fn f(a: int,\n    b: int) {`
 * have their bodies one level in); any other bracket (a closure's body
 * too) is one level in from its line. */
static void fmt_track(Fmt *f, int k)
{
    const FmtItem *x = &f->it[k];
    if (fmt_is_closer(x->kind)) {
        if (f->nopen)
            f->nopen--;
        return;
    }
    if (!fmt_is_opener(x->kind))
        return;
    FmtOpen *o = &f->open[f->nopen], *top = f->nopen ? o - 1 : NULL;
    int role = x->role & PR_BRACE_MASK;
    if (top && top->line == f->nlines)
        *o = *top;
    else if (x->kind == TK_LBRACE && (role == PR_BLOCK || role == PR_BODY) && f->line_tok)
        *o = (FmtOpen){ top ? top->content + 1 : 1, top ? top->content : 0, 0, 0 };
    else
        *o = (FmtOpen){ f->cur.indent + 1, f->cur.indent, 0, 0 };
    o->line = f->nlines;
    o->kind = x->kind;
    f->nopen++;
}

/* Line breaks before item k: the source's (a blank line at most, none
 * after an opening bracket or before a closing one), or one it must have
 * (a comment alone before it on its line may stay). */
static int fmt_breaks(const Fmt *f, int k, int nl)
{
    const FmtItem *x = &f->it[k], *p = &f->it[f->prev];
    if (((x->brk && f->line_tok) || p->kind == FI_LINE) && nl == 0)
        nl = 1;
    if (nl > 1 && ((p->tok >= 0 && fmt_is_opener(p->kind)) || (x->tok >= 0 && fmt_is_closer(x->kind))))
        nl = 1;
    return nl;
}

/* Puts item k after the previous one: on a new line (nl line breaks in
 * the source, or forced ones), or on this line after a space or none. */
static void fmt_place(Fmt *f, int k, int nl)
{
    const FmtItem *x = &f->it[k];
    if (f->prev < 0) {
        fmt_start_line(f, k);
    } else if ((nl = fmt_breaks(f, k, nl)) > 0) {
        fmt_end_line(f);
        if (nl > 1)
            fmt_add_line(f, (FmtLine){ .indent = -1 });
        fmt_start_line(f, k);
    } else if (x->kind != FI_LINE && fmt_space(f, f->prev, k)) {
        sb_putc(&f->text, ' ');
    }
}

/* A block comment that starts its line, over several lines: the lines
 * after its first that began with its first line's indentation in the
 * source begin with its new indentation instead, so the ` * ` lines of a
 * doc comment stay under its opening. Other lines are kept as they are. */
static void fmt_block_comment(Fmt *f, const FmtItem *x)
{
    uint32_t ls = x->off;
    while (ls > 0 && f->src[ls - 1] != '\n')
        ls--;
    size_t n = x->off - ls, i = 0;
    while (i < n && (f->src[ls + i] == ' ' || f->src[ls + i] == '\t'))
        i++;
    for (const char *p = f->src + x->off, *e = f->src + x->end; p < e; p++) {
        sb_putc(&f->text, *p);
        if (*p == '\n' && i == n && (size_t)(e - p - 1) >= n && memcmp(p + 1, f->src + ls, n) == 0) {
            for (int d = 0; d < f->cur.indent * FMT_INDENT; d++)
                sb_putc(&f->text, ' ');
            p += n;
        }
    }
}

/* Appends item k's text; a `//` comment after code is the line's trailing
 * comment (fmt_align places it). */
static void fmt_append(Fmt *f, int k)
{
    const FmtItem *x = &f->it[k];
    if (x->kind == FI_LINE && f->text.len > f->cur.code) {
        f->cur.ncode = f->text.len - f->cur.code;
        f->cur.com = f->text.len;
        f->cur.ncom = x->end - x->off;
    }
    if (x->kind == FI_BLOCK && f->text.len == f->cur.code)
        fmt_block_comment(f, x);
    else
        sb_putn(&f->text, f->src + x->off, x->end - x->off);
    if (x->tok >= 0) {
        fmt_track(f, k);
        f->last_tok = k;
        f->line_tok = true;
    }
    f->prev = k;
}

/* Prints the items into lines; a dropped `;` passes its line breaks on. */
static void fmt_emit(Fmt *f)
{
    int pending = 0;
    f->open = SCRATCH_ARRAY(FmtOpen, f->n + 1);
    f->prev = f->last_tok = -1;
    for (int k = 0; k < f->n; k++) {
        const FmtItem *x = &f->it[k];
        int nl = x->nl > pending ? x->nl : pending;
        pending = x->drop ? nl : 0;
        if (x->drop)
            continue;
        fmt_place(f, k, nl);
        fmt_append(f, k);
    }
    fmt_end_line(f);
}

/* ================================================================
 * Trailing comments and the final text
 * ================================================================ */
static size_t fmt_width(const char *s, size_t n)
{
    size_t w = 0;
    for (size_t i = 0; i < n; i++)
        w += ((unsigned char)s[i] & 0xC0) != 0x80;
    return w;
}

static bool fmt_aligns(const Fmt *f, const FmtLine *l)
{
    return l->indent >= 0 && l->ncom && l->ncode && !memchr(f->text.data + l->code, '\n', l->ncode);
}

/* Consecutive lines at one depth that end in a `//` comment have their
 * comments in one column. */
static void fmt_align(Fmt *f)
{
    for (int i = 0; i < f->nlines;) {
        FmtLine *l = &f->lines[i];
        l->col = fmt_width(f->text.data + l->code, l->ncode);
        int j = i + 1;
        if (fmt_aligns(f, l)) {
            size_t col = l->col;
            while (j < f->nlines && fmt_aligns(f, &f->lines[j]) && f->lines[j].indent == l->indent) {
                size_t w = fmt_width(f->text.data + f->lines[j].code, f->lines[j].ncode);
                col = w > col ? w : col;
                j++;
            }
            for (int k = i; k < j; k++)
                f->lines[k].col = col;
        }
        i = j;
    }
}

/* Appends s, dropping the whitespace before each newline. */
static void fmt_put(StrBuf *out, const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if (s[i] == '\n')
            while (out->len && (out->data[out->len - 1] == ' ' || out->data[out->len - 1] == '\t' ||
                                out->data[out->len - 1] == '\r'))
                out->len--;
        sb_putc(out, s[i]);
    }
}

static void fmt_spaces(StrBuf *out, size_t n)
{
    while (n--)
        sb_putc(out, ' ');
}

static void fmt_text(Fmt *f, StrBuf *out)
{
    fmt_align(f);
    for (int i = 0; i < f->nlines; i++) {
        const FmtLine *l = &f->lines[i];
        if (l->indent >= 0) {
            fmt_spaces(out, (size_t)l->indent * FMT_INDENT);
            fmt_put(out, f->text.data + l->code, l->ncode);
        }
        if (l->ncom) {
            fmt_spaces(out, l->col - fmt_width(f->text.data + l->code, l->ncode) + 1);
            fmt_put(out, f->text.data + l->com, l->ncom);
        }
        fmt_put(out, "\n", 1);
    }
}

/* ================================================================
 * Checking the result
 * ================================================================ */
static void fmt_dump(StrBuf *b, Module *m, const char *path)
{
    m->path = path;
    ast_dump_module(b, m);
}

/* The same tokens, bar `;` and newlines, with the same spelling and the
 * same roles (so the same statements, arms, fields and blocks, which the
 * tree dump does not all show). */
static bool fmt_same_tokens(const Fmt *a, const Fmt *b)
{
    int i = 0, j = 0;
    for (;;) {
        while (i < a->n && (a->it[i].tok < 0 || a->it[i].kind == TK_SEMI))
            i++;
        while (j < b->n && (b->it[j].tok < 0 || b->it[j].kind == TK_SEMI))
            j++;
        if (i == a->n || j == b->n)
            return i == a->n && j == b->n;
        const FmtItem *x = &a->it[i++], *y = &b->it[j++];
        if (x->kind != y->kind || x->role != y->role || x->end - x->off != y->end - y->off ||
            memcmp(a->src + x->off, b->src + y->off, x->end - x->off) != 0)
            return false;
    }
}

static int fmt_ncomments(const Fmt *f)
{
    int n = 0;
    for (int k = 0; k < f->n; k++)
        n += f->it[k].tok < 0;
    return n;
}

/* The formatted text parses to the same tree, tokens and comments. */
static bool fmt_verify(SrcFile *src, Module *m, const Fmt *f, const StrBuf *out)
{
    const char *path = mem_printf(g_arena, "%s (formatted)", src->path);
    SrcFile *again = src_from_text(path, out->data ? out->data : "", out->len);
    Module m2 = { 0 };
    ParseLayout l2;
    bool ok = parse_file_layout(again, &m2, &l2);
    Fmt g = { .src = again->text };
    if (ok) {
        fmt_items(&g, &l2);
        ok = fmt_same_tokens(f, &g) && fmt_ncomments(f) == fmt_ncomments(&g);
    }
    if (ok) {
        StrBuf d1 = { 0 }, d2 = { 0 };
        fmt_dump(&d1, m, src->path);
        fmt_dump(&d2, &m2, src->path);
        ok = d1.len == d2.len && memcmp(d1.data, d2.data, d1.len) == 0;
        sb_free(&d1);
        sb_free(&d2);
    }
    parse_layout_free(&l2);
    return ok;
}

/* The formatter's tables live in g_scratch, released at the end. */
FmtStatus fmt_source(SrcFile *src, StrBuf *out)
{
    Module m = { 0 };
    ParseLayout l;
    if (!parse_file_layout(src, &m, &l)) {
        parse_layout_free(&l);
        return FMT_SYNTAX;
    }
    ArenaMark mark = mem_mark(g_scratch);
    Fmt f = { .src = src->text };
    uint32_t start = src->len >= 3 && memcmp(src->text, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
    fmt_items(&f, &l);
    parse_layout_free(&l);
    fmt_gaps(&f, start);
    fmt_structure(&f);
    fmt_unary(&f);
    fmt_emit(&f);
    StrBuf res = { 0 };
    fmt_text(&f, &res);
    bool ok = fmt_verify(src, &m, &f, &res);
    sb_free(&f.text);
    mem_release(g_scratch, mark);
    if (!ok) {
        diag_error((Loc){ src->id, 1, 1 }, "internal error: goose fmt would change this file's "
                   "syntax tree; the file is left as it is (please report it)");
        sb_free(&res);
        return FMT_INTERNAL;
    }
    sb_putn(out, res.data ? res.data : "", res.len);
    sb_free(&res);
    return FMT_OK;
}
