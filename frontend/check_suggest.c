/* check_suggest.c — "did you mean": for an unknown name, field, method,
 * module member or module, the closest name that exists where it was
 * looked for.
 *
 * Closeness is the optimal-string-alignment distance (base/ name_distance:
 * Levenshtein plus the swap of two neighbours, `cuont` is one edit from
 * `count`), with case ignored (`Strng` is one edit from `string`). A
 * candidate is offered when its distance is at most max(len, 3) / 3 of the
 * unknown name (rustc's rule) and less than the length of either name (so
 * `x` never suggests `y`). Ties go to the name first in byte order, so the
 * message never depends on hash order. Reserved library primitives
 * (`__name`) and names longer than 64 bytes are never offered.
 * Not for: the errors themselves (their callers) or hints about habits
 * from other languages (check_access.c, parse.c). */
#include "check.h"

#include <ctype.h>
#include <dirent.h>
#include <string.h>

enum { CK_NEAR_MAX = 64 };     /* longer names are never offered (name_distance) */

typedef struct CkNear {
    const char *want;
    char lower[CK_NEAR_MAX + 1];    /* want in lower case */
    int limit;                      /* -1: no search */
    const char *best;
    int dist;
} CkNear;

/* s in lower case into buf (CK_NEAR_MAX + 1 bytes); false when longer. */
static bool ck_lower(const char *s, char *buf)
{
    size_t n = strlen(s);
    if (n > CK_NEAR_MAX)
        return false;
    for (size_t i = 0; i <= n; i++)
        buf[i] = (char)tolower((unsigned char)s[i]);
    return true;
}

/* No search past the errors that are shown (a hostile input may hold many
 * unknown names and many candidates), nor for a name so long that nothing
 * offered could be near it. */
static void ck_near_init(CkNear *n, const char *want)
{
    int len = (int)strlen(want);
    n->want = want;
    n->limit = (len > 3 ? len : 3) / 3;
    n->best = NULL;
    n->dist = 0;
    if (diag_error_count() >= DIAG_MAX_ERRORS || !ck_lower(want, n->lower))
        n->limit = -1;
}

/* Case is no edit (Strng is one edit from string); a name differing from
 * the wanted one only in case is nearest of all. */
static void ck_near_add(CkNear *n, const char *cand)
{
    char lower[CK_NEAR_MAX + 1];
    if (n->limit < 0 || !cand || !*cand || strcmp(cand, n->want) == 0 || strncmp(cand, "__", 2) == 0
        || !ck_lower(cand, lower))
        return;
    int d = name_distance(n->lower, lower, n->limit);
    int shortest = (int)strlen(cand) < (int)strlen(n->want) ? (int)strlen(cand) : (int)strlen(n->want);
    if (d > n->limit || (d > 0 && d >= shortest))
        return;
    if (!n->best || d < n->dist || (d == n->dist && strcmp(cand, n->best) < 0)) {
        n->best = cand;
        n->dist = d;
    }
}

static const char *ck_near_hint(const CkNear *n)
{
    return n->best ? mem_printf(g_arena, "; did you mean %s?", n->best) : "";
}

/* Every name a Map of names holds (a module's symbols, its methods). */
static void ck_near_syms(CkNear *n, const Map *m, bool (*keep)(const ModSym *s))
{
    for (int i = 0; i < m->cap; i++)
        if (m->keys[i] && (!keep || keep(m->vals[i])))
            ck_near_add(n, ((const ModSym *)m->vals[i])->name);
}

static bool ck_is_value_sym(const ModSym *s) { return s->kind != MS_STRUCT; }
static bool ck_is_struct_sym(const ModSym *s) { return s->kind == MS_STRUCT; }
static bool ck_is_member_sym(const ModSym *s) { return s->kind != MS_IMPORT; }

/* ---- names: locals in scope, the module's names, builtins, and the
 * keywords that are values (ture -> true) ---- */
