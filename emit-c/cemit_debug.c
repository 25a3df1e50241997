/* cemit_debug.c — what `goose build -g` adds to the emitted C, for a
 * debugger to show the Goose program rather than the C (docs/tools.md,
 * Debugging). Without these options the C is unchanged.
 *
 * debug_lines: every emitted C line is preceded by `#line N "file.gs"`, the
 * line of the instruction it comes from, so each C statement (not only the
 * first of a Goose line) is attributed to its Goose line; a function's
 * signature and braces to the line of its declaration (the closing one to
 * that of its last statement), a thunk and the C entry to their function's.
 *
 * debug_names: functions the emitter would force inline (GS_INLINE) are
 * plain static ones, each with a frame of its own. A local is declared
 * under its Goose name instead of <name>_<id> (cm_debug_names rewrites the
 * function's C once emitted) when that is safe: the name is no C keyword
 * nor a name a C or runtime header may define as a macro or type
 * (cm_reserved), the function's C uses that identifier for nothing else,
 * and no other local of that name is in scope where it is, from its
 * declaration to the end of its block (so locals of one name in blocks
 * apart, such as two loops' `i`, all take it, and a shadowed one does
 * not). Otherwise the local keeps <name>_<id>.
 * A closure's environment holds a captured local in a field of its Goose
 * name too, when no other capture of that closure has it (cm_env_field).
 * Temporaries and the emitter's own variables are declared GS_NODEBUG:
 * clang's __attribute__((nodebug)) leaves them out of the debug
 * information (GCC and TinyCC have no such attribute: they show them).
 * Not for: what the program does (the C is the same C with other names). */
#include "cemit_priv.h"

#include <ctype.h>
#include <string.h>

/* ---- line directives ---- */
void cm_line_at(Cm *cm, Loc loc)
{
    if (loc.line > 0)
        cm->line_loc = loc;
}

void cm_line_mark(Cm *cm)
{
    if (!cm->o->debug_lines || cm->line_loc.line <= 0)
        return;
    SrcFile *sf = src_get(cm->line_loc.file);
    const char *path = sf ? sf->path : "?";
    sb_printf(cm->out, "#line %d ", cm->line_loc.line);
    cm_c_string(cm->out, path, (int64_t)strlen(path));
    sb_putc(cm->out, '\n');
}

/* Where fn is declared: its declaration, or a closure's expression. */
Loc cm_fn_loc(const FnInst *fn)
{
    if (fn && fn->decl)
        return fn->decl->loc;
    if (fn && fn->closure_expr)
        return fn->closure_expr->loc;
    return (Loc){ 0 };
}

/* ---- hidden declarations ---- */
const char *cm_hide(const Cm *cm, const char *ctype)
{
    return cm->o->debug_names ? mem_printf(g_arena, "GS_NODEBUG %s", ctype) : ctype;
}

void cm_debug_prelude(Cm *cm)
{
    if (!cm->o->debug_names)
        return;
    sb_puts(cm->out, "#if defined(__clang__) /* goose -g: temporaries hidden from debuggers */\n"
                     "#define GS_NODEBUG __attribute__((nodebug))\n"
                     "#else\n"
                     "#define GS_NODEBUG\n"
                     "#endif\n");
}

/* ---- locals under their Goose names ---- */

/* C keywords and the lower-case names C headers define as macros or types
 * (names ending in _t, all-capital names, and names starting with _ or
 * gs_/gsm_/GS_ are refused by cm_reserved's rules). A name a runtime macro
 * expanded in a function names must be refused too (a local of that name
 * would capture it): tests/debug/check_macros.py checks every such name is. */
static const char *const cm_c_words[] = {
    "auto", "break", "case", "char", "const", "continue", "default", "do", "double", "else", "enum",
    "extern", "float", "for", "goto", "if", "inline", "int", "long", "register", "restrict", "return",
    "short", "signed", "sizeof", "static", "struct", "switch", "typedef", "union", "unsigned", "void",
    "volatile", "while", "asm", "typeof", "bool", "true", "false", "errno", "stdin", "stdout", "stderr",
    "linux", "unix", "i386", "assert", "offsetof", "alignas", "alignof", "noreturn", "static_assert",
    "thread_local", "complex", "imaginary",
};

static bool cm_all_caps(const char *s)
{
    bool letter = false;
    for (; *s; s++) {
        if (islower((unsigned char)*s))
            return false;
        letter |= isupper((unsigned char)*s) != 0;
    }
    return letter;
}

