/* check_fmt.c — formatted output (docs/language.md, "Formatted output"):
 * which values print, and the format strings of printf, eprintf, format
 * and format_into. A format string (a string literal or string const) is
 * parsed here, once, into FmtPiece's (ast.h) whose specs are packed in the
 * runtime's layout (runtime/goose_rt.h, "formatted output"); lowering
 * emits one runtime call per piece. Errors point at the placeholder inside
 * a literal (exact when no escape sequence comes before it).
 * Not for: the other builtins (check_builtin.c), the output itself
 * (lower_call.c, emit-c/cemit_fmt.c, the runtime). */
#include "check.h"

#include <string.h>

/* The spec layout (mirrors runtime/goose_rt.h). */
enum { FS_ALIGN = 32, FS_ZERO = 34, FS_TYPE = 35, FS_BYTES = 39, FS_HAS_PREC = 43,
       FS_WIDTH = 44, FS_PREC = 54, FS_MAX = 1023 };
enum { FT_NONE, FT_HEX, FT_UHEX, FT_OCT, FT_BIN, FT_CHAR, FT_EXP, FT_FIX, FT_GEN, FT_DEBUG };

static const char fs_types[] = " xXobcefg?";   /* by FT_*: the type letters */

/* A value prints when it is a scalar, or a struct, fixed array, slice or
 * optional of values that print; function values and pools do not. Each
 * type is walked once (seen): a type met again is either on the current
 * path (a recursive struct, through a slice) or already found printable,
 * as a type that is not ends the walk. */
static bool fs_printable(Type *t, Vec *seen)
{
    for (int i = 0; i < seen->len; i++)
        if (seen->items[i] == t)
            return true;
    vec_push(seen, t);
    switch (t->kind) {
    case TY_FN: case TY_REUSABLE: case TY_REUSABLE_SLICE: case TY_REF: case TY_VOID:
        return false;
    case TY_ARRAY: case TY_SLICE: case TY_OPTIONAL:
        return fs_printable(t->elem, seen);
    case TY_STRUCT:
        for (int i = 0; i < t->st->nfields; i++)
            if (!fs_printable(t->st->fields[i].type, seen))
                return false;
        return true;
    default:
        return true;
    }
}

bool ck_fmt_printable(Type *t, Loc loc)
{
    Vec seen = { 0 };
    bool ok = ck_is_err(t) || fs_printable(t, &seen);
    if (ok)
        return true;
    ck_error(loc, "cannot print a value of type %s", types_spell(t));
    return false;
}

/* ---- parsing ---- */

typedef struct FsParse {
    const char *s;
    int64_t n, i;
    Loc loc;            /* of the literal's opening quote, or of the const */
    bool literal;
    Vec pieces;         /* FmtPiece * */
    bool bad;
} FsParse;

static Loc fs_loc(FsParse *p, int64_t at)
{
    Loc l = p->loc;
    if (p->literal)
        l.col += (int32_t)(1 + at);
    return l;
}

static void fs_piece(FsParse *p, int arg, const char *lit, int64_t len, uint64_t spec)
{
    FmtPiece *f = NEW(FmtPiece);
    f->arg = arg;
    f->lit = lit;
    f->len = len;
    f->spec = spec;
    vec_push(&p->pieces, f);
}

/* Digits at p->i as a number (at most FS_MAX), or -1 when there are none. */
static int64_t fs_number(FsParse *p, const char *what, int64_t at)
{
    int64_t v = -1;
    while (p->i < p->n && p->s[p->i] >= '0' && p->s[p->i] <= '9') {
        v = (v < 0 ? 0 : v) * 10 + (p->s[p->i++] - '0');
        if (v > FS_MAX) {
            ck_error(fs_loc(p, at), "%s in a format spec is at most %d", what, FS_MAX);
            p->bad = true;
            v = FS_MAX;
        }
    }
    return v;
}

static int fs_align(char c) { return c == '<' ? 1 : c == '>' ? 2 : c == '^' ? 3 : 0; }

/* The length of the UTF-8 character at s[i] (1 for a stray byte). */
static int fs_utf8_len(const char *s, int64_t i, int64_t n)
{
    unsigned char c = (unsigned char)s[i];
    int k = c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : c >= 0xc0 ? 2 : 1;
    return i + k <= n ? k : 1;
}