const char *ck_suggest_name(const char *name)
{
    CkNear n;
    ck_near_init(&n, name);
    for (int i = ck.cur.scope_floor; i < ck.scope.len; i++)
        ck_near_add(&n, ((const Local *)ck.scope.items[i])->name);
    ck_near_syms(&n, &mod_scope(ck.cur.module)->syms, ck_is_value_sym);
    for (int b = 1; b < BI__COUNT; b++)
        if (!ast_builtin_is_method[b])
            ck_near_add(&n, ast_builtin_name[b]);
    static const char *const value_keywords[] = { "true", "false", "none" };
    for (size_t i = 0; i < sizeof value_keywords / sizeof value_keywords[0]; i++)
        ck_near_add(&n, value_keywords[i]);
    return ck_near_hint(&n);
}

/* ---- types: builtin types, type parameters, the module's structs ---- */
const char *ck_suggest_type(const char *name, Module *m)
{
    CkNear n;
    ck_near_init(&n, name);
    if (m == ck.cur.module) {
        for (int i = 0; ck_prim_name(i); i++)
            ck_near_add(&n, ck_prim_name(i));
        for (int i = 0; i < ck.cur.ntb; i++)
            ck_near_add(&n, ck.cur.tnames[i]);
    }
    ck_near_syms(&n, &mod_scope(m)->syms, ck_is_struct_sym);
    return ck_near_hint(&n);
}

/* ---- a module's members ---- */
const char *ck_suggest_member(Module *m, const char *name)
{
    CkNear n;
    ck_near_init(&n, name);
    ck_near_syms(&n, &mod_scope(m)->syms, ck_is_member_sym);
    return ck_near_hint(&n);
}

/* ---- fields and methods of a type ---- */
static void ck_near_methods(CkNear *n, const StructInst *si)
{
    const Map *m = &mod_scope(si->module)->methods;
    size_t k = strlen(si->decl->name);
    for (int i = 0; i < m->cap; i++) {
        const char *key = m->keys[i];
        if (key && strncmp(key, si->decl->name, k) == 0 && key[k] == '.')
            ck_near_add(n, key + k + 1);
    }
}

static void ck_near_fields(CkNear *n, const Type *t)
{
    if (t->kind == TY_STRUCT && !t->st->is_enum && t->st->complete)
        for (int i = 0; i < t->st->nfields; i++)
            ck_near_add(n, t->st->fields[i].name);
    if (t->kind == TY_STRING || t->kind == TY_SLICE || t->kind == TY_ARRAY)
        ck_near_add(n, "len");
    if (t->kind == TY_SLICE)
        ck_near_add(n, "cap");
}

const char *ck_suggest_field(const Type *t, const char *name)
{
    CkNear n;
    ck_near_init(&n, name);
    ck_near_fields(&n, t);
    return ck_near_hint(&n);
}

/* A method call may also mean a field of function type. */
const char *ck_suggest_method(const Type *t, const char *name)
{
    CkNear n;
    ck_near_init(&n, name);
    if (t->kind == TY_STRUCT && t->st->decl)
        ck_near_methods(&n, t->st);
    if (t->kind == TY_STRUCT)
        ck_near_fields(&n, t);
    for (int i = 0; ck_builtin_method_name(i); i++)
        if (ck_builtin_method_on(i) == t->kind)
            ck_near_add(&n, ck_builtin_method_name(i));
    return ck_near_hint(&n);
}

/* ---- modules: the standard library's, or an import of this module ---- */
const char *ck_suggest_stdlib(const char *path)
{
    CkNear n;
    ck_near_init(&n, path);
    DIR *d = n.limit < 0 ? NULL : opendir(ck.stdlib_dir);
    for (struct dirent *e; d && (e = readdir(d));)
        if (e->d_name[0] != '.')
            ck_near_add(&n, intern_cstr(e->d_name));
    if (d)
        closedir(d);
    return n.best ? mem_printf(g_arena, "; did you mean \"%s\"?", n.best) : "";
}

/* ---- an enum's variants ---- */
const char *ck_suggest_variant(const StructInst *si, const char *name)
{
    CkNear n;
    ck_near_init(&n, name);
    for (int i = 0; i < si->nvariants; i++)
        ck_near_add(&n, si->variants[i].name);
    return ck_near_hint(&n);
}

static bool ck_is_import_sym(const ModSym *s) { return s->kind == MS_IMPORT; }

const char *ck_suggest_import(const char *name)
{
    CkNear n;
    ck_near_init(&n, name);
    ck_near_syms(&n, &mod_scope(ck.cur.module)->syms, ck_is_import_sym);
    return ck_near_hint(&n);
}
