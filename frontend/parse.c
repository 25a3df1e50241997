/* parse.c — recursive descent + precedence climbing: tokens (lex.h) to the
 * syntax tree of ast.h, one file at a time (parse_file).
 *
 * Decisions (the grammar's fine print; docs/language.md is the contract):
 *
 * Newlines. The lexer turns a newline after an identifier, a literal,
 * `) ] }`, or break/continue/return into a TK_SEMI marked `newline`, as in
 * Go. A statement ends at a `;`, at such a newline, or right before the `}`
 * closing its block; a statement that itself ends with a block (if, while,
 * for, a nested block) is also ended by that `}` (so `if a > b { return a }
 * return b` is two statements), as is a top-level fn or struct. Inside
 * `( )` and `[ ]` newlines mean nothing at all (p->nl_skip), so argument
 * lists, parameter lists, array literals and parenthesised expressions may
 * be broken anywhere, with or without a trailing comma (more lenient than
 * Go, never ambiguous). A block opened inside them (a closure body) makes
 * newlines significant again. Struct declarations and struct literals
 * separate fields by `,` or a newline. `else` must follow the `}` on the
 * same line; on the next line it is reported and then accepted.
 *
 * Struct literals. `Name {`, `mod.Name {`, `Name[T, U] {` and
 * `mod.Name[T] {` are struct literals wherever an expression may start,
 * except at the top level of an if/while/for header (p->no_lit), where the
 * `{` opens the body, as in Go; parentheses or brackets lift the
 * restriction. Whether `Name[...]` is a struct type is decided by
 * speculatively parsing it as a type and looking for `{` right after it
 * (errors are muted during speculation and the position is restored).
 * When a header is followed by `{ ident :` or `{ } {`, the user almost
 * certainly wrote an unparenthesised literal: that gets its own message.
 * `make(` followed by `[` parses its first argument as a type (call.make_type).
 *
 * Slice literals. `[]` followed by a type starts `[]T{...}`, refused at the
 * top level of a header like a struct literal; inside its braces newlines
 * are invisible and an element may be `{...}` without a type (a struct
 * literal when it starts `{name:`, else a slice literal). `name[T](` and
 * `x.name[T](` carry explicit type arguments when the brackets parse as
 * types (post_targs); `E[A, B].V` and `f[A, B]` with no call are an index
 * holding the types (index.targs) when the brackets are no expression.
 *
 * Precedence, loosest first: || && (== != < <= > >=) | ^ & (<< >>) (+ -)
 * (* / %), then unary - ! ~, then postfix call/index/slice/field/`as T`.
 * Comparisons do not associate: `a < b < c` is reported (once) and parsed
 * as `(a < b) < c`; `(a < b) < c` is fine syntactically (EX_PAREN).
 *
 * Locations: Expr.loc is the expression's first token (a postfix or binary
 * node takes its base's/lhs's loc), Stmt.loc the statement's first token
 * (an assignment: its target's), Decl.loc the declared name (an import:
 * its path string), TypeExpr.loc its first token, Block.loc its `{`.
 *
 * Errors and recovery. The first error inside a statement is reported and
 * sets p->in_error, which mutes everything until the enclosing block (or
 * the top level) resynchronises: skip to the statement's end (a `;` or
 * newline at bracket depth 0 relative to the statement's start, or the `}`
 * closing the block); a bracket the mistake left open is forgiven at the
 * first line indented no deeper than the statement. `fn name`, `struct`,
 * `import`, `const` or `inline` where a statement should start means a
 * block was left open: reported once, and every open block closes there;
 * that error and "found end of file" carry a note at the '{' left open,
 * guessed from indentation (unclosed_brace).
 * At the top level, skip to a declaration keyword in column 1. Every
 * recovery step consumes a token, so nothing loops. At end
 * of file the mute stays on (one "found end of file" at most). Recursion is
 * bounded: nesting of expressions, types and blocks deeper than
 * PARSE_MAX_NEST is an error, and so is an expression tree taller than
 * PARSE_MAX_HEIGHT (long operator/postfix chains), so later recursive
 * passes are safe too; after such an error the rest of the declaration
 * is skipped (too_deep). The limits are documented in docs/language.md
 * ("Limits") and pinned by tests/hostile. Everything is linear in the input, except the
 * struct-literal speculation which is bounded by the nesting limit.
 *
 * For goose fmt (parse_file_layout, layout.h) the parser also records the
 * role of each `{` (block, closure body, declaration or match body,
 * literal) and the
 * first token of each statement, declaration, field, variant and arm.
 * Not for: names, types or any meaning (check.c). */
#include "ast.h"
#include "layout.h"
#include "lex.h"

#include <stdlib.h>
#include <string.h>

enum {
    PARSE_MAX_NEST = 1000,      /* nested ( [ { unary-ops types blocks */
    PARSE_MAX_HEIGHT = 2500,    /* height of one expression tree */
    PARSE_MAX_ELSE_IF = 2500,   /* `else if` arms in one chain */
    PREC_CMP = 3,
};

/* ---- per-token facts from tokens.def ---- */
enum {
    OPC_NONE = -2,
    OPC_SET = ASSIGN_SET,
#define OP_OPC(id, s) OPC_##id = BIN_##id,
    GS_BINOPS(OP_OPC)
#undef OP_OPC
};

static const int8_t tok_prec[TK__COUNT] = {
#define TOK(id, sp, cls, ends, prec, bin, asg) [TK_##id] = prec,
#include "tokens.def"
#undef TOK
};

static const int8_t tok_binop[TK__COUNT] = {
#define TOK(id, sp, cls, ends, prec, bin, asg) [TK_##id] = OPC_##bin,
#include "tokens.def"
#undef TOK
};

static const int8_t tok_assignop[TK__COUNT] = {
#define TOK(id, sp, cls, ends, prec, bin, asg) [TK_##id] = OPC_##asg,
#include "tokens.def"
#undef TOK
};

/* UnOp + 1 of a prefix operator token, 0 otherwise. */
static const int8_t tok_unop[TK__COUNT] = {
    [TK_MINUS] = UN_NEG + 1, [TK_BANG] = UN_NOT + 1, [TK_TILDE] = UN_BITNOT + 1,
};

/* Tokens that may start a top-level declaration (recovery stops there). */
static const bool tok_starts_decl[TK__COUNT] = {
    [TK_FN] = 1, [TK_INLINE] = 1, [TK_STRUCT] = 1, [TK_ENUM] = 1, [TK_CONST] = 1,
    [TK_VAR] = 1, [TK_IMPORT] = 1,
};

/* Statements that end with their own block: the `}` ends them too. */
static const bool stmt_ends_with_block[ST__COUNT] = {
    [ST_IF] = 1, [ST_WHILE] = 1, [ST_FOR_RANGE] = 1, [ST_FOR_EACH] = 1, [ST_BLOCK] = 1,
    [ST_DEFER] = 1,     /* parse_defer ends the deferred statement itself */
    [ST_MATCH] = 1,
};

typedef struct Parser {
    SrcFile *src;
    Token *toks;
    int ntoks, pos;
    int depth;          /* current nesting (PARSE_MAX_NEST) */
    int h;              /* height of the expression just parsed */
    int nl_skip;        /* > 0 inside ( ) and [ ]: newline tokens are invisible */
    bool no_lit;        /* if/while/for header: `Name {` opens the body */
    bool in_targs;      /* speculating explicit type arguments (not nested) */
    bool spec_deep;     /* a speculation met the nesting limit */
    bool targs_off;     /* ... one of type arguments: no more such speculation */
    bool in_error;      /* an error was reported: quiet until resync */
    int spec;           /* > 0 while speculating: errors only set spec_failed */
    bool spec_failed;
    int decl_stop;      /* a declaration keyword that closed open blocks */
    Vec lex_diags;      /* LexDiag*: the lexer's errors, in source order */
    int lex_diags_done; /* how many of them are reported */
    void **stack;       /* scratch stack for building lists */
    int sp, scap;
    uint8_t *roles;     /* ParseRole per token for goose fmt, or NULL */
} Parser;

/* ================================================================
 * Tokens
 * ================================================================ */
static int skip_nl(Parser *p, int i)
{
    if (p->nl_skip)
        while (p->toks[i].kind == TK_SEMI && p->toks[i].newline)
            i++;
    return i;
}

static Token *peek(Parser *p)
{
    p->pos = skip_nl(p, p->pos);
    return &p->toks[p->pos];
}

static Token *peek_n(Parser *p, int n)
{
    int i = skip_nl(p, p->pos);
    while (n-- > 0 && p->toks[i].kind != TK_EOF)
        i = skip_nl(p, i + 1);
    return &p->toks[i];
}

static bool at(Parser *p, TokKind k) { return peek(p)->kind == k; }

static Token *advance(Parser *p)
{
    Token *t = peek(p);
    if (t->kind != TK_EOF)
        p->pos++;
    return t;
}

static bool accept(Parser *p, TokKind k)
{
    if (!at(p, k))
        return false;
    p->pos++;
    return true;
}

static Loc tloc(Parser *p, const Token *t) { return lex_loc(p->src, t); }

/* goose fmt's record (parse_file_layout): a `{`'s role, or PR_STMT.
 * Returns t. */
static const Token *mark(Parser *p, const Token *t, int role)
{
    if (!p->roles || p->spec || !t)
        return t;
    uint8_t *r = &p->roles[t - p->toks];
    *r = role == PR_STMT ? *r | PR_STMT : (uint8_t)((*r & PR_STMT) | role);
    return t;
}

/* ================================================================
 * Errors
 * ================================================================ */
static const char *describe(const Token *t)
{
    switch (t->kind) {
    case TK_IDENT:
        return mem_printf(g_arena, "identifier '%.40s%s'", t->name, strlen(t->name) > 40 ? "..." : "");
    case TK_SEMI:
        return t->newline ? "newline" : "';'";
    case TK_EOF: case TK_ERROR: case TK_INT: case TK_FLOAT: case TK_CHAR: case TK_STRING:
        return lex_tok_spelling[t->kind];
    default:
        return mem_printf(g_arena, "'%s'", lex_tok_spelling[t->kind]);
    }
}

/* How to name a wanted token kind in "expected X". */
static const char *want_name(TokKind k)
{
    if (k == TK_IDENT || k == TK_STRING || k == TK_INT || k == TK_EOF)
        return lex_tok_spelling[k];
    return mem_printf(g_arena, "'%s'", lex_tok_spelling[k]);
}

static bool loc_before(Loc a, Loc b)
{
    return a.line < b.line || (a.line == b.line && a.col <= b.col);
}

/* Report the lexer's errors located before `upto`, so that all errors
 * come out in source order. */
static void flush_lex_diags(Parser *p, Loc upto, bool all)
{
    while (p->lex_diags_done < p->lex_diags.len) {
        LexDiag *d = VEC_AT(p->lex_diags, LexDiag *, p->lex_diags_done);
        if (!all && !loc_before(d->loc, upto))
            break;
        diag_error(d->loc, "%s", d->msg);
        p->lex_diags_done++;
    }
}