/* [fill][<>^]: the fill's bytes in the low 32 bits, and the alignment. */
static uint64_t fs_fill_align(FsParse *p)
{
    uint64_t spec = 0;
    if (p->i >= p->n)
        return 0;
    int k = fs_utf8_len(p->s, p->i, p->n);
    if (p->i + k < p->n && fs_align(p->s[p->i + k]) && p->s[p->i] != '}') {
        for (int j = 0; j < k; j++)
            spec |= (uint64_t)(unsigned char)p->s[p->i + j] << (8 * j);
        p->i += k;
    }
    if (p->i < p->n && fs_align(p->s[p->i]))
        spec |= (uint64_t)fs_align(p->s[p->i++]) << FS_ALIGN;
    return spec;
}

/* The spec after `{:`, up to and including `}`; false when malformed. */
static bool fs_spec(FsParse *p, int64_t open, uint64_t *out)
{
    uint64_t spec = fs_fill_align(p);
    if (p->i < p->n && p->s[p->i] == '0') {
        spec |= (uint64_t)1 << FS_ZERO;
        p->i++;
    }
    int64_t w = fs_number(p, "width", open);
    if (w > 0)
        spec |= (uint64_t)w << FS_WIDTH;
    if (p->i < p->n && p->s[p->i] == '.') {
        p->i++;
        int64_t pr = fs_number(p, "precision", open);
        if (pr < 0)
            return false;
        spec |= (uint64_t)1 << FS_HAS_PREC | (uint64_t)pr << FS_PREC;
    }
    if (p->i < p->n && p->s[p->i] != '}') {
        const char *t = p->s[p->i] ? strchr(fs_types + 1, p->s[p->i]) : NULL;
        if (!t)
            return false;
        spec |= (uint64_t)(t - fs_types) << FS_TYPE;
        p->i++;
    }
    if (p->i >= p->n || p->s[p->i] != '}')
        return false;
    p->i++;
    *out = spec;
    return true;
}

/* A placeholder at p->i (on its `{`); narg counts them. */
static void fs_placeholder(FsParse *p, int *narg)
{
    int64_t open = p->i++;
    uint64_t spec = 0;
    bool ok = p->i < p->n && p->s[p->i] == '}';
    if (ok)
        p->i++;
    else if (p->i < p->n && p->s[p->i] == ':') {
        p->i++;
        ok = fs_spec(p, open, &spec);
    }
    if (!ok) {
        ck_error(fs_loc(p, open), "malformed placeholder in format string: expected `{}` or "
                 "`{:[fill][<>^][0][width][.precision][type]}` (type one of x X o b c e f g ?; "
                 "`{{` for a brace)");
        p->bad = true;
        p->i = p->n;
        return;
    }
    fs_piece(p, (*narg)++, NULL, open, spec);
}

static void fs_parse(FsParse *p, int *narg)
{
    int64_t run = 0;
    while (p->i < p->n && !p->bad) {
        char c = p->s[p->i];
        if (c != '{' && c != '}') {
            p->i++;
            continue;
        }
        bool twice = p->i + 1 < p->n && p->s[p->i + 1] == c;
        if (c == '}' && !twice) {
            ck_error(fs_loc(p, p->i), "unmatched `}` in format string (write `}}` for a brace)");
            p->bad = true;
            return;
        }
        int64_t end = p->i + (twice ? 1 : 0);   /* a doubled brace keeps one */
        if (end > run)
            fs_piece(p, -1, p->s + run, end - run, 0);
        if (twice)
            p->i += 2;
        else
            fs_placeholder(p, narg);
        run = p->i;
    }
    if (!p->bad && p->n > run)
        fs_piece(p, -1, p->s + run, p->n - run, 0);
}

/* ---- a spec against its argument's type ---- */

typedef enum FsKind { FK_INT, FK_U8, FK_F64, FK_OTHER, FK_ANY } FsKind;

static FsKind fs_kind(Type *t)
{
    if (t->kind == TY_U8)
        return FK_U8;
    if (type_is_int(t))
        return FK_INT;
    if (t->kind == TY_F64)
        return FK_F64;
    return t->kind == TY_PARAM ? FK_ANY : FK_OTHER;
}

/* Which types each spec type fits (by FsKind). */
static const bool fs_fits[FT_DEBUG + 1][FK_ANY] = {
    [FT_NONE] = { 1, 1, 1, 1 }, [FT_DEBUG] = { 1, 1, 1, 1 },
    [FT_HEX] = { 1, 1, 0, 0 }, [FT_UHEX] = { 1, 1, 0, 0 }, [FT_OCT] = { 1, 1, 0, 0 },
    [FT_BIN] = { 1, 1, 0, 0 }, [FT_CHAR] = { 0, 1, 0, 0 },
    [FT_EXP] = { 0, 0, 1, 0 }, [FT_FIX] = { 0, 0, 1, 0 }, [FT_GEN] = { 0, 0, 1, 0 },
};