static bool cm_reserved(const char *s)
{
    size_t n = strlen(s);
    if (n == 0 || s[0] == '_' || !strncmp(s, "gs_", 3) || !strncmp(s, "gsm_", 4) || !strncmp(s, "GS_", 3))
        return true;
    if ((n >= 2 && !strcmp(s + n - 2, "_t")) || (n >= 2 && cm_all_caps(s)))
        return true;
    for (size_t i = 0; i < sizeof cm_c_words / sizeof cm_c_words[0]; i++)
        if (!strcmp(s, cm_c_words[i]))
            return true;
    return false;
}

static bool cm_c_ident(const char *s)
{
    if (!isalpha((unsigned char)s[0]) && s[0] != '_')
        return false;
    for (; *s; s++)
        if (!isalnum((unsigned char)*s) && *s != '_')
            return false;
    return true;
}

/* The C text is scanned for identifier tokens, each with the block it is
 * in: blocks are numbered from 1 in the order their '{' opens (the
 * function's parameters count as in block 1, its body), and a `for (...)`
 * header's tokens belong to the block its line opens (the scope of a
 * declaration there). A block's end is the offset of its '}'. */
typedef struct CmScan {
    const char *text;
    Vec end;                /* block id -> offset of its '}' (intptr_t) */
    Vec stack;              /* the open blocks */
} CmScan;

/* One identifier token at [at, at+n) in block; member: it follows . or ->
 * (a field or a designator, not a name in scope). */
typedef void CmTokFn(void *ctx, size_t at, size_t n, bool member, int block);

static size_t cm_skip_quoted(const char *s, size_t len, size_t i)
{
    char q = s[i++];
    while (i < len && s[i] != q)
        i += s[i] == '\\' ? 2 : 1;
    return i + 1;
}

static bool cm_after_member_op(const char *s, size_t at)
{
    while (at > 0 && (s[at - 1] == ' ' || s[at - 1] == '\t'))
        at--;
    return at > 0 && (s[at - 1] == '.' || (at > 1 && s[at - 1] == '>' && s[at - 2] == '-'));
}

static int cm_top_block(const CmScan *sc)
{
    return sc->stack.len ? (int)(intptr_t)sc->stack.items[sc->stack.len - 1] : 1;
}

/* '{' or '}' at offset at */
static void cm_brace(CmScan *sc, char c, size_t at)
{
    if (c == '{') {
        vec_push(&sc->stack, (void *)(intptr_t)sc->end.len);
        vec_push(&sc->end, (void *)(intptr_t)-1);
    } else if (sc->stack.len) {
        sc->end.items[cm_top_block(sc)] = (void *)(intptr_t)at;
        sc->stack.len--;
    }
}

/* Every identifier token of the text outside literals, comments and
 * preprocessor lines; a pp-number (0x1fULL, 1.5e-3) is skipped whole. */
static void cm_scan_idents(CmScan *sc, size_t len, CmTokFn *fn, void *ctx)
{
    const char *s = sc->text;
    bool line_start = true, for_header = false;
    sc->end.len = sc->stack.len = 0;
    vec_push(&sc->end, (void *)(intptr_t)-1);      /* ids start at 1 */
    for (size_t i = 0; i < len;) {
        char c = s[i];
        if (line_start && c == '#') {
            while (i < len && s[i] != '\n')
                i++;
            continue;
        }
        if (c != ' ' && c != '\t')
            line_start = c == '\n';
        if (c == '"' || c == '\'') {
            i = cm_skip_quoted(s, len, i);
        } else if (c == '/' && i + 1 < len && s[i + 1] == '*') {
            const char *e = strstr(s + i + 2, "*/");
            i = e ? (size_t)(e - s) + 2 : len;
        } else if (isdigit((unsigned char)c)) {
            while (i < len && (isalnum((unsigned char)s[i]) || s[i] == '_' || s[i] == '.'))
                i++;
        } else if (isalpha((unsigned char)c) || c == '_') {
            size_t at = i;
            while (i < len && (isalnum((unsigned char)s[i]) || s[i] == '_'))
                i++;
            for_header |= i - at == 3 && !memcmp(s + at, "for", 3);
            int block = for_header ? sc->end.len : cm_top_block(sc);
            fn(ctx, at, i - at, cm_after_member_op(s, at), block);
        } else {
            if (c == '{' || c == '}')
                cm_brace(sc, c, i);
            for_header &= c != '{' && c != '\n';
            i++;
        }
    }
}

typedef struct CmNames {
    CmScan scan;
    PtrSet used;            /* interned identifiers in scope positions */
    Vec decl_id, decl_at, decl_block;   /* the first occurrence of each
                               identifier (a declaration): interned name,
                               offset, block */
    const char **from, **to;
    int n;                  /* renames: from[i] -> to[i], interned */
    StrBuf out;             /* the renamed text */
    size_t copied;          /* how much of text out holds */
} CmNames;