/* Habits from other languages that stop the parser, by the tokens around
 * the one it did not expect (and what it expected instead), with what
 * Goose writes; the first row that fits gives a hint line after the error.
 * A kind of ANY_TOK matches every token, a NULL name every identifier;
 * line, when not ANY_TOK, is the kind of the first token on the line. */
#define ANY_TOK TK__COUNT
typedef struct ParseHabit {
    TokKind line;
    TokKind prev;           /* the token before the unexpected one */
    const char *prev_name;
    TokKind found;          /* the unexpected token */
    const char *found_name;
    TokKind next;           /* the one after it, touching it */
    const char *expected;   /* the message is "expected <this>...", or NULL */
    const char *hint;
} ParseHabit;

static const ParseHabit parse_habits[] = {
    { ANY_TOK, ANY_TOK, NULL, TK_COLON, NULL, ANY_TOK, "'in'", "a counting loop is for i in 0..n" },
    { ANY_TOK, ANY_TOK, NULL, TK_LPAREN, NULL, ANY_TOK, "loop variable", "a counting loop is for i in 0..n" },
    { ANY_TOK, ANY_TOK, NULL, TK_COLON, NULL, TK_ASSIGN, NULL, "declare with let (or var for a mutable one): let x = v" },
    { ANY_TOK, ANY_TOK, NULL, TK_COLON, NULL, TK_COLON, NULL, "a module's names are written with a dot: module.name" },
    { ANY_TOK, TK_IDENT, "mut", ANY_TOK, NULL, ANY_TOK, NULL, "a mutable binding is a var: var x = v" },
    { ANY_TOK, TK_IDENT, "not", ANY_TOK, NULL, ANY_TOK, NULL, "write !x" },
    { ANY_TOK, ANY_TOK, NULL, TK_IDENT, "and", ANY_TOK, NULL, "write &&" },
    { ANY_TOK, ANY_TOK, NULL, TK_IDENT, "or", ANY_TOK, NULL, "write ||" },
    { ANY_TOK, ANY_TOK, NULL, TK_IDENT, "func", ANY_TOK, NULL, "a function is declared with fn" },
    { ANY_TOK, ANY_TOK, NULL, TK_IDENT, "def", ANY_TOK, NULL, "a function is declared with fn" },
    { ANY_TOK, ANY_TOK, NULL, TK_IDENT, "function", ANY_TOK, NULL, "a function is declared with fn" },
    { ANY_TOK, ANY_TOK, NULL, TK_IDENT, "impl", ANY_TOK, NULL, "a method is declared on its own: fn (p: P) name() { ... }" },
    { ANY_TOK, ANY_TOK, NULL, TK_IDENT, "pub", ANY_TOK, NULL, "Goose has no pub: an importer sees every top-level name" },
    { ANY_TOK, ANY_TOK, NULL, TK_IDENT, "elif", ANY_TOK, NULL, "write else if" },
    { ANY_TOK, TK_IDENT, "elif", ANY_TOK, NULL, ANY_TOK, NULL, "write else if" },
    { ANY_TOK, TK_IDENT, NULL, TK_BANG, NULL, TK_LPAREN, NULL, "Goose has no macros: call the function, println(...)" },
    { ANY_TOK, ANY_TOK, NULL, TK_QUESTION, NULL, ANY_TOK, NULL, "Goose has neither c ? a : b nor Rust's f()?: write an if or a match" },
    { ANY_TOK, ANY_TOK, NULL, TK_AMP, NULL, ANY_TOK, "expression", "Goose has no &: a ref parameter takes the place itself, f(x)" },
    { ANY_TOK, ANY_TOK, NULL, TK_STAR, NULL, ANY_TOK, "expression", "Goose has no *: a reference reads and writes as its place" },
    { ANY_TOK, ANY_TOK, NULL, TK_REF, NULL, ANY_TOK, "expression", "no expression makes a reference: a ref parameter takes the place itself, f(x), and a function may return one, -> ref T" },
    { TK_FN, TK_RPAREN, NULL, TK_IDENT, NULL, ANY_TOK, "'{'", "the result type follows an arrow: fn f() -> int" },
    { TK_FN, TK_RPAREN, NULL, TK_COLON, NULL, ANY_TOK, "'{'", "the result type follows an arrow: fn f() -> int" },
    { TK_FN, TK_RPAREN, NULL, TK_FATARROW, NULL, ANY_TOK, "'{'", "the result type follows an arrow: fn f() -> int" },
    { TK_IF, ANY_TOK, NULL, ANY_TOK, NULL, ANY_TOK, "'{'", "the body is a block, even of one statement: if c { ... }" },
    { TK_WHILE, ANY_TOK, NULL, ANY_TOK, NULL, ANY_TOK, "'{'", "the body is a block, even of one statement: while c { ... }" },
    { TK_FOR, ANY_TOK, NULL, ANY_TOK, NULL, ANY_TOK, "'{'", "the body is a block, even of one statement: for i in 0..n { ... }" },
    { ANY_TOK, TK_IDENT, NULL, TK_IDENT, NULL, ANY_TOK, "':' or '='", "a type follows a colon: var x: int = v" },
    { ANY_TOK, TK_IDENT, NULL, TK_IDENT, NULL, ANY_TOK, "':'", "a type follows a colon: name: int" },
    { ANY_TOK, ANY_TOK, NULL, TK_IDENT, NULL, ANY_TOK, "import path", "the path is a string: import \"strings\"" },
};

/* Columns of blanks that start the line holding byte off. */
static int line_indent(const SrcFile *f, uint32_t off)
{
    const char *s = f->text + off;
    while (s > f->text && s[-1] != '\n')
        s--;
    int n = 0;
    while (s[n] == ' ' || s[n] == '\t')
        n++;
    return n;
}

static bool first_on_line(const SrcFile *f, uint32_t off)
{
    const char *s = f->text + off;
    while (s > f->text && (s[-1] == ' ' || s[-1] == '\t'))
        s--;
    return s == f->text || s[-1] == '\n';
}

static const bool tok_is_keyword[TK__COUNT] = {
#define KW_K 1
#define KW_P 0
#define KW_L 0
#define TOK(id, sp, cls, ends, prec, bin, asg) [TK_##id] = KW_##cls,
#include "tokens.def"
#undef TOK
#undef KW_K
#undef KW_P
#undef KW_L
};

/* A misspelt keyword (retrun x, whlie c {) parses as a name and stops the
 * parser at the token after it (at the name itself for a declaration,
 * fucn): the keyword nearest to a name of four letters or more that starts
 * a line or follows '}', one edit away (two from seven letters on), or
 * NULL. */
static const char *typo_keyword(Parser *p, const Token *t)
{
    if (!t || t->kind != TK_IDENT || !(first_on_line(p->src, t->off) || (t > p->toks && t[-1].kind == TK_RBRACE)))
        return NULL;
    int len = (int)strlen(t->name), limit = len >= 7 ? 2 : 1;
    if (len < 4)
        return NULL;
    const char *best = NULL;
    for (int k = 0, d; k < TK__COUNT; k++)
        if (tok_is_keyword[k] && len > limit && (d = name_distance(t->name, lex_tok_spelling[k], limit)) <= limit) {
            best = !best || d < name_distance(t->name, best, limit) ? lex_tok_spelling[k] : best;
        }
    return best;
}

static bool habit_tok(TokKind want, const char *name, const Token *t)
{
    return want == ANY_TOK || (t && t->kind == want && (!name || (t->kind == TK_IDENT && strcmp(t->name, name) == 0)));
}

/* The first token on t's line. */
static const Token *line_start(Parser *p, const Token *t)
{
    while (t > p->toks && t[-1].line == t->line && t[-1].kind != TK_SEMI)
        t--;
    return t;
}

static void habit_hint(Parser *p, const Token *t, const char *msg)
{
    if (t < p->toks || t >= p->toks + p->ntoks)
        return;
    const Token *prev = t > p->toks ? t - 1 : NULL, *next = t->kind != TK_EOF ? t + 1 : NULL;
    TokKind first = line_start(p, t)->kind;
    for (size_t i = 0; i < sizeof parse_habits / sizeof parse_habits[0]; i++) {
        const ParseHabit *h = &parse_habits[i];
        if (h->line != ANY_TOK && h->line != first && !(h->line == TK_FN && first == TK_INLINE))
            continue;
        if (h->expected && (strncmp(msg, "expected ", 9) != 0 || strncmp(msg + 9, h->expected, strlen(h->expected)) != 0))
            continue;
        if (!habit_tok(h->prev, h->prev_name, prev) || !habit_tok(h->found, h->found_name, t))
            continue;
        if (h->next != ANY_TOK && !(next && next->kind == h->next && next->off == t->off + 1))
            continue;
        diag_hint(tloc(p, t), "%s", h->hint);
        return;
    }
    bool at_decl = strncmp(msg, "expected declaration", 20) == 0;
    const Token *typo = at_decl && typo_keyword(p, t) ? t : typo_keyword(p, prev) ? prev : NULL;
    if (typo)
        diag_hint(tloc(p, typo), "did you mean %s?", typo_keyword(p, typo));
}

static void emit(Parser *p, const Token *t, const char *fmt, va_list ap)
{
    Loc loc = tloc(p, t);
    flush_lex_diags(p, loc, false);
    StrBuf m = { 0 };
    sb_vprintf(&m, fmt, ap);
    diag_error(loc, "%s", sb_cstr(&m));
    habit_hint(p, t, sb_cstr(&m));
    sb_free(&m);
}

/* An error that leaves the parser out of step: report, then stay quiet
 * until the next resynchronisation. */