static const char *const fs_wants[FT_DEBUG + 1] = {
    [FT_HEX] = "an integer", [FT_UHEX] = "an integer", [FT_OCT] = "an integer",
    [FT_BIN] = "an integer", [FT_CHAR] = "a u8", [FT_EXP] = "an f64", [FT_FIX] = "an f64",
    [FT_GEN] = "an f64",
};

static int fs_int_bytes(Type *t)
{
    switch (t->kind) {
    case TY_I8: case TY_U8: return 1;
    case TY_I16: case TY_U16: return 2;
    case TY_I32: case TY_U32: return 4;
    default: return 8;
    }
}

/* Checks piece f's spec against t; adds the integer size for x X o b. */
static void fs_fit(FmtPiece *f, Type *t, Loc at)
{
    FsKind k = fs_kind(t);
    int ty = (int)(f->spec >> FS_TYPE & 15);
    bool zero = f->spec >> FS_ZERO & 1, prec = f->spec >> FS_HAS_PREC & 1;
    if (ck_is_err(t) || k == FK_ANY)
        return;
    if (!fs_fits[ty][k])
        ck_error(at, "format spec `%c` needs %s, found %s", fs_types[ty], fs_wants[ty], types_spell(t));
    else if (zero && (k == FK_OTHER || ty == FT_CHAR))
        ck_error(at, "`0` pads numbers only, not %s", ty == FT_CHAR ? "a `{:c}` character" : types_spell(t));
    else if (prec && k != FK_F64)
        ck_error(at, "a precision needs an f64, found %s", types_spell(t));
    if (ty >= FT_HEX && ty <= FT_BIN)
        f->spec |= (uint64_t)fs_int_bytes(t) << FS_BYTES;
}

/* ---- the calls ---- */

/* The format argument's text: a string literal, or a string const. */
static bool fs_text(Expr **slot, const char *who, FsParse *p)
{
    Expr *a = *slot;
    Type *t = ck_any(slot, false);
    if (ck_is_err(t))
        return false;
    a = *slot;
    while (a->kind == EX_PAREN)
        a = a->paren.inner;
    p->loc = a->loc;
    if (a->kind == EX_STRING) {
        p->s = a->str.bytes;
        p->n = a->str.len;
        p->literal = true;
        return true;
    }
    ConstVal v;
    bool named_const = a->kind == EX_IDENT && a->ident.sym == SYM_GLOBAL && a->ident.global &&
                       a->ident.global->is_const;
    if (t->kind == TY_STRING && named_const && const_eval(a, &v) && v.type && v.type->kind == TY_STRING) {
        p->s = v.s;
        p->n = v.slen;
        return true;
    }
    ck_error(a->loc, "the format of %s must be a string literal or a string const, found %s",
             who, t->kind == TY_STRING ? "a string computed at run time" : types_spell(t));
    return false;
}

/* The arguments from `from` on, each against its piece. */
static void fs_args(Expr *e, FsParse *p, int from)
{
    for (int i = 0; i < p->pieces.len; i++) {
        FmtPiece *f = p->pieces.items[i];
        if (f->arg < 0)
            continue;
        f->arg += from;
        Expr **slot = &e->call.args[f->arg];
        Type *t = ck_any(slot, false);
        if (ck_fmt_printable(t, (*slot)->loc))
            fs_fit(f, t, fs_loc(p, f->len));
    }
}

/* printf-style call e whose format is argument `at`; who names it. */
bool ck_fmt_call(Expr *e, int at, const char *who)
{
    FsParse p = { 0 };
    int narg = 0;
    if (e->call.nargs <= at) {
        ck_error(e->loc, "%s needs a format string", who);
        ck_args_any(e, 0);
        return false;
    }
    if (!fs_text(&e->call.args[at], who, &p)) {
        ck_args_any(e, at + 1);
        return false;
    }
    fs_parse(&p, &narg);
    int given = e->call.nargs - at - 1;
    if (!p.bad && narg != given)
        ck_error(e->loc, "%s: the format has %d placeholder%s but %d argument%s given", who, narg,
                 narg == 1 ? "" : "s", given, given == 1 ? " is" : "s are");
    if (p.bad || narg != given) {
        ck_args_any(e, at + 1);
        return false;
    }
    fs_args(e, &p, at + 1);
    e->call.fmt = NEW_ARRAY(FmtPiece, p.pieces.len + 1);
    e->call.nfmt = p.pieces.len;
    for (int i = 0; i < p.pieces.len; i++)
        e->call.fmt[i] = *(FmtPiece *)p.pieces.items[i];
    return true;
}