static void cm_note_ident(void *ctx, size_t at, size_t n, bool member, int block)
{
    CmNames *cn = ctx;
    if (member)
        return;
    const char *id = intern(cn->scan.text + at, n);
    if (ir_set_has(&cn->used, id))
        return;
    ir_set_add(&cn->used, id);
    vec_push(&cn->decl_id, (void *)id);
    vec_push(&cn->decl_at, (void *)(intptr_t)at);
    vec_push(&cn->decl_block, (void *)(intptr_t)block);
}

/* Where a declaration's name is in scope: from it to its block's end. */
typedef struct CmScope {
    intptr_t from, to;      /* from < 0: the identifier is not in the text */
} CmScope;

static CmScope cm_scope_of(const CmNames *cn, const char *id)
{
    for (int i = 0; i < cn->decl_id.len; i++)
        if (cn->decl_id.items[i] == id) {
            intptr_t b = (intptr_t)cn->decl_block.items[i];
            return (CmScope){ (intptr_t)cn->decl_at.items[i], (intptr_t)cn->scan.end.items[b] };
        }
    return (CmScope){ -1, -1 };
}

static void cm_rename_ident(void *ctx, size_t at, size_t n, bool member, int block)
{
    CmNames *cn = ctx;
    if (member)
        return;
    const char *id = intern(cn->scan.text + at, n);
    for (int i = 0; i < cn->n; i++)
        if (cn->from[i] == id) {
            sb_putn(&cn->out, cn->scan.text + cn->copied, at - cn->copied);
            sb_puts(&cn->out, cn->to[i]);
            cn->copied = at + n;
            return;
        }
}

/* The function's locals (parameters first), each once. */
static void cm_fn_locals(const FnInst *fn, Vec *out)
{
    PtrSet seen = { 0 };
    for (int i = 0; i < fn->nparams + fn->locals.len; i++) {
        Local *l = i < fn->nparams ? fn->params[i] : VEC_AT(fn->locals, Local *, i - fn->nparams);
        if (l && !ir_set_has(&seen, l)) {
            ir_set_add(&seen, l);
            vec_push(out, l);
        }
    }
}

/* The locals that get their Goose name: present in the C (as <name>_<id>),
 * the name free and not reserved, and no other local of that name in scope
 * anywhere it is (then no code can mean the other by it, and a debugger
 * finds the one in scope). */
static void cm_plan_names(CmNames *cn, const Vec *locals)
{
    int n = locals->len;
    const char **internal = NEW_ARRAY(const char *, n), **plain = NEW_ARRAY(const char *, n);
    CmScope *scope = NEW_ARRAY(CmScope, n);
    for (int i = 0; i < n; i++) {
        const Local *l = locals->items[i];
        internal[i] = intern_cstr(cm_local_name(l));
        scope[i] = cm_scope_of(cn, internal[i]);
        plain[i] = intern_cstr(l->name);
    }
    cn->from = NEW_ARRAY(const char *, n);
    cn->to = NEW_ARRAY(const char *, n);
    for (int i = 0; i < n; i++) {
        if (scope[i].from < 0 || !cm_c_ident(plain[i]) || cm_reserved(plain[i]) || ir_set_has(&cn->used, plain[i]))
            continue;
        bool ok = true;
        for (int j = 0; j < n && ok; j++)
            ok = j == i || scope[j].from < 0 || plain[j] != plain[i] ||
                 scope[j].to <= scope[i].from || scope[i].to <= scope[j].from;
        if (ok) {
            cn->from[cn->n] = internal[i];
            cn->to[cn->n++] = plain[i];
        }
    }
}

void cm_debug_names(Cm *cm, const IrFunc *f, size_t start)
{
    if (!cm->o->debug_names || !f->fn)
        return;
    StrBuf *out = cm->out;
    size_t len = out->len - start;
    CmNames cn = { .scan.text = mem_strndup(g_arena, out->data + start, len) };
    cm_scan_idents(&cn.scan, len, cm_note_ident, &cn);
    Vec locals = { 0 };
    cm_fn_locals(f->fn, &locals);
    cm_plan_names(&cn, &locals);
    if (cn.n == 0)
        return;
    cm_scan_idents(&cn.scan, len, cm_rename_ident, &cn);
    sb_putn(&cn.out, cn.scan.text + cn.copied, len - cn.copied);
    out->len = start;
    sb_putn(out, cn.out.data, cn.out.len);
    sb_free(&cn.out);
}

/* The field of closure's environment that holds captured local l. */
const char *cm_env_field(const Cm *cm, const IrFunc *closure, const Local *l)
{
    if (!cm->o->debug_names || !cm_c_ident(l->name) || cm_reserved(l->name))
        return cm_local_name(l);
    for (int k = 0; k < closure->ncaptures; k++)
        if (closure->captures[k] != l && strcmp(closure->captures[k]->name, l->name) == 0)
            return cm_local_name(l);
    return l->name;
}