static void fail(Parser *p, const Token *t, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void fail(Parser *p, const Token *t, const char *fmt, ...)
{
    if (p->spec) {              /* silent, but recovery runs as it would (its loops end) */
        p->spec_failed = p->in_error = true;
        return;
    }
    if (p->in_error)
        return;
    p->in_error = true;
    if (t->kind == TK_ERROR)
        return;             /* the lexer already reported it */
    va_list ap;
    va_start(ap, fmt);
    emit(p, t, fmt, ap);
    va_end(ap);
}

/* An error after which parsing goes on normally. */
static void report(Parser *p, const Token *t, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void report(Parser *p, const Token *t, const char *fmt, ...)
{
    if (p->spec) {
        p->spec_failed = true;
        return;
    }
    if (p->in_error)
        return;
    va_list ap;
    va_start(ap, fmt);
    emit(p, t, fmt, ap);
    va_end(ap);
}

static void expected(Parser *p, const char *what)
{
    Token *t = peek(p);
    fail(p, t, "expected %s, found %s", what, describe(t));
}

static Token *expect(Parser *p, TokKind k)
{
    if (at(p, k))
        return advance(p);
    expected(p, want_name(k));
    return NULL;
}

static Token *expect_what(Parser *p, TokKind k, const char *what)
{
    if (at(p, k))
        return advance(p);
    expected(p, what);
    return NULL;
}

/* Past a nesting limit: reported, and the rest of the declaration is
 * skipped, up to the next declaration keyword in column 1 (recovery inside
 * such a construct would meet the limit again at every deeper level, and
 * its closing brackets would all be strays); every open block closes
 * there, as when a `fn` appears inside a block. */
static void too_deep(Parser *p, const Token *t, const char *msg)
{
    fail(p, t, "%s", msg);
    p->spec_deep |= p->spec > 0;
    if (p->spec)
        return;
    while (p->toks[p->pos].kind != TK_EOF
           && !(tok_starts_decl[p->toks[p->pos].kind] && p->toks[p->pos].col == 1))
        p->pos++;
    p->decl_stop = p->pos;          /* the blocks close there silently */
}

static bool enter(Parser *p, const char *what)
{
    if (p->depth >= PARSE_MAX_NEST) {
        too_deep(p, peek(p), mem_printf(g_arena, "%s nested too deeply (limit %d)", what, PARSE_MAX_NEST));
        return false;
    }
    p->depth++;
    return true;
}

static void leave(Parser *p) { p->depth--; }

static bool height_ok(Parser *p, int h, const Token *t)
{
    if (h <= PARSE_MAX_HEIGHT)
        return true;
    too_deep(p, t, mem_printf(g_arena, "expression too deep: more than %d operators, calls or "
                                       "postfix operations nested in one expression", PARSE_MAX_HEIGHT));
    return false;
}

/* ================================================================
 * Recovery
 * ================================================================ */
static int bracket_step(int bal, int kind)
{
    if (kind == TK_LPAREN || kind == TK_LBRACK || kind == TK_LBRACE)
        return bal + 1;
    if (kind == TK_RPAREN || kind == TK_RBRACK || kind == TK_RBRACE)
        return bal > 0 ? bal - 1 : 0;
    return bal;
}

/* A token that begins its line left of column `col`, or at it unless it
 * is a closing bracket (which conventionally sits under its statement). */
static bool starts_line_at_most(Parser *p, int i, int col)
{
    Token *t = &p->toks[i];
    if (i == 0 || t->line == p->toks[i - 1].line || t->col > col)
        return false;
    return t->col < col || bracket_step(1, t->kind) != 0;
}

/* Skip the rest of the statement that began at token `start`: up to a
 * terminator (consumed) or the `}` of the enclosing block (not consumed),
 * counting the brackets the statement opened. A bracket left open by the
 * mistake would swallow the rest of the block, so a line indented no
 * deeper than the statement's own first line ends the skip too. */
static void sync_stmt(Parser *p, int start)
{
    int bal = 0, col = p->toks[start].col;
    for (int i = start; i < p->pos; i++)
        bal = bracket_step(bal, p->toks[i].kind);
    for (;;) {
        Token *t = &p->toks[p->pos];
        if (t->kind == TK_EOF)
            return;
        if (bal > 0 && starts_line_at_most(p, p->pos, col))
            bal = 0;
        if (bal == 0 && t->kind == TK_RBRACE)
            break;
        if (bal == 0 && p->pos > start && starts_line_at_most(p, p->pos, col))
            break;
        p->pos++;
        if (bal == 0 && t->kind == TK_SEMI)
            break;
        bal = bracket_step(bal, t->kind);
    }
    p->in_error = false;
}

/* Skip to the next declaration keyword in column 1. */
static void sync_decl(Parser *p, int start)
{
    if (p->pos == start && p->toks[p->pos].kind != TK_EOF)
        p->pos++;
    for (Token *t = &p->toks[p->pos]; t->kind != TK_EOF; t = &p->toks[++p->pos])
        if (tok_starts_decl[t->kind] && t->col == 1) {
            p->in_error = false;
            return;
        }
}

/* Skip a balanced `{ ... }` starting at the current `{`. */
static void skip_balanced(Parser *p)
{
    int bal = 0;
    do {
        Token *t = &p->toks[p->pos];
        if (t->kind == TK_EOF)
            return;
        bal = bracket_step(bal, t->kind);
        p->pos++;
    } while (bal > 0);
}

/* ================================================================
 * Speculation: try a parse with errors muted; undo it when it fails.
 * ================================================================ */
typedef struct Spec {
    int pos, sp;
    bool failed, in_error;
} Spec;

static void spec_begin(Parser *p, Spec *s)
{
    *s = (Spec){ p->pos, p->sp, p->spec_failed, p->in_error };
    p->spec++;
    p->spec_failed = false;
}

/* Ends the speculation; keeps its result when it parsed cleanly and `ok`. */
static bool spec_end(Parser *p, Spec *s, bool ok)
{
    ok = ok && !p->spec_failed;
    p->spec--;
    p->spec_failed = s->failed;
    p->in_error = s->in_error;
    if (!ok) {
        p->pos = s->pos;
        p->sp = s->sp;
    }
    return ok;
}

/* ================================================================
 * Scratch lists
 * ================================================================ */
static void spush(Parser *p, void *x)
{
    if (p->sp == p->scap) {
        p->scap = p->scap ? p->scap * 2 : 256;
        p->stack = realloc(p->stack, sizeof(void *) * (size_t)p->scap);
        if (!p->stack)
            fatal_internal("out of memory");
    }
    p->stack[p->sp++] = x;
}

static int list_len(Parser *p, int base) { return p->sp - base; }

static Expr **pop_exprs(Parser *p, int base, int *n)
{
    *n = list_len(p, base);
    Expr **a = *n ? NEW_ARRAY(Expr *, *n) : NULL;
    for (int i = 0; i < *n; i++)
        a[i] = p->stack[base + i];
    p->sp = base;
    return a;
}

static Stmt **pop_stmts(Parser *p, int base, int *n)
{
    *n = list_len(p, base);
    Stmt **a = *n ? NEW_ARRAY(Stmt *, *n) : NULL;
    for (int i = 0; i < *n; i++)
        a[i] = p->stack[base + i];
    p->sp = base;
    return a;
}

static TypeExpr **pop_types(Parser *p, int base, int *n)
{
    *n = list_len(p, base);
    TypeExpr **a = *n ? NEW_ARRAY(TypeExpr *, *n) : NULL;
    for (int i = 0; i < *n; i++)
        a[i] = p->stack[base + i];
    p->sp = base;
    return a;
}

static const char **pop_names(Parser *p, int base, int *n)
{
    *n = list_len(p, base);
    const char **a = *n ? NEW_ARRAY(const char *, *n) : NULL;
    for (int i = 0; i < *n; i++)
        a[i] = p->stack[base + i];
    p->sp = base;
    return a;
}

static Decl **pop_decls(Parser *p, int base, int *n)
{
    *n = list_len(p, base);
    Decl **a = *n ? NEW_ARRAY(Decl *, *n) : NULL;
    for (int i = 0; i < *n; i++)
        a[i] = p->stack[base + i];
    p->sp = base;
    return a;
}

static Param *pop_params(Parser *p, int base, int *n)
{
    *n = list_len(p, base);
    Param *a = *n ? NEW_ARRAY(Param, *n) : NULL;
    for (int i = 0; i < *n; i++)
        a[i] = *(Param *)p->stack[base + i];
    p->sp = base;
    return a;
}

static FieldInit *pop_inits(Parser *p, int base, int *n)
{
    *n = list_len(p, base);
    FieldInit *a = *n ? NEW_ARRAY(FieldInit, *n) : NULL;
    for (int i = 0; i < *n; i++)
        a[i] = *(FieldInit *)p->stack[base + i];
    p->sp = base;
    return a;
}

static FieldDecl *pop_fields(Parser *p, int base, int *n)
{
    *n = list_len(p, base);
    FieldDecl *a = *n ? NEW_ARRAY(FieldDecl, *n) : NULL;
    for (int i = 0; i < *n; i++)
        a[i] = *(FieldDecl *)p->stack[base + i];
    p->sp = base;
    return a;
}

/* ================================================================
 * Newline contexts
 * ================================================================ */
/* Inside ( ) or [ ]: newlines are invisible, struct literals allowed. */
static bool group_open(Parser *p)
{
    bool saved = p->no_lit;
    p->no_lit = false;
    p->nl_skip++;
    return saved;
}

static void group_close(Parser *p, bool saved_no_lit)
{
    p->nl_skip--;
    p->no_lit = saved_no_lit;
}

/* Inside { } of a block or struct literal: newlines count again. */
typedef struct Ctx {
    int nl_skip;
    bool no_lit;
} Ctx;

static Ctx braces_open(Parser *p)
{
    Ctx c = { p->nl_skip, p->no_lit };
    p->nl_skip = 0;
    p->no_lit = false;
    return c;
}

static void braces_close(Parser *p, Ctx c)
{
    p->nl_skip = c.nl_skip;
    p->no_lit = c.no_lit;
}

static bool at_newline(Parser *p)
{
    Token *t = peek(p);
    return t->kind == TK_SEMI && t->newline;
}

/* ================================================================
 * Types
 * ================================================================ */
static TypeExpr *parse_type(Parser *p);
static Expr *parse_expr(Parser *p);
static Block *parse_block(Parser *p);

static TypeExpr *err_type(Parser *p)
{
    TypeExpr *t = ast_type(TE_NAME, tloc(p, peek(p)));
    t->name = intern_cstr("<error>");
    return t;
}

/* `[` T, U `]` after a generic type's name. */
static void parse_type_args(Parser *p, TypeExpr *t)
{
    p->pos++;
    bool saved = group_open(p);
    int base = p->sp;
    while (!at(p, TK_RBRACK) && !at(p, TK_EOF)) {
        spush(p, parse_type(p));
        if (p->in_error || !accept(p, TK_COMMA))
            break;
    }
    expect(p, TK_RBRACK);
    group_close(p, saved);
    t->args = pop_types(p, base, &t->nargs);
}

/* name, mod.name, name[T, U], mod.name[T] */
static TypeExpr *parse_named_type(Parser *p)
{
    Token *a = advance(p);
    TypeExpr *t = ast_type(TE_NAME, tloc(p, a));
    t->name = a->name;
    if (accept(p, TK_DOT)) {
        Token *b = expect_what(p, TK_IDENT, "type name");
        t->module = t->name;
        t->name = b ? b->name : intern_cstr("<error>");
    }
    if (at(p, TK_LBRACK))
        parse_type_args(p, t);
    return t;
}

static TypeExpr *type_with_elem(Parser *p, TypeExprKind kind, Token *first)
{
    TypeExpr *t = ast_type(kind, tloc(p, first));
    t->elem = parse_type(p);
    return t;
}

/* []T, [N]T */
static TypeExpr *parse_array_type(Parser *p)
{
    Token *lb = advance(p);
    if (accept(p, TK_RBRACK))
        return type_with_elem(p, TE_SLICE, lb);
    bool saved = group_open(p);
    Expr *len = parse_expr(p);
    expect(p, TK_RBRACK);
    group_close(p, saved);
    TypeExpr *t = type_with_elem(p, TE_ARRAY, lb);
    t->len = len;
    return t;
}

static TypeExpr *parse_optional_type(Parser *p) { return type_with_elem(p, TE_OPTIONAL, advance(p)); }
static TypeExpr *parse_ref_type(Parser *p) { return type_with_elem(p, TE_REF, advance(p)); }

/* reusable T, reusable[] T */
static TypeExpr *parse_reusable_type(Parser *p)
{
    Token *kw = advance(p);
    if (at(p, TK_LBRACK) && peek_n(p, 1)->kind == TK_RBRACK) {
        p->pos++;
        advance(p);
        return type_with_elem(p, TE_REUSABLE_SLICE, kw);
    }
    return type_with_elem(p, TE_REUSABLE, kw);
}

/* fn(A, B) -> R */
static TypeExpr *parse_fn_type(Parser *p)
{
    TypeExpr *t = ast_type(TE_FN, tloc(p, advance(p)));
    if (!expect(p, TK_LPAREN))
        return t;
    bool saved = group_open(p);
    int base = p->sp;
    while (!at(p, TK_RPAREN) && !at(p, TK_EOF)) {
        spush(p, parse_type(p));
        if (p->in_error || !accept(p, TK_COMMA))
            break;
    }
    expect(p, TK_RPAREN);
    group_close(p, saved);
    t->args = pop_types(p, base, &t->nargs);
    if (accept(p, TK_ARROW))
        t->elem = parse_type(p);
    return t;
}

/* (A, B): several results; (A) is A */
static TypeExpr *parse_results_type(Parser *p)
{
    TypeExpr *t = ast_type(TE_RESULTS, tloc(p, advance(p)));
    bool saved = group_open(p);
    int base = p->sp;
    do {
        spush(p, parse_type(p));
    } while (!p->in_error && accept(p, TK_COMMA) && !at(p, TK_RPAREN));
    expect(p, TK_RPAREN);
    group_close(p, saved);
    t->args = pop_types(p, base, &t->nargs);
    return t->nargs == 1 ? t->args[0] : t;
}

typedef TypeExpr *(*TypeFn)(Parser *);
static const TypeFn type_parsers[TK__COUNT] = {
    [TK_IDENT] = parse_named_type, [TK_LBRACK] = parse_array_type,
    [TK_QUESTION] = parse_optional_type, [TK_REF] = parse_ref_type,
    [TK_FN] = parse_fn_type, [TK_REUSABLE] = parse_reusable_type,
    [TK_LPAREN] = parse_results_type,
};

static TypeExpr *parse_type(Parser *p)
{
    TypeFn f = type_parsers[peek(p)->kind];
    if (!f) {
        expected(p, "type");
        return err_type(p);
    }
    if (!enter(p, "type"))
        return err_type(p);
    TypeExpr *t = f(p);
    leave(p);
    return t;
}

/* ================================================================
 * Expressions
 * ================================================================ */
static Expr *leaf(Parser *p, Expr *e)
{
    p->h = 1;
    return e;
}

static Expr *err_expr(Parser *p)
{
    return leaf(p, ast_expr(EX_NONE, tloc(p, peek(p))));
}

static Expr *prim_int(Parser *p)
{
    Token *t = advance(p);
    Expr *e = ast_expr(EX_INT, tloc(p, t));
    e->i.value = t->ival;
    e->i.suffix = lex_suffix_name(t->suffix);
    return leaf(p, e);
}

static Expr *prim_char(Parser *p)
{
    Token *t = advance(p);
    Expr *e = ast_expr(EX_CHAR, tloc(p, t));
    e->i.value = t->ival;
    return leaf(p, e);
}

static Expr *prim_float(Parser *p)
{
    Token *t = advance(p);
    Expr *e = ast_expr(EX_FLOAT, tloc(p, t));
    e->f.value = t->fval;
    return leaf(p, e);
}

static Expr *prim_string(Parser *p)
{
    Token *t = advance(p);
    Expr *e = ast_expr(EX_STRING, tloc(p, t));
    e->str.bytes = t->str->bytes;
    e->str.len = t->str->len;
    return leaf(p, e);
}

static Expr *prim_bool(Parser *p)
{
    Token *t = advance(p);
    Expr *e = ast_expr(EX_BOOL, tloc(p, t));
    e->b.value = t->kind == TK_TRUE;
    return leaf(p, e);
}

static Expr *prim_none(Parser *p) { return leaf(p, ast_expr(EX_NONE, tloc(p, advance(p)))); }

/* After `{` of a struct literal: fields `name: value`, separated by `,`
 * or newlines, up to `}`. */
static void parse_field_inits(Parser *p, Expr *e)
{
    int base = p->sp, hmax = 0;
    for (;;) {
        while (accept(p, TK_SEMI))
            ;
        if (accept(p, TK_RBRACE))
            break;
        Token *name = expect_what(p, TK_IDENT, "field name or '}'");
        if (!name || !expect(p, TK_COLON))
            break;
        FieldInit *fi = NEW(FieldInit);
        fi->name = name->name;
        fi->loc = tloc(p, name);
        fi->value = parse_expr(p);
        hmax = hmax > p->h ? hmax : p->h;
        spush(p, fi);
        if (p->in_error)
            break;
        if (!accept(p, TK_COMMA) && !at(p, TK_SEMI) && !at(p, TK_RBRACE)) {
            expected(p, "',' or '}'");
            break;
        }
    }
    e->lit.fields = pop_inits(p, base, &e->lit.nfields);
    p->h = hmax;
}

static Expr *parse_struct_lit(Parser *p, TypeExpr *type)
{
    Expr *e = ast_expr(EX_STRUCT_LIT, type->loc);
    e->lit.type = type;
    mark(p, advance(p), PR_LIT);        /* { */
    Ctx c = braces_open(p);
    parse_field_inits(p, e);
    braces_close(p, c);
    p->h++;
    return e;
}

/* At an identifier: the type of a struct literal when one starts here
 * (`Name {`, `mod.Name {`, `Name[..] {`, `mod.Name[..] {`), else NULL. */
static TypeExpr *lit_type_ahead(Parser *p)
{
    if (p->no_lit)
        return NULL;
    int i = 1;
    if (peek_n(p, 1)->kind == TK_DOT) {
        if (peek_n(p, 2)->kind != TK_IDENT)
            return NULL;
        i = 3;
    }
    TokKind k = peek_n(p, i)->kind;
    if (k == TK_LBRACE)
        return parse_named_type(p);
    /* `[`: cheap rejections first (xs[i], xs[0]) before speculating */
    TokKind k1 = peek_n(p, i + 1)->kind;
    if (k != TK_LBRACK || !type_parsers[k1])
        return NULL;
    if (k1 == TK_IDENT && peek_n(p, i + 2)->kind == TK_RBRACK && peek_n(p, i + 3)->kind != TK_LBRACE)
        return NULL;
    Spec s;
    spec_begin(p, &s);
    TypeExpr *t = parse_named_type(p);
    return spec_end(p, &s, at(p, TK_LBRACE)) ? t : NULL;
}

static Expr *prim_ident(Parser *p)
{
    TypeExpr *lt = lit_type_ahead(p);
    if (lt)
        return parse_struct_lit(p, lt);
    Token *t = advance(p);
    Expr *e = ast_expr(EX_IDENT, tloc(p, t));
    e->ident.name = t->name;
    return leaf(p, e);
}

/* The rest of `(a, b, ...)`, a list of results, after `(a,`. */
static void parse_tuple_rest(Parser *p, Expr *e, Expr *first)
{
    int base = p->sp, h = p->h;
    spush(p, first);
    while (!at(p, TK_RPAREN) && !at(p, TK_EOF)) {
        spush(p, parse_expr(p));
        h = p->h > h ? p->h : h;
        if (p->in_error || !accept(p, TK_COMMA))
            break;
    }
    e->kind = EX_TUPLE;
    e->array.elems = pop_exprs(p, base, &e->array.nelems);
    p->h = h;
}

static Expr *prim_paren(Parser *p)
{
    Expr *e = ast_expr(EX_PAREN, tloc(p, advance(p)));
    bool saved = group_open(p);
    e->paren.inner = parse_expr(p);
    if (!p->in_error && accept(p, TK_COMMA))
        parse_tuple_rest(p, e, e->paren.inner);
    int h = p->h + 1;
    expect(p, TK_RPAREN);
    group_close(p, saved);
    p->h = h;
    return e;
}

/* The elements after the first one of `[a, b, c]`. */
static void parse_array_rest(Parser *p, Expr *e, Expr *first)
{
    int base = p->sp, hmax = p->h;
    spush(p, first);
    while (!p->in_error && accept(p, TK_COMMA) && !at(p, TK_RBRACK)) {
        spush(p, parse_expr(p));
        hmax = hmax > p->h ? hmax : p->h;
    }
    e->array.elems = pop_exprs(p, base, &e->array.nelems);
    p->h = hmax;
}

/* ---- slice literals ---- */
static Expr *parse_elem_lit(Parser *p);

/* After `{` of a slice literal: elements separated by `,` up to `}`; newlines
 * mean nothing inside (as in ( )), a trailing comma is allowed, and an
 * element may be a literal without its type, `{...}`. */
static void parse_slice_elems(Parser *p, Expr *e)
{
    bool saved = group_open(p);
    int base = p->sp, hmax = 0;
    while (!at(p, TK_RBRACE) && !at(p, TK_EOF)) {
        spush(p, at(p, TK_LBRACE) ? parse_elem_lit(p) : parse_expr(p));
        hmax = hmax > p->h ? hmax : p->h;
        if (p->in_error || !accept(p, TK_COMMA))
            break;
    }
    expect_what(p, TK_RBRACE, "',' or '}'");
    group_close(p, saved);
    e->array.elems = pop_exprs(p, base, &e->array.nelems);
    p->h = hmax + 1;
}

/* An element `{x: 1}` (a struct literal) or `{1, 2}`, `{}` (a slice
 * literal, or an empty struct: the checker decides by the element type). */
static Expr *parse_elem_lit(Parser *p)
{
    Token *lb = peek(p);
    if (!enter(p, "expression"))
        return err_expr(p);
    Expr *e;
    if (peek_n(p, 1)->kind == TK_IDENT && peek_n(p, 2)->kind == TK_COLON) {
        e = ast_expr(EX_STRUCT_LIT, tloc(p, lb));
        mark(p, advance(p), PR_LIT);
        Ctx c = braces_open(p);
        parse_field_inits(p, e);
        braces_close(p, c);
        p->h++;
    } else {
        mark(p, lb, PR_LIT);
        e = ast_expr(EX_SLICE_LIT, tloc(p, advance(p)));
        parse_slice_elems(p, e);
    }
    leave(p);
    return e;
}

/* []T{a, b, c} */
static Expr *prim_slice_lit(Parser *p)
{
    Token *lb = peek(p);
    if (p->no_lit) {
        fail(p, lb, "slice literal in an if, while, for or match header must be parenthesised");
        return err_expr(p);
    }
    Expr *e = ast_expr(EX_SLICE_LIT, tloc(p, lb));
    e->array.type = parse_type(p);
    if (!mark(p, expect_what(p, TK_LBRACE, "'{' of a slice literal"), PR_LIT))
        return e;
    parse_slice_elems(p, e);
    return e;
}

/* [a, b, c], [v; n], [] */
static Expr *prim_array(Parser *p)
{
    if (peek_n(p, 1)->kind == TK_RBRACK && type_parsers[peek_n(p, 2)->kind])
        return prim_slice_lit(p);
    Expr *e = ast_expr(EX_ARRAY_LIT, tloc(p, advance(p)));
    bool saved = group_open(p);
    int h = 0;
    if (!at(p, TK_RBRACK)) {
        Expr *first = parse_expr(p);
        h = p->h;
        if (accept(p, TK_SEMI)) {   /* only a real `;`: newlines are invisible here */
            e->kind = EX_ARRAY_REPEAT;
            e->repeat.value = first;
            e->repeat.count = parse_expr(p);
            h = h > p->h ? h : p->h;
        } else {
            parse_array_rest(p, e, first);
            h = p->h;
        }
    }
    expect(p, TK_RBRACK);
    group_close(p, saved);
    p->h = h + 1;
    return e;
}

static Param *parse_param(Parser *p)
{
    Token *name = expect_what(p, TK_IDENT, "parameter name");
    if (!name)
        return NULL;
    Param *prm = NEW(Param);
    prm->name = name->name;
    prm->loc = tloc(p, name);
    if (expect(p, TK_COLON))
        prm->type = parse_type(p);
    return prm;
}

/* `(` name: T, ... `)` */
static Param *parse_params(Parser *p, int *n)
{
    int base = p->sp;
    if (expect(p, TK_LPAREN)) {
        bool saved = group_open(p);
        while (!at(p, TK_RPAREN) && !at(p, TK_EOF)) {
            Param *prm = parse_param(p);
            if (prm)
                spush(p, prm);
            if (p->in_error || !accept(p, TK_COMMA))
                break;
        }
        expect(p, TK_RPAREN);
        group_close(p, saved);
    }
    return pop_params(p, base, n);
}

/* fn(x: int) -> int { ... } */
static Expr *prim_closure(Parser *p)
{
    Expr *e = ast_expr(EX_CLOSURE, tloc(p, advance(p)));
    e->closure.params = parse_params(p, &e->closure.nparams);
    if (accept(p, TK_ARROW))
        e->closure.ret = parse_type(p);
    const Token *open = peek(p);
    e->closure.body = parse_block(p);
    mark(p, open->kind == TK_LBRACE ? open : NULL, PR_FN_LIT);
    return leaf(p, e);
}

typedef Expr *(*PrimFn)(Parser *);
static const PrimFn primary_parsers[TK__COUNT] = {
    [TK_INT] = prim_int, [TK_FLOAT] = prim_float, [TK_CHAR] = prim_char,
    [TK_STRING] = prim_string, [TK_TRUE] = prim_bool, [TK_FALSE] = prim_bool,
    [TK_NONE] = prim_none, [TK_IDENT] = prim_ident, [TK_LPAREN] = prim_paren,
    [TK_LBRACK] = prim_array, [TK_FN] = prim_closure,
};

static Expr *parse_primary(Parser *p)
{
    PrimFn f = primary_parsers[peek(p)->kind];
    if (!f) {
        expected(p, "expression");
        return err_expr(p);
    }
    return f(p);
}

/* ---- postfix ---- */

/* make([]T, ...): the first argument as a type, when it is one. */
static TypeExpr *make_type_ahead(Parser *p, Expr *callee)
{
    if (callee->kind != EX_IDENT || strcmp(callee->ident.name, "make") != 0 || !at(p, TK_LBRACK))
        return NULL;
    Spec s;
    spec_begin(p, &s);
    TypeExpr *t = parse_type(p);
    return spec_end(p, &s, at(p, TK_COMMA) || at(p, TK_RPAREN)) ? t : NULL;
}

/* `name:` before an argument (an enum variant's payload field): its name. */
static const char *arg_name_ahead(Parser *p)
{
    if (!at(p, TK_IDENT) || peek_n(p, 1)->kind != TK_COLON)
        return NULL;
    const char *n = advance(p)->name;
    advance(p);
    return n;
}

static void parse_args(Parser *p, Expr *e)
{
    int base = p->sp, hmax = 0;
    const char **names = NULL;
    int nnames = 0, cap = 0;
    e->call.make_type = make_type_ahead(p, e->call.callee);
    if (!e->call.make_type || accept(p, TK_COMMA)) {
        while (!at(p, TK_RPAREN) && !at(p, TK_EOF)) {
            const char *an = arg_name_ahead(p);
            int k = list_len(p, base);
            if (an && !names) {
                cap = k + 8;
                names = NEW_ARRAY(const char *, cap);
            }
            if (names && k >= cap) {
                const char **nn = NEW_ARRAY(const char *, cap * 2);
                memcpy(nn, names, sizeof(char *) * (size_t)cap);
                names = nn, cap *= 2;
            }
            if (names)
                names[k] = an, nnames = k + 1;
            spush(p, parse_expr(p));
            hmax = hmax > p->h ? hmax : p->h;
            if (p->in_error || !accept(p, TK_COMMA))
                break;
        }
    }
    e->call.args = pop_exprs(p, base, &e->call.nargs);
    e->call.arg_names = nnames ? names : NULL;
    p->h = hmax;
}

static Expr *post_call(Parser *p, Expr *callee)
{
    advance(p);
    Expr *e = ast_expr(EX_CALL, callee->loc);
    e->call.callee = callee;
    bool saved = group_open(p);
    parse_args(p, e);
    int h = p->h;
    expect(p, TK_RPAREN);
    group_close(p, saved);
    p->h = h;
    return e;
}

/* ---- explicit type arguments ---- */
static Expr *post_call(Parser *p, Expr *callee);

static bool targs_callee(const Expr *b)
{
    return b->kind == EX_IDENT || b->kind == EX_FIELD;
}

/* At `[`: `T, U ]`, the types kept on the parser's stack. */
static bool targs_ahead(Parser *p)
{
    advance(p);
    bool saved = group_open(p);
    do
        spush(p, parse_type(p));
    while (accept(p, TK_COMMA) && !at(p, TK_RBRACK));
    bool ok = accept(p, TK_RBRACK);
    group_close(p, saved);
    return ok;
}

/* At `[`: the brackets as one index expression ending at `end`, or NULL. */
static Expr *targ_as_index(Parser *p, int end)
{
    Spec s;
    spec_begin(p, &s);
    advance(p);
    bool saved = group_open(p);
    Expr *e = parse_expr(p);
    bool ok = accept(p, TK_RBRACK);
    group_close(p, saved);
    return spec_end(p, &s, ok && p->pos == end) ? e : NULL;
}

/* `E[A, B].V`, `f[[]int]`: an index whose brackets hold types only (a
 * generic enum's variant or a generic function's instance). Brackets that
 * also parse as one expression stay an ordinary index (`xs[i].f`,
 * `Tree[int].Leaf`, `max[int]`), which the checker reads either way. */
static Expr *targs_index(Expr *base, TypeExpr **ts, int n)
{
    Expr *e = ast_expr(EX_INDEX, base->loc);
    e->index.base = base;
    e->index.targs = ts;
    e->index.ntargs = n;
    return e;
}

/* `f[T, U](..)`, `mod.f[T](..)`: a call with explicit type arguments, when
 * the brackets after a name hold types and a `(` follows; otherwise, when
 * they hold types only, an index of them (targs_index); NULL with nothing
 * consumed otherwise. `a[i](x)` parses both ways (call.targ_index): the
 * checker decides by what `a` names. Not tried inside such a speculation
 * (array lengths in the types are constants, never such calls), which
 * keeps the parse linear per nesting level, nor after one met the nesting
 * limit (the real parse meets it too), which bounds the work of a
 * pathological nest. */
static Expr *post_targs(Parser *p, Expr *base)
{
    if (p->in_targs || p->targs_off || !targs_callee(base) || !type_parsers[peek_n(p, 1)->kind])
        return NULL;
    int start = p->pos, sp = p->sp;
    Spec s;
    spec_begin(p, &s);
    p->in_targs = true;
    p->spec_deep = false;
    bool ok = targs_ahead(p);
    if (!spec_end(p, &s, ok)) {
        p->in_targs = false;
        p->targs_off = p->spec_deep;
        return NULL;
    }
    int n, end = p->pos;
    TypeExpr **ts = pop_types(p, sp, &n);
    p->pos = start;
    Expr *ix = targ_as_index(p, end);
    p->in_targs = false;
    p->pos = end;
    if (!at(p, TK_LPAREN) && ix) {
        p->pos = start;
        return NULL;
    }
    if (!at(p, TK_LPAREN)) {
        p->h = 0;
        return targs_index(base, ts, n);
    }
    Expr *e = post_call(p, base);
    e->call.targs = ts;
    e->call.ntargs = n;
    e->call.targ_index = ix;
    return e;
}

/* a[i], a[i:j], a[:j], a[i:], a[:] */
static Expr *post_index(Parser *p, Expr *base)
{
    Expr *call = post_targs(p, base);
    if (call)
        return call;
    advance(p);
    bool saved = group_open(p);
    Expr *lo = NULL, *hi = NULL;
    int h = 0;
    if (!at(p, TK_COLON)) {
        lo = parse_expr(p);
        h = p->h;
    }
    Expr *e;
    if (accept(p, TK_COLON)) {
        if (!at(p, TK_RBRACK)) {
            hi = parse_expr(p);
            h = h > p->h ? h : p->h;
        }
        e = ast_expr(EX_SLICE, base->loc);
        e->slice.base = base, e->slice.lo = lo, e->slice.hi = hi;
    } else {
        e = ast_expr(EX_INDEX, base->loc);
        e->index.base = base, e->index.index = lo;
    }
    expect(p, TK_RBRACK);
    group_close(p, saved);
    p->h = h;
    return e;
}

static Expr *post_field(Parser *p, Expr *base)
{
    advance(p);
    Token *name = expect_what(p, TK_IDENT, "field or method name");
    Expr *e = ast_expr(EX_FIELD, base->loc);
    e->field.base = base;
    e->field.name = name ? name->name : intern_cstr("<error>");
    e->field.name_loc = name ? tloc(p, name) : e->loc;
    p->h = 0;
    return e;
}

static Expr *post_cast(Parser *p, Expr *operand)
{
    advance(p);
    Expr *e = ast_expr(EX_CAST, operand->loc);
    e->cast.operand = operand;
    e->cast.to = parse_type(p);
    p->h = 0;
    return e;
}

typedef Expr *(*PostFn)(Parser *, Expr *);
static const PostFn postfix_parsers[TK__COUNT] = {
    [TK_LPAREN] = post_call, [TK_LBRACK] = post_index,
    [TK_DOT] = post_field, [TK_AS] = post_cast,
};

static Expr *parse_postfix(Parser *p)
{
    Expr *e = parse_primary(p);
    int h = p->h;
    for (;;) {
        Token *t = peek(p);
        PostFn f = postfix_parsers[t->kind];
        if (!f || p->in_error)
            break;
        e = f(p, e);
        h = (h > p->h ? h : p->h) + 1;
        if (!height_ok(p, h, t))
            break;
    }
    p->h = h;
    return e;
}

static Expr *parse_unary(Parser *p)
{
    Token *t = peek(p);
    if (!tok_unop[t->kind])
        return parse_postfix(p);
    if (!enter(p, "expression"))
        return err_expr(p);
    p->pos++;
    Expr *e = ast_expr(EX_UNARY, tloc(p, t));
    e->unary.op = (UnOp)(tok_unop[t->kind] - 1);
    e->unary.operand = parse_unary(p);
    leave(p);
    p->h++;
    return e;
}

static bool is_comparison(const Expr *e)
{
    return e->kind == EX_BINARY && e->binary.op >= BIN_EQ && e->binary.op <= BIN_GE;
}

/* Precedence climbing: operators binding at least as tight as `minprec`;
 * left-associative, so the right operand binds one level tighter. */
/* `i++` / `i--` as Go writes them (Goose has neither): `++` anywhere, `--`
 * before the end of a statement or of its line (`a--b` is a - -b). */
static bool is_incdec(const Token *t)
{
    const Token *n = t + 1, *after = t + 2;
    if ((t->kind != TK_PLUS && t->kind != TK_MINUS) || n->kind != t->kind || n->off != t->off + 1)
        return false;
    return t->kind == TK_PLUS || after->kind == TK_SEMI || after->kind == TK_RBRACE || after->kind == TK_EOF ||
           after->line != t->line;
}

static Expr *parse_binary(Parser *p, int minprec)
{
    Expr *lhs = parse_unary(p);
    int h = p->h;
    for (;;) {
        Token *t = peek(p);
        int prec = tok_prec[t->kind];
        if (prec == 0 || prec < minprec || p->in_error)
            break;
        if (is_incdec(t)) {
            fail(p, t, "Goose has no %s operator; write x %s= 1", t->kind == TK_PLUS ? "++" : "--",
                 t->kind == TK_PLUS ? "+" : "-");
            break;
        }
        p->pos++;
        Expr *rhs = parse_binary(p, prec + 1);
        if (prec == PREC_CMP && is_comparison(lhs))
            report(p, t, "comparison operators cannot be chained; use parentheses");
        Expr *e = ast_expr(EX_BINARY, lhs->loc);
        e->binary.op = (BinOp)tok_binop[t->kind];
        e->binary.lhs = lhs, e->binary.rhs = rhs;
        lhs = e;
        h = (h > p->h ? h : p->h) + 1;
        if (!height_ok(p, h, t))
            break;
    }
    p->h = h;
    return lhs;
}

static Expr *parse_expr(Parser *p)
{
    if (!enter(p, "expression"))
        return err_expr(p);
    Expr *e = parse_binary(p, 1);
    leave(p);
    return e;
}

/* An if/while/for header: no struct literal at its top level. */
static Expr *parse_header(Parser *p)
{
    bool saved = p->no_lit;
    p->no_lit = true;
    Expr *e = parse_expr(p);
    p->no_lit = saved;
    Token *t = peek(p);
    if (t->kind != TK_LBRACE || p->in_error)
        return e;
    Token *a = &p->toks[p->pos + 1];
    Token *b = a->kind == TK_EOF ? a : a + 1;
    if ((a->kind == TK_IDENT && b->kind == TK_COLON) || (a->kind == TK_RBRACE && b->kind == TK_LBRACE))
        fail(p, t, "struct literal in an if, while or for header must be parenthesised");
    return e;
}

/* ================================================================
 * Statements
 * ================================================================ */
static Stmt *parse_stmt(Parser *p);
static void end_item(Parser *p, bool block_ended, const char *what);

/* let (a, _) = f() / var (a, b) = f(): the names, then the value. */
static Stmt *parse_let_multi(Parser *p, Token *kw)
{
    Stmt *s = ast_stmt(ST_LET_MULTI, tloc(p, kw));
    s->multi.is_var = kw->kind == TK_VAR;
    advance(p);
    bool saved = group_open(p);
    int base = p->sp;
    do {
        Token *name = expect_what(p, TK_IDENT, "variable name");
        if (!name)
            break;
        Expr *e = ast_expr(EX_IDENT, tloc(p, name));
        e->ident.name = name->name;
        spush(p, e);
    } while (accept(p, TK_COMMA) && !at(p, TK_RPAREN));
    if (!p->in_error)
        expect(p, TK_RPAREN);
    group_close(p, saved);
    s->multi.targets = pop_exprs(p, base, &s->multi.n);
    if (!p->in_error && expect(p, TK_ASSIGN))
        s->multi.value = parse_expr(p);
    return s;
}

static Stmt *parse_let(Parser *p)
{
    Token *kw = advance(p);
    if (at(p, TK_LPAREN))
        return parse_let_multi(p, kw);
    Stmt *s = ast_stmt(kw->kind == TK_LET ? ST_LET : ST_VAR, tloc(p, kw));
    Token *name = expect_what(p, TK_IDENT, "variable name");
    if (!name)
        return s;
    s->let.name = name->name;
    s->let.name_loc = tloc(p, name);
    if (accept(p, TK_COLON))
        s->let.type = parse_type(p);
    if (accept(p, TK_ASSIGN))
        s->let.init = parse_expr(p);
    else if (s->kind == ST_LET)
        expected(p, "'='");
    else if (!s->let.type)
        expected(p, "':' or '='");
    return s;
}

/* After a then-block: consume `else` if there is one. */
static bool parse_else(Parser *p)
{
    if (p->in_error)
        return false;
    if (at_newline(p) && p->toks[p->pos + 1].kind == TK_ELSE) {
        report(p, &p->toks[p->pos + 1], "'else' must be on the same line as the closing '}'");
        p->pos++;
    }
    return accept(p, TK_ELSE);
}

static Stmt *parse_block_stmt(Parser *p)
{
    Stmt *s = ast_stmt(ST_BLOCK, tloc(p, peek(p)));
    s->block.block = parse_block(p);
    return s;
}

/* if / else if / else, built as a loop so long chains do not recurse. */
static Stmt *parse_if(Parser *p)
{
    Stmt *first = NULL, **slot = &first;
    for (int arms = 0;; arms++) {
        Stmt *s = ast_stmt(ST_IF, tloc(p, advance(p)));
        s->if_.cond = parse_header(p);
        s->if_.then = parse_block(p);
        *slot = s;
        slot = &s->if_.els;
        if (!parse_else(p))
            break;
        if (!at(p, TK_IF)) {
            *slot = parse_block_stmt(p);
            break;
        }
        if (arms >= PARSE_MAX_ELSE_IF) {
            fail(p, peek(p), "too many 'else if' arms in one chain");
            break;
        }
    }
    return first;
}

static Stmt *parse_while(Parser *p)
{
    Stmt *s = ast_stmt(ST_WHILE, tloc(p, advance(p)));
    s->while_.cond = parse_header(p);
    s->while_.body = parse_block(p);
    return s;
}

/* for i in a..b, for x in xs, for i, x in xs */
/* A loop header that is not Goose's (C's `for i := 0; i < n; i++ {`):
 * skip it to the end of its line and the body there, so that the one
 * mistake gives one error. */
static void skip_for(Parser *p)
{
    for (Token *t = &p->toks[p->pos]; t->kind != TK_EOF && t->kind != TK_LBRACE; t = &p->toks[++p->pos])
        if (t->kind == TK_SEMI && t->newline)
            return;
    skip_balanced(p);
}

static Stmt *parse_for(Parser *p)
{
    Stmt *s = ast_stmt(ST_FOR_EACH, tloc(p, advance(p)));
    Token *v1 = expect_what(p, TK_IDENT, "loop variable");
    Token *v2 = v1 && accept(p, TK_COMMA) ? expect_what(p, TK_IDENT, "loop variable") : NULL;
    if (!v1 || !expect(p, TK_IN)) {
        if (!p->spec)
            skip_for(p);
        return s;
    }
    Expr *seq = parse_header(p);
    if (accept(p, TK_DOTDOT)) {
        if (v2)
            report(p, v2, "a range loop has one loop variable");
        s->kind = ST_FOR_RANGE;
        s->range.var = v1->name;
        s->range.var_loc = tloc(p, v1);
        s->range.lo = seq;
        s->range.hi = parse_header(p);
        s->range.body = parse_block(p);
        return s;
    }
    s->each.idx = v2 ? v1->name : NULL;
    s->each.idx_loc = v2 ? tloc(p, v1) : (Loc){ 0 };
    s->each.val = v2 ? v2->name : v1->name;
    s->each.val_loc = tloc(p, v2 ? v2 : v1);
    s->each.seq = seq;
    s->each.body = parse_block(p);
    return s;
}

static Stmt *parse_jump(Parser *p)
{
    Token *t = advance(p);
    return ast_stmt(t->kind == TK_BREAK ? ST_BREAK : ST_CONTINUE, tloc(p, t));
}

static Stmt *parse_return(Parser *p)
{
    Stmt *s = ast_stmt(ST_RETURN, tloc(p, advance(p)));
    TokKind k = peek(p)->kind;
    if (k != TK_SEMI && k != TK_RBRACE && k != TK_EOF)
        s->ret.value = parse_expr(p);
    return s;
}

static Stmt *parse_assert(Parser *p)
{
    Stmt *s = ast_stmt(ST_ASSERT, tloc(p, advance(p)));
    s->assert_.cond = parse_expr(p);
    if (accept(p, TK_COMMA))
        s->assert_.msg = parse_expr(p);
    return s;
}

/* After `p,`: does an `=` follow in this statement (outside brackets)? */
static bool multi_assign_ahead(Parser *p)
{
    int bal = 0;
    for (int i = p->pos; p->toks[i].kind != TK_EOF; i++) {
        TokKind k = p->toks[i].kind;
        if (bal == 0 && k == TK_ASSIGN)
            return p->toks[i + 1].kind != TK_GT;   /* not a `=>` */
        if (bal == 0 && (k == TK_SEMI || k == TK_RBRACE || tok_assignop[k] != OPC_NONE))
            return false;
        bal = bracket_step(bal, k);
    }
    return false;
}

/* p, q = f(): the places, then the value. */
static Stmt *parse_assign_multi(Parser *p, Expr *first)
{
    Stmt *s = ast_stmt(ST_ASSIGN_MULTI, first->loc);
    int base = p->sp;
    spush(p, first);
    while (accept(p, TK_COMMA) && !p->in_error)
        spush(p, parse_expr(p));
    s->multi.targets = pop_exprs(p, base, &s->multi.n);
    if (!p->in_error && expect(p, TK_ASSIGN))
        s->multi.value = parse_expr(p);
    return s;
}

/* defer stmt: the statement is kept as a block of one. */
static Stmt *parse_defer(Parser *p)
{
    Stmt *s = ast_stmt(ST_DEFER, tloc(p, advance(p)));
    if (at(p, TK_LBRACE)) {
        s->block.block = parse_block(p);
        return s;
    }
    Block *b = NEW(Block);
    b->loc = tloc(p, peek(p));
    if (!enter(p, "defer"))
        return s;
    Stmt *inner = parse_stmt(p);
    leave(p);
    b->stmts = NEW_ARRAY(Stmt *, 1);
    b->stmts[0] = inner;
    b->nstmts = 1;
    s->block.block = b;
    if (!p->in_error)
        end_item(p, stmt_ends_with_block[inner->kind], "statement");
    return s;
}

/* An expression statement or an assignment `place op= value`. */
static Stmt *parse_simple(Parser *p)
{
    Expr *e = parse_expr(p);
    if (at(p, TK_COMMA) && !p->in_error && multi_assign_ahead(p))
        return parse_assign_multi(p, e);
    int op = tok_assignop[peek(p)->kind];
    if (op == OPC_NONE || p->in_error) {
        Stmt *s = ast_stmt(ST_EXPR, e->loc);
        s->expr.expr = e;
        return s;
    }
    p->pos++;
    Stmt *s = ast_stmt(ST_ASSIGN, e->loc);
    s->assign.target = e;
    s->assign.op = op;
    s->assign.value = parse_expr(p);
    return s;
}

/* ---- match ---- */

/* A literal bound of a pattern: an integer (a leading `-` allowed), char,
 * string or bool literal. */
static Expr *parse_pat_literal(Parser *p)
{
    Token *t = peek(p);
    if (t->kind == TK_MINUS && peek_n(p, 1)->kind == TK_INT) {
        advance(p);
        Expr *e = ast_expr(EX_UNARY, tloc(p, t));
        e->unary.op = UN_NEG;
        e->unary.operand = prim_int(p);
        return e;
    }
    switch (t->kind) {
    case TK_INT: return prim_int(p);
    case TK_CHAR: return prim_char(p);
    case TK_STRING: return prim_string(p);
    case TK_TRUE: case TK_FALSE: return prim_bool(p);
    default:
        expected(p, "pattern");
        return err_expr(p);
    }
}

/* `(` names `)` of a variant or some(x). */
static void parse_pat_binds(Parser *p, Pattern *pt)
{
    int base = p->sp;
    Loc locs[64];
    int n = 0;
    advance(p);
    bool saved = group_open(p);
    while (!at(p, TK_RPAREN) && !at(p, TK_EOF)) {
        Token *t = expect_what(p, TK_IDENT, "binding name or '_'");
        if (!t)
            break;
        if (n < 64)
            locs[n] = tloc(p, t);
        n++;
        spush(p, (void *)t->name);
        if (!accept(p, TK_COMMA))
            break;
    }
    expect(p, TK_RPAREN);
    group_close(p, saved);
    if (n > 64)
        fail(p, peek(p), "too many bindings in a pattern");
    pt->binds = pop_names(p, base, &pt->nbinds);
    pt->bind_locs = pt->nbinds ? mem_dup(g_arena, locs, sizeof(Loc) * (size_t)(pt->nbinds > 64 ? 64 : pt->nbinds)) : NULL;
    pt->has_parens = true;
}

static Pattern *parse_pattern(Parser *p)
{
    Token *t = peek(p);
    Pattern *pt = NEW(Pattern);
    pt->loc = tloc(p, t);
    if (t->kind == TK_NONE) {
        advance(p);
        pt->kind = PAT_NONE;
    } else if (t->kind == TK_IDENT && strcmp(t->name, "_") == 0) {
        advance(p);
        pt->kind = PAT_WILD;
    } else if (t->kind == TK_IDENT) {
        advance(p);
        bool some = strcmp(t->name, "some") == 0;
        pt->kind = some ? PAT_SOME : PAT_VARIANT;
        pt->name = t->name;
        if (at(p, TK_DOT) && peek_n(p, 1)->kind == TK_IDENT) {
            const char *v = peek_n(p, 1)->name;
            fail(p, peek(p), "a pattern names the variant alone: write '%s', not '%s.%s'", v, t->name, v);
            return pt;
        }
        if (at(p, TK_LPAREN))
            parse_pat_binds(p, pt);
    } else {
        pt->kind = PAT_VALUE;
        pt->lo = parse_pat_literal(p);
        if (at(p, TK_DOTDOT) || at(p, TK_DOTDOTEQ)) {
            pt->kind = PAT_RANGE;
            pt->inclusive = advance(p)->kind == TK_DOTDOTEQ;
            pt->hi = parse_pat_literal(p);
        }
    }
    return pt;
}

static void parse_arm(Parser *p, MatchArm *a)
{
    int base = p->sp;
    a->loc = tloc(p, peek(p));
    do
        spush(p, parse_pattern(p));
    while (!p->in_error && accept(p, TK_PIPE));
    int n = list_len(p, base);
    a->pats = NEW_ARRAY(Pattern *, n + 1);
    for (int i = 0; i < n; i++)
        a->pats[i] = p->stack[base + i];
    a->npats = n;
    p->sp = base;
    if (p->in_error || !expect(p, TK_FATARROW))
        return;
    a->body = parse_stmt(p);
}

/* match [ref] subject { pattern => statement, ... } */
static Stmt *parse_match(Parser *p)
{
    Stmt *s = ast_stmt(ST_MATCH, tloc(p, advance(p)));
    s->match.is_ref = accept(p, TK_REF);
    s->match.subject = parse_header(p);
    if (p->in_error || !mark(p, expect(p, TK_LBRACE), PR_BODY))
        return s;
    if (!enter(p, "block"))
        return s;
    Ctx c = braces_open(p);
    Vec arms = { 0 };
    for (;;) {
        while (accept(p, TK_SEMI) || accept(p, TK_COMMA))
            ;
        if (accept(p, TK_RBRACE))
            break;
        if (at(p, TK_EOF)) {
            expected(p, "'}'");
            break;
        }
        mark(p, peek(p), PR_STMT);
        MatchArm *a = NEW(MatchArm);
        parse_arm(p, a);
        vec_push(&arms, a);
        if (p->in_error)
            break;
        if (!at(p, TK_SEMI) && !at(p, TK_COMMA) && !at(p, TK_RBRACE) &&
            !(a->body && stmt_ends_with_block[a->body->kind])) {
            expected(p, "',' or newline after a match arm");
            break;
        }
    }
    braces_close(p, c);
    leave(p);
    s->match.narms = arms.len;
    s->match.arms = arms.len ? NEW_ARRAY(MatchArm, arms.len) : NULL;
    for (int i = 0; i < arms.len; i++)
        s->match.arms[i] = *VEC_AT(arms, MatchArm *, i);
    return s;
}

typedef Stmt *(*StmtFn)(Parser *);
static const StmtFn stmt_parsers[TK__COUNT] = {
    [TK_LET] = parse_let, [TK_VAR] = parse_let, [TK_IF] = parse_if,
    [TK_WHILE] = parse_while, [TK_FOR] = parse_for, [TK_BREAK] = parse_jump,
    [TK_CONTINUE] = parse_jump, [TK_RETURN] = parse_return,
    [TK_ASSERT] = parse_assert, [TK_LBRACE] = parse_block_stmt, [TK_DEFER] = parse_defer, [TK_MATCH] = parse_match,
};

/* `switch x {`, `switch {`, `switch (x) {` where a statement starts, as
 * Go and C write it. `switch` is no keyword: a variable or function of
 * that name (`switch = 2`, `switch(3)`) is parsed as usual. */
static bool is_switch(Parser *p)
{
    const Token *t = peek(p), *n = t + 1;
    if (t->kind != TK_IDENT || strcmp(t->name, "switch") != 0)
        return false;
    switch (n->kind) {
    case TK_IDENT: case TK_INT: case TK_FLOAT: case TK_CHAR: case TK_STRING:
    case TK_TRUE: case TK_FALSE: case TK_LBRACE:
        return true;
    case TK_LPAREN: {
        int bal = 0;
        do {
            bal = bracket_step(bal, n->kind);
            n++;
        } while (bal > 0 && n->kind != TK_EOF);
        return n->kind == TK_LBRACE;
    }
    default:
        return false;
    }
}

/* Reports a switch once and skips it, its header and its braces, so its
 * `case` lines do not each report again. */
static Stmt *parse_switch(Parser *p)
{
    Token *t = advance(p);
    report(p, t, "Goose has no switch; write match");
    for (int bal = 0;; p->pos++) {
        TokKind k = p->toks[p->pos].kind;
        if (k == TK_EOF || (bal == 0 && (k == TK_SEMI || k == TK_RBRACE)))
            break;
        if (bal == 0 && k == TK_LBRACE) {
            skip_balanced(p);
            break;
        }
        bal = bracket_step(bal, k);
    }
    Stmt *s = ast_stmt(ST_BLOCK, tloc(p, t));
    s->block.block = NEW(Block);
    s->block.block->loc = s->loc;
    return s;
}

static Stmt *parse_stmt(Parser *p)
{
    if (is_switch(p))
        return parse_switch(p);
    StmtFn f = stmt_parsers[peek(p)->kind];
    return f ? f(p) : parse_simple(p);
}

/* After an item: a terminator, the closing `}`, the end of the file, or
 * nothing when the item ended with its own block. */
static void end_item(Parser *p, bool block_ended, const char *what)
{
    Token *t = peek(p);
    if (t->kind == TK_SEMI) {
        p->pos++;
        return;
    }
    if (t->kind == TK_RBRACE || t->kind == TK_EOF || block_ended)
        return;
    fail(p, t, "expected newline or ';' after %s, found %s", what, describe(t));
}

/* A top-level declaration where a statement should be: `fn name`,
 * `struct`, `import`, `const`, `inline`. */
static bool looks_like_decl(Parser *p, Token *t)
{
    if (t->kind == TK_FN)
        return peek_n(p, 1)->kind == TK_IDENT;
    return tok_starts_decl[t->kind] && t->kind != TK_VAR;
}

/* ---- which '{' was left open ---- */
/* The '{' left open when a block runs into toks[upto] (a declaration or
 * the end of the file), guessed from indentation as rustc and Swift do:
 * matching braces from the top, the first '{' whose '}' starts a line
 * indented less than the '{''s own line (so that '}' closed an outer
 * block), else the innermost '{' still open. */
static const Token *unclosed_brace(Parser *p, int upto)
{
    int n = 0, depth = 0, guess = -1;
    for (int i = 0; i < upto; i++)
        n += p->toks[i].kind == TK_LBRACE;
    int *open = NEW_ARRAY(int, n + 1);
    for (int i = 0; i < upto; i++) {
        const Token *t = &p->toks[i];
        if (t->kind == TK_LBRACE)
            open[depth++] = i;
        if (t->kind != TK_RBRACE || depth == 0)
            continue;
        const Token *o = &p->toks[open[--depth]];
        if (guess < 0 && first_on_line(p->src, t->off) && line_indent(p->src, t->off) < line_indent(p->src, o->off))
            guess = open[depth];
    }
    if (guess >= 0)
        return &p->toks[guess];
    return depth > 0 ? &p->toks[open[depth - 1]] : NULL;
}

/* "expected '}'" where a block ran out, and a note at the '{' left open. */
static void expected_close(Parser *p)
{
    bool shown = !p->in_error && !p->spec && peek(p)->kind != TK_ERROR;
    expected(p, "'}'");
    const Token *o = shown ? unclosed_brace(p, p->pos) : NULL;
    if (o)
        diag_note(tloc(p, o), "unclosed '{'");
}

static void parse_stmts(Parser *p, Block *b)
{
    int base = p->sp;
    for (;;) {
        Token *t = peek(p);
        if (t->kind == TK_RBRACE) {
            p->pos++;
            break;
        }
        if (t->kind == TK_EOF) {
            expected_close(p);
            break;
        }
        if (t->kind == TK_SEMI) {
            p->pos++;
            continue;
        }
        if (looks_like_decl(p, t)) {
            if (p->decl_stop != p->pos)     /* once, not per open block */
                expected_close(p);
            p->decl_stop = p->pos;
            break;
        }
        int start = p->pos;
        mark(p, t, PR_STMT);
        Stmt *s = parse_stmt(p);
        spush(p, s);
        if (!p->in_error)
            end_item(p, stmt_ends_with_block[s->kind], "statement");
        if (p->in_error)
            sync_stmt(p, start);
    }
    b->stmts = pop_stmts(p, base, &b->nstmts);
}

static Block *parse_block(Parser *p)
{
    Block *b = NEW(Block);
    b->loc = tloc(p, peek(p));
    if (!at(p, TK_LBRACE)) {
        expected(p, "'{'");
        return b;
    }
    if (!enter(p, "block")) {
        if (p->spec && at(p, TK_LBRACE))
            skip_balanced(p);       /* else too_deep skipped the declaration */
        return b;
    }
    mark(p, advance(p), PR_BLOCK);
    Ctx c = braces_open(p);
    parse_stmts(p, b);
    braces_close(p, c);
    leave(p);
    return b;
}

/* ================================================================
 * Declarations
 * ================================================================ */

/* The module name an import path binds: its last component, minus `.gs`. */
static const char *import_alias(Parser *p, Token *t)
{
    const char *b = t->str->bytes, *e = b + t->str->len;
    const char *start = b;
    for (const char *q = b; q < e; q++)
        if (*q == '/')
            start = q + 1;
    if (e - start > 3 && memcmp(e - 3, ".gs", 3) == 0)
        e -= 3;
    bool ok = start < e && (*start < '0' || *start > '9');
    for (const char *q = start; q < e; q++)
        ok = ok && (*q == '_' || (*q >= '0' && *q <= '9') || ((*q | 0x20) >= 'a' && (*q | 0x20) <= 'z'));
    if (!ok)
        report(p, t, "import path does not end in a valid module name");
    return intern(start, (size_t)(e - start));
}

static Decl *parse_import(Parser *p)
{
    advance(p);
    Token *s = expect_what(p, TK_STRING, "import path string");
    if (!s)
        return NULL;
    Decl *d = ast_decl(D_IMPORT, tloc(p, s));
    d->import.path = intern(s->str->bytes, (size_t)s->str->len);
    d->name = import_alias(p, s);
    return d;
}

/* const NAME [: T] = value; var NAME [: T] [= value] */
static Decl *parse_global(Parser *p)
{
    bool is_const = advance(p)->kind == TK_CONST;
    Token *name = expect_what(p, TK_IDENT, is_const ? "constant name" : "variable name");
    if (!name)
        return NULL;
    Decl *d = ast_decl(is_const ? D_CONST : D_VAR, tloc(p, name));
    d->name = name->name;
    if (accept(p, TK_COLON))
        d->var.type = parse_type(p);
    if (accept(p, TK_ASSIGN))
        d->var.value = parse_expr(p);
    else if (is_const)
        expected(p, "'='");
    else if (!d->var.type)
        expected(p, "':' or '='");
    return d;
}

/* [T, U] after a struct or function name. */
static const char **parse_tparams(Parser *p, int *n)
{
    int base = p->sp;
    if (accept(p, TK_LBRACK)) {
        bool saved = group_open(p);
        while (!at(p, TK_RBRACK) && !at(p, TK_EOF)) {
            Token *t = expect_what(p, TK_IDENT, "type parameter name");
            if (t)
                spush(p, (void *)t->name);
            if (!t || !accept(p, TK_COMMA))
                break;
        }
        expect(p, TK_RBRACK);
        group_close(p, saved);
    }
    return pop_names(p, base, n);
}

static FieldDecl *parse_field_decl(Parser *p)
{
    Token *name = expect_what(p, TK_IDENT, "field name or '}'");
    if (!name || !expect(p, TK_COLON))
        return NULL;
    FieldDecl *f = NEW(FieldDecl);
    f->name = name->name;
    f->loc = tloc(p, name);
    f->type = parse_type(p);
    return f;
}

/* `{` fields separated by `,` or newlines `}` */
static void parse_field_decls(Parser *p, Decl *d)
{
    int base = p->sp;
    if (mark(p, expect(p, TK_LBRACE), PR_BODY)) {
        for (;;) {
            while (accept(p, TK_SEMI))
                ;
            if (accept(p, TK_RBRACE))
                break;
            mark(p, peek(p), PR_STMT);
            FieldDecl *f = parse_field_decl(p);
            if (!f)
                break;
            spush(p, f);
            if (p->in_error)
                break;
            if (!accept(p, TK_COMMA) && !at(p, TK_SEMI) && !at(p, TK_RBRACE)) {
                expected(p, "',' or newline after field");
                break;
            }
        }
    }
    d->struct_.fields = pop_fields(p, base, &d->struct_.nfields);
}

static Decl *parse_struct(Parser *p)
{
    advance(p);
    Token *name = expect_what(p, TK_IDENT, "struct name");
    if (!name)
        return NULL;
    Decl *d = ast_decl(D_STRUCT, tloc(p, name));
    d->name = name->name;
    d->struct_.tparams = parse_tparams(p, &d->struct_.ntparams);
    parse_field_decls(p, d);
    return d;
}

/* One variant: Name or Name(field: T, ...). */
static bool parse_variant(Parser *p, VariantDecl *v)
{
    Token *name = expect_what(p, TK_IDENT, "variant name or '}'");
    if (!name)
        return false;
    v->name = name->name;
    v->loc = tloc(p, name);
    if (!at(p, TK_LPAREN))
        return true;
    Param *ps = parse_params(p, &v->nfields);
    v->fields = v->nfields ? NEW_ARRAY(FieldDecl, v->nfields) : NULL;
    for (int i = 0; i < v->nfields; i++)
        v->fields[i] = (FieldDecl){ ps[i].name, ps[i].loc, ps[i].type };
    return !p->in_error;
}

/* enum Name [T] { variants separated by `,` or newlines } */
static Decl *parse_enum(Parser *p)
{
    advance(p);
    Token *name = expect_what(p, TK_IDENT, "enum name");
    if (!name)
        return NULL;
    Decl *d = ast_decl(D_STRUCT, tloc(p, name));
    d->name = name->name;
    d->struct_.is_enum = true;
    d->struct_.tparams = parse_tparams(p, &d->struct_.ntparams);
    Vec vs = { 0 };
    if (mark(p, expect(p, TK_LBRACE), PR_BODY)) {
        for (;;) {
            while (accept(p, TK_SEMI))
                ;
            if (accept(p, TK_RBRACE))
                break;
            mark(p, peek(p), PR_STMT);
            VariantDecl *v = NEW(VariantDecl);
            bool ok = parse_variant(p, v);
            if (ok)
                vec_push(&vs, v);
            if (!ok || p->in_error)
                break;
            if (!accept(p, TK_COMMA) && !at(p, TK_SEMI) && !at(p, TK_RBRACE)) {
                expected(p, "',' or newline after variant");
                break;
            }
        }
    }
    d->struct_.nvariants = vs.len;
    d->struct_.variants = vs.len ? NEW_ARRAY(VariantDecl, vs.len) : NULL;
    for (int i = 0; i < vs.len; i++)
        d->struct_.variants[i] = *VEC_AT(vs, VariantDecl *, i);
    return d;
}

/* [inline] fn [(recv: T)] name [T, U] (params) [-> R] { body } */
static Decl *parse_fn(Parser *p)
{
    bool is_inline = accept(p, TK_INLINE);
    if (!expect(p, TK_FN))
        return NULL;
    Param *recv = NULL;
    int nrecv = 0;
    if (at(p, TK_LPAREN)) {
        Token *open = peek(p);
        recv = parse_params(p, &nrecv);
        if (nrecv != 1 && !p->in_error)
            fail(p, open, "a method has exactly one receiver");
    }
    Token *name = expect_what(p, TK_IDENT, "function name");
    if (!name)
        return NULL;
    Decl *d = ast_decl(D_FN, tloc(p, name));
    d->name = name->name;
    d->fn.is_inline = is_inline;
    d->fn.recv = nrecv == 1 ? recv : NULL;
    d->fn.tparams = parse_tparams(p, &d->fn.ntparams);
    d->fn.params = parse_params(p, &d->fn.nparams);
    if (accept(p, TK_ARROW))
        d->fn.ret = parse_type(p);
    if (!p->in_error)
        d->fn.body = parse_block(p);
    return d;
}

typedef Decl *(*DeclFn)(Parser *);
static const DeclFn decl_parsers[TK__COUNT] = {
    [TK_IMPORT] = parse_import, [TK_CONST] = parse_global, [TK_VAR] = parse_global,
    [TK_STRUCT] = parse_struct, [TK_ENUM] = parse_enum, [TK_FN] = parse_fn, [TK_INLINE] = parse_fn,
};

static void parse_decls(Parser *p, Module *m)
{
    int base = p->sp;
    for (;;) {
        Token *t = peek(p);
        if (t->kind == TK_EOF)
            break;
        if (t->kind == TK_SEMI) {
            p->pos++;
            continue;
        }
        int start = p->pos;
        mark(p, t, PR_STMT);
        DeclFn f = decl_parsers[t->kind];
        Decl *d = f ? f(p) : NULL;
        if (!f)
            expected(p, "declaration");
        if (d)
            spush(p, d);
        if (!p->in_error)
            end_item(p, d && (d->kind == D_FN || d->kind == D_STRUCT), "declaration");
        if (p->in_error)
            sync_decl(p, start);
    }
    m->decls = pop_decls(p, base, &m->ndecls);
}

/* With `layout`, the tokens, comments and roles are kept there. */
static bool parse_file_with(SrcFile *src, Module *m, ParseLayout *layout)
{
    int errors_before = diag_error_count();
    Parser p = { .src = src, .decl_stop = -1 };
    p.toks = lex_file_comments(src, &p.ntoks, &p.lex_diags, layout ? &layout->comments : NULL);
    if (layout && !(p.roles = calloc((size_t)p.ntoks, 1)))
        fatal_internal("out of memory");
    m->path = src->path;
    parse_decls(&p, m);
    flush_lex_diags(&p, (Loc){ 0 }, true);
    free(p.stack);
    if (layout) {
        layout->toks = p.toks;
        layout->ntoks = p.ntoks;
        layout->roles = p.roles;
    } else {
        lex_free(p.toks);
    }
    return diag_error_count() == errors_before;
}

bool parse_file(SrcFile *src, Module *m) { return parse_file_with(src, m, NULL); }

bool parse_file_layout(SrcFile *src, Module *m, ParseLayout *out)
{
    *out = (ParseLayout){ 0 };
    return parse_file_with(src, m, out);
}

void parse_layout_free(ParseLayout *l)
{
    lex_free(l->toks);
    free(l->roles);
    *l = (ParseLayout){ 0 };
}
