/* check_warn.c — the checker's warnings (base/util.h DIAG_WARNINGS):
 * unused variables and imports, values dropped by an expression statement,
 * unreachable statements, and a local shadowing another of the same
 * function.
 *
 * Only the user's modules are warned about, not the standard library's
 * (unless GOOSE_WARN_STDLIB is set: the library's own test keeps it clean).
 * A name starting with `_` is never reported (Rust's convention), and a
 * warning at one place is reported once (a generic body's instances share
 * their locations). The driver shows warnings only for a program that
 * checks without errors (diag_flush drops them otherwise).
 * Not for: errors (every other check_*.c) or the warnings' flags
 * (base/util.c). */
#include "check.h"

#include <stdlib.h>
#include <string.h>

static bool ck_warns_about(const Module *m)
{
    const char *e = m && m->is_stdlib ? getenv("GOOSE_WARN_STDLIB") : NULL;
    return m && (!m->is_stdlib || (e && *e));
}

/* One warning per place and message; false when not reported (then the
 * caller adds no note). */
static bool ck_warn(const Module *m, DiagWarn w, Loc loc, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static bool ck_warn(const Module *m, DiagWarn w, Loc loc, const char *fmt, ...)
{
    if (!ck_warns_about(m) || !diag_warn_enabled(w))
        return false;
    va_list ap;
    va_start(ap, fmt);
    StrBuf b = { 0 };
    sb_printf(&b, "%d:%d:%d:%d:", (int)w, loc.file, loc.line, loc.col);
    sb_vprintf(&b, fmt, ap);
    va_end(ap);
    const char *key = intern(b.data, b.len);
    sb_free(&b);
    if (map_get(&ck.warnings_seen, key))
        return false;
    map_put(&ck.warnings_seen, key, (void *)1);
    const char *msg = key;
    for (int colons = 0; colons < 4; msg++)
        colons += *msg == ':';
    return diag_warning(w, loc, "%s", msg);
}

static bool ck_quiet_name(const char *name) { return !name || name[0] == '_'; }

/* ---- shadowing (from ck_declare) ---- */
void ck_warn_shadow(const Local *l, const Local *outer)
{
    if (ck_quiet_name(l->name) || !ck.cur.fn || outer->owner != ck.cur.fn)
        return;
    ck_warn(ck.cur.module, DW_SHADOW, l->loc, "declaration of %s shadows the one at line %d", l->name,
            outer->loc.line);
}

/* ---- unreachable statements (from ck_stmts, after stmts[i] is checked) ---- */
void ck_warn_unreachable(const Block *b, int i)
{
    for (int j = i + 1; j < b->nstmts; j++)
        if (b->stmts[j]) {
            if (ck_warn(ck.cur.module, DW_UNREACHABLE_CODE, b->stmts[j]->loc, "unreachable code"))
                diag_note(b->stmts[i]->loc, "any code following this statement is unreachable");
            return;
        }
}

/* ---- dropped values (from st_expr) ---- */
/* Builtins whose only effect is their result (format and to_string also
 * allocate it: dropping one leaks). */
static const BuiltinId ck_pure_builtins[] = {
    BI_ABS, BI_MIN, BI_MAX, BI_TO_STRING, BI_FORMAT, BI_FMT_F64, BI_PARSE_INT, BI_PARSE_F64,
    BI_HASH, BI_P_MAP_HASH, BI_FROM_BYTES, BI_ARGS, BI_CLOCK_NS, BI_BYTES, BI_IS_SOME, BI_OR,
};

static bool ck_is_pure_builtin(BuiltinId id)
{
    for (size_t i = 0; i < sizeof ck_pure_builtins / sizeof ck_pure_builtins[0]; i++)
        if (ck_pure_builtins[i] == id)
            return true;
    return false;
}

void ck_warn_unused_result(const Expr *e)
{
    const Expr *s = e;
    while (s && s->kind == EX_PAREN)
        s = s->paren.inner;
    if (!s || !s->type || ck_is_err(s->type) || s->type->kind == TY_VOID)
        return;
    if (s->kind != EX_CALL) {
        ck_warn(ck.cur.module, DW_UNUSED_RESULT, e->loc,
                "this %s value is not used (write _ = ... to drop it)", types_spell(s->type));
        return;
    }
    if (s->call.kind == CALL_BUILTIN && ck_is_pure_builtin(s->call.builtin))
        ck_warn(ck.cur.module, DW_UNUSED_RESULT, e->loc,
                "the result of %s is not used (it has no other effect)", ast_builtin_name[s->call.builtin]);
}

/* ---- unused locals and imports (after every body is checked) ---- */
static void ck_warn_locals(const FnInst *f)
{
    for (int i = 0; i < f->locals.len; i++) {
        const Local *l = VEC_AT(f->locals, const Local *, i);
        if (!l->used && !l->is_param && !ck_quiet_name(l->name)
            && ck_warn(f->module, DW_UNUSED_VARIABLE, l->loc, "unused variable %s", l->name))
            diag_hint(l->loc, "if it is meant to be unused, name it _%s (or _)", l->name);
    }
}

/* A generic declaration never instantiated had its body (or fields) left
 * unchecked: the names it uses are unknown, so no import of its module is
 * called unused. */
static bool ck_has_unchecked_generic(const Module *m)
{
    const ModScope *ms = mod_scope(m);
    for (int i = 0; i < ms->fnsyms.len; i++) {
        const ModSym *s = VEC_AT(ms->fnsyms, const ModSym *, i);
        if (s->ntparams > 0 && s->insts.len == 0)
            return true;
    }
    for (int i = 0; i < m->ndecls; i++) {
        const Decl *d = m->decls[i];
        const ModSym *s = d->kind == D_STRUCT && d->struct_.ntparams > 0 ? map_get(&ms->syms, d->name) : NULL;
        if (s && s->insts.len == 0)
            return true;
    }
    return false;
}

static void ck_warn_imports(Module *m)
{
    if (!ck_warns_about(m) || ck_has_unchecked_generic(m))
        return;
    for (int i = 0; i < m->ndecls; i++) {
        const Decl *d = m->decls[i];
        if (d->kind != D_IMPORT || !d->import.module)
            continue;
        const char *alias = d->name ? d->name : d->import.module->name;
        const ModSym *s = map_get(&mod_scope(m)->syms, alias);
        if (s && s->kind == MS_IMPORT && !s->used)
            ck_warn(m, DW_UNUSED_IMPORT, d->loc, "unused import \"%s\"", d->import.path);
    }
}

void ck_warn_program(Program *p)
{
    for (int i = 0; i < p->fns.len; i++)
        ck_warn_locals(VEC_AT(p->fns, FnInst *, i));
    for (int i = 0; i < p->modules.len; i++)
        ck_warn_imports(VEC_AT(p->modules, Module *, i));
}
