/* check_module.c — the checker's driver: check_program, loading imported
 * modules, collecting top-level names into module scopes, the phase order,
 * the function worklist, and the final ordering of struct instances.
 *
 * Modules: the root is "main"; `import "./x"` loads dirname(importer)/x.gs;
 * `import "pool"` loads every *.gs of <stdlib>/pool in sorted order as one
 * module (its *_test.gs files left out). Each module is loaded once (keyed by
 * its normalised path) and Program.modules lists them dependencies first,
 * the root last. `goose test` joins test files to the modules they test
 * (check_program_joined).
 * Not for: checking declarations, expressions or statements (check_decl.c,
 * check_expr.c, check_stmt.c). */
#include "check.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

Ck ck;

/* ---- pointer-keyed map ---- */
static size_t map_slot(const void *key, int cap)
{
    uint64_t h = (uint64_t)(uintptr_t)key * 0x9E3779B97F4A7C15ull;
    return (size_t)(h >> 17) & (size_t)(cap - 1);
}

static void map_grow(Map *m)
{
    int ncap = m->cap ? m->cap * 2 : 64;
    const void **nk = NEW_ARRAY(const void *, ncap);
    void **nv = NEW_ARRAY(void *, ncap);
    for (int i = 0; i < m->cap; i++) {
        if (!m->keys[i])
            continue;
        size_t j = map_slot(m->keys[i], ncap);
        while (nk[j])
            j = (j + 1) & (size_t)(ncap - 1);
        nk[j] = m->keys[i];
        nv[j] = m->vals[i];
    }
    m->keys = nk;
    m->vals = nv;
    m->cap = ncap;
}

void *map_get(const Map *m, const void *key)
{
    if (!m->cap)
        return NULL;
    for (size_t j = map_slot(key, m->cap); m->keys[j]; j = (j + 1) & (size_t)(m->cap - 1))
        if (m->keys[j] == key)
            return m->vals[j];
    return NULL;
}

void map_put(Map *m, const void *key, void *val)
{
    if ((m->len + 1) * 2 > m->cap)
        map_grow(m);
    size_t j = map_slot(key, m->cap);
    for (; m->keys[j]; j = (j + 1) & (size_t)(m->cap - 1))
        if (m->keys[j] == key) {
            m->vals[j] = val;
            return;
        }
    m->keys[j] = key;
    m->vals[j] = val;
    m->len++;
}

/* ---- diagnostics with instantiation notes ---- */
FnInst *ck_outer_fn(FnInst *f)
{
    while (f && f->is_closure)
        f = f->parent;
    return f;
}

/* The instantiations that led to the current function, innermost first:
 * all of them when there are few, else the innermost three, a count, and
 * the outermost, where the chain starts. */
static void ck_inst_notes(void)
{
    FnInst *f = ck_outer_fn(ck.cur.fn);
    int total = 0;
    FnInst *start = NULL;
    for (FnInst *g = f; g && g->ntargs > 0 && g->inst_loc.line > 0; g = ck_outer_fn(g->inst_from)) {
        total++;
        start = g;
    }
    for (int shown = 0; f && f->ntargs > 0 && f->inst_loc.line > 0; shown++) {
        if (shown == 3 && total > 5) {
            diag_note(f->inst_loc, "(and %d more instantiations)", total - shown - 1);
            diag_note(start->inst_loc, "the chain starts with %s, instantiated here", start->name);
            return;
        }
        diag_note(f->inst_loc, "in instantiation of %s here", f->name);
        f = ck_outer_fn(f->inst_from);
    }
}

/* One message per place: the same error at the same location (e.g. in
 * every instance of a generic body) is reported once, with the notes of
 * the first instantiation that hit it. */
bool ck_error(Loc loc, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    StrBuf b = { 0 };
    sb_printf(&b, "%d:%d:%d:", loc.file, loc.line, loc.col);
    sb_vprintf(&b, fmt, ap);
    va_end(ap);
    const char *key = intern(b.data, b.len);
    const char *msg = strchr(strchr(strchr(key, ':') + 1, ':') + 1, ':') + 1;
    sb_free(&b);
    if (map_get(&ck.errors_seen, key))
        return false;
    map_put(&ck.errors_seen, key, (void *)1);
    diag_error(loc, "%s", msg);
    ck_inst_notes();
    return true;
}

/* The error for something unknown: a habit from another language (habit,
 * "" for none) gets a hint line after it; otherwise the message ends with
 * the guess ("; did you mean x?", or ""). */
void ck_error_unknown(Loc loc, const char *habit, const char *guess, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    StrBuf m = { 0 };
    sb_vprintf(&m, fmt, ap);
    va_end(ap);
    if (ck_error(loc, "%s%s", sb_cstr(&m), *habit ? "" : guess) && *habit)
        diag_hint(loc, "%s", habit);
    sb_free(&m);
}

/* Looking an import up is using it (check_warn.c: unused imports). */
ModSym *ck_lookup_sym(Module *m, const char *name)
{
    ModSym *s = m && m->scope ? map_get(&mod_scope(m)->syms, name) : NULL;
    if (s && s->kind == MS_IMPORT)
        s->used = true;
    return s;
}

ModSym *ck_find_struct_sym(const StructInst *si)
{
    return ck_lookup_sym(si->module, si->decl->name);
}

CkCtx ck_enter(Module *m, FnInst *fn, const char **tn, Type **tt, int ntb)
{
    CkCtx saved = ck.cur;
    ck.cur = (CkCtx){ .module = m, .fn = fn, .tnames = tn, .ttypes = tt, .ntb = ntb,
                      .scope_floor = ck.scope.len };
    return saved;
}

/* ---- paths and module identity ---- */
static const char *ck_dirname(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash ? mem_strndup(g_arena, path, (size_t)(slash - path)) : "";
}

/* Folds "." segments and "dir/.." pairs, textually (paths stay relative). */
static const char *ck_normalise(const char *path)
{
    int n = 0;
    const char *seg[256];
    size_t len[256];
    const char *p = path;
    bool abs = *p == '/';
    while (*p) {
        while (*p == '/')
            p++;
        const char *s = p;
        while (*p && *p != '/')
            p++;
        size_t l = (size_t)(p - s);
        if (l == 0 || (l == 1 && s[0] == '.'))
            continue;
        bool up = l == 2 && s[0] == '.' && s[1] == '.';
        if (up && n > 0 && !(len[n - 1] == 2 && memcmp(seg[n - 1], "..", 2) == 0)) {
            n--;
            continue;
        }
        if (n == 256)
            return path;
        seg[n] = s;
        len[n++] = l;
    }
    StrBuf b = { 0 };
    if (abs)
        sb_putc(&b, '/');
    for (int i = 0; i < n; i++) {
        if (i)
            sb_putc(&b, '/');
        sb_putn(&b, seg[i], len[i]);
    }
    const char *r = intern(b.data ? b.data : "", b.len);
    sb_free(&b);
    return r;
}

static const char *ck_last_component(const char *path)
{
    const char *slash = strrchr(path, '/');
    const char *s = slash ? slash + 1 : path;
    size_t n = strlen(s);
    if (n > 3 && strcmp(s + n - 3, ".gs") == 0)
        n -= 3;
    return intern(s, n);
}

/* C prefix gsm_<name>_, made unique and C-safe. The runtime and the
 * emitter's own names (gs_slice_make, gs_opt_int, ...) start with gs_,
 * so an imported module named slice or opt cannot collide with them; the
 * root module is gs_main_ (check_program). */
static const char *ck_cprefix(const char *name)
{
    StrBuf b = { 0 };
    for (const char *p = name; *p; p++) {
        char c = *p;
        bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
        sb_putc(&b, ok ? c : '_');
    }
    const char *base = intern(b.data ? b.data : "m", b.len ? b.len : 1);
    sb_free(&b);
    const char *cand = base;
    for (int i = 2; map_get(&ck.cprefixes, cand); i++)
        cand = intern_cstr(mem_printf(g_arena, "%s%d", base, i));
    map_put(&ck.cprefixes, cand, (void *)1);
    return mem_printf(g_arena, "gsm_%s_", cand);
}

/* A C name not handed out before: want, else want_2, want_3, ... User
 * names may hold `_` and `__`, so `fn vec_len2` and the method `vec.len2`
 * (or `fn id__str` and the instance id[string]) both want gs_main_vec_len2.
 * The emitter adds `_env` and `__thunk` to a name; those count as taken. */
const char *ck_cname(const char *want)
{
    const char *cand = intern_cstr(want);
    for (int i = 2;; i++) {
        const char *env = intern_cstr(mem_printf(g_arena, "%s_env", cand));
        const char *thunk = intern_cstr(mem_printf(g_arena, "%s__thunk", cand));
        if (!map_get(&ck.cnames, cand) && !map_get(&ck.cnames, env) && !map_get(&ck.cnames, thunk)) {
            map_put(&ck.cnames, cand, (void *)1);
            map_put(&ck.cnames, env, (void *)1);
            map_put(&ck.cnames, thunk, (void *)1);
            return cand;
        }
        cand = intern_cstr(mem_printf(g_arena, "%s_%d", want, i));
    }
}

static Module *ck_new_module(const char *name, const char *path, bool stdlib)
{
    Module *m = NEW(Module);
    m->name = name;
    m->path = path;
    m->is_stdlib = stdlib;
    m->cprefix = ck_cprefix(name);
    ModScope *s = NEW(ModScope);
    s->module = m;
    m->scope = s;
    return m;
}

/* ---- loading ---- */
static void ck_append_decls(Module *m, const Module *from)
{
    Decl **all = NEW_ARRAY(Decl *, m->ndecls + from->ndecls);
    if (m->ndecls)
        memcpy(all, m->decls, sizeof(Decl *) * (size_t)m->ndecls);
    if (from->ndecls)
        memcpy(all + m->ndecls, from->decls, sizeof(Decl *) * (size_t)from->ndecls);
    m->decls = all;
    m->ndecls += from->ndecls;
}

/* Parses one file into m; a file with syntax errors contributes nothing
 * (the parser reported them). */
static bool ck_parse_into(Module *m, const char *path)
{
    SrcFile *src = src_load(path);
    if (!src)
        return false;
    Module tmp = *m;
    tmp.decls = NULL;
    tmp.ndecls = 0;
    tmp.path = src->path;
    if (parse_file(src, &tmp))
        ck_append_decls(m, &tmp);
    return true;
}

static int ck_strcmp(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* A hint for an unknown name that is a standard library module not
 * imported here (`sort.sort(xs)` without `import "sort"`), else "". */
const char *ck_import_hint(const char *name)
{
    if (!name || !*name || strchr(name, '/') || strchr(name, '.'))
        return "";
    DIR *d = opendir(mem_printf(g_arena, "%s/%s", ck.stdlib_dir, name));
    if (!d)
        return "";
    closedir(d);
    return mem_printf(g_arena, " (the standard library module needs import \"%s\")", name);
}

static bool ck_is_test_file(const char *name)
{
    size_t n = strlen(name);
    return n >= 8 && strcmp(name + n - 8, "_test.gs") == 0;
}

/* Every *.gs of dir but its test files, sorted; false when there is none. */
static bool ck_load_dir(Module *m, const char *dir)
{
    DIR *d = opendir(dir);
    if (!d)
        return false;
    Vec names = { 0 };
    for (struct dirent *e; (e = readdir(d));) {
        size_t n = strlen(e->d_name);
        if (n > 3 && strcmp(e->d_name + n - 3, ".gs") == 0 && !ck_is_test_file(e->d_name))
            vec_push(&names, mem_strndup(g_arena, e->d_name, n));
    }
    closedir(d);
    if (names.len == 0)
        return false;
    qsort(names.items, (size_t)names.len, sizeof(void *), ck_strcmp);
    m->path = mem_printf(g_arena, "%s/%s", dir, VEC_AT(names, char *, 0));
    for (int i = 0; i < names.len; i++)
        ck_parse_into(m, mem_printf(g_arena, "%s/%s", dir, VEC_AT(names, char *, i)));
    return true;
}

static void ck_load_imports(Module *m);

/* Reported at the import that starts the cycle, in the first module of
 * the cycle that the loading reached. */
static void ck_cycle_error(Decl *d, Module *target)
{
    StrBuf b = { 0 };
    int i = 0;
    while (i < ck.load_stack.len && VEC_AT(ck.load_stack, Module *, i) != target)
        i++;
    Decl *at = i < ck.load_imports.len ? VEC_AT(ck.load_imports, Decl *, i) : d;
    for (int j = i; j < ck.load_stack.len; j++)
        sb_printf(&b, "%s -> ", VEC_AT(ck.load_stack, Module *, j)->name);
    sb_puts(&b, target->name);
    ck_error(at->loc, "import cycle: %s", b.data);
    sb_free(&b);
}

static bool ck_is_relative(const char *p)
{
    return p[0] == '.' || p[0] == '/';
}

/* The key a module is loaded under: the normalised path of the file for
 * `./x`, "<stdlib>/x" for a standard library module. */
static const char *ck_import_key(const Module *from, const char *p)
{
    if (!ck_is_relative(p))
        return intern_cstr(mem_printf(g_arena, "<stdlib>/%s", p));
    const char *dir = ck_dirname(from->path);
    size_t n = strlen(p);
    const char *ext = n > 3 && strcmp(p + n - 3, ".gs") == 0 ? "" : ".gs";
    return ck_normalise(mem_printf(g_arena, "%s%s%s%s", dir, *dir ? "/" : "", p, ext));
}

/* Appends the declarations of the test files joined to the module loaded
 * under key; false when there are none. */
static bool ck_add_joins(Module *t, const char *key)
{
    bool any = false;
    for (int i = 0; i < ck.njoins; i++)
        if (ck.join_keys[i] == key) {
            const Module *from = ck.joins[i].decls;
            for (int j = 0; j < from->ndecls; j++)
                map_put(&ck.joined_decls, from->decls[j], (void *)1);
            ck_append_decls(t, from);
            any = true;
        }
    return any;
}

static bool ck_load_module(Module *t, const char *p, bool rel)
{
    if (rel)
        return ck_parse_into(t, t->path);
    return ck_load_dir(t, mem_printf(g_arena, "%s/%s", ck.stdlib_dir, p));
}

static Module *ck_import(Module *from, Decl *d)
{
    const char *p = d->import.path ? d->import.path : "";
    bool rel = ck_is_relative(p);
    const char *key = ck_import_key(from, p), *name = ck_last_component(p);
    Module *t = map_get(&ck.modules, key);
    if (t) {
        if (mod_scope(t)->load_state == 1) {
            ck_cycle_error(d, t);
            return NULL;
        }
        return t;
    }
    t = ck_new_module(name, key, !rel);
    bool found = *p && *name && ck_load_module(t, p, rel);
    if (*p && *name && ck_add_joins(t, key))
        found = true;       /* a module of test files alone (goose test) */
    if (!found) {
        ck_error(d->loc, "unknown module \"%s\"%s", p, rel ? "" : ck_suggest_stdlib(p));
        return NULL;
    }
    map_put(&ck.modules, key, t);
    ck_load_imports(t);
    return t;
}

static void ck_load_imports(Module *m)
{
    mod_scope(m)->load_state = 1;
    vec_push(&ck.load_stack, m);
    vec_push(&ck.load_imports, NULL);
    for (int i = 0; i < m->ndecls; i++) {
        Decl *d = m->decls[i];
        if (d->kind != D_IMPORT)
            continue;
        ck.load_imports.items[ck.load_imports.len - 1] = d;
        d->import.module = ck_import(m, d);
    }
    ck.load_stack.len--;
    ck.load_imports.len--;
    mod_scope(m)->load_state = 2;
    mod_scope(m)->id = ck.prog->modules.len;
    vec_push(&ck.prog->modules, m);
}

/* ---- collecting top-level names ---- */
static ModSym *ck_add_sym(Module *m, ModSymKind k, const char *name, Decl *d)
{
    if (!name)
        return NULL;
    if (ck_lookup_sym(m, name)) {
        ck_error(d->loc, "%s redeclared in this module", name);
        return NULL;
    }
    if (k == MS_STRUCT && ck_prim_named(name)) {   /* a type name always means the builtin */
        ck_error(d->loc, "struct %s: %s is the name of a builtin type", name, name);
        return NULL;
    }
    ModSym *s = NEW(ModSym);
    s->kind = k;
    s->name = name;
    s->decl = d;
    s->module = m;
    map_put(&mod_scope(m)->syms, name, s);
    return s;
}

static void ck_collect_global(Module *m, Decl *d)
{
    ModSym *s = ck_add_sym(m, MS_GLOBAL, d->name, d);
    if (!s)
        return;
    Global *g = NEW(Global);
    g->name = d->name;
    g->cname = ck_cname(mem_printf(g_arena, "%s%s", m->cprefix, d->name));
    g->loc = d->loc;
    g->is_const = d->kind == D_CONST;
    g->module = m;
    g->type = types_prim(TY_ERROR);
    d->var.global = g;
    s->global = g;
    vec_push(&ck.prog->globals, g);
}

static FnInst *ck_new_fn(ModSym *s, const char *name, const char *cname)
{
    FnInst *f = NEW(FnInst);
    f->name = name;
    f->cname = ck_cname(cname);
    f->module = s->module;
    f->decl = s->decl;
    f->is_inline = s->decl->fn.is_inline;
    f->is_method = s->decl->fn.recv != NULL;
    f->in_test_file = map_get(&ck.joined_decls, s->decl) != NULL;
    f->ret = types_prim(TY_VOID);
    s->fn = f;
    map_put(&ck.fn_syms, f, s);
    vec_push(&ck.prog->fns, f);
    return f;
}

static void ck_collect_fn(Module *m, Decl *d)
{
    ModSym *s = ck_add_sym(m, MS_FN, d->name, d);
    if (!s)
        return;
    ck_decl_tparams(s);
    vec_push(&mod_scope(m)->fnsyms, s);
    if (s->ntparams == 0)
        ck_new_fn(s, d->name, mem_printf(g_arena, "%s%s", m->cprefix, d->name));
}

static void ck_collect_struct(Module *m, Decl *d)
{
    ModSym *s = ck_add_sym(m, MS_STRUCT, d->name, d);
    if (s && d->struct_.ntparams == 0)
        s->st = ck_struct_inst(s, NULL, 0, d->loc);
}

static void ck_collect_import(Module *m, Decl *d)
{
    if (!d->import.module)
        return;
    const char *alias = d->name ? d->name : d->import.module->name;
    ModSym *s = ck_add_sym(m, MS_IMPORT, alias, d);
    if (s)
        s->target = d->import.module;
}

/* The struct a receiver names (in this module), or NULL after an error. */
static ModSym *ck_recv_struct(Module *m, Decl *d, bool *is_ref)
{
    TypeExpr *te = d->fn.recv->type;
    *is_ref = te && te->kind == TE_REF;
    if (*is_ref)
        te = te->elem;
    ModSym *st = te && te->kind == TE_NAME && !te->module ? ck_lookup_sym(m, te->name) : NULL;
    if (!st || st->kind != MS_STRUCT) {
        ck_error(te ? te->loc : d->loc, "a method receiver must be a struct declared in this module");
        return NULL;
    }
    return st;
}

static bool ck_method_field_clash(ModSym *st, Decl *d)
{
    for (int i = 0; i < st->decl->struct_.nfields; i++)
        if (st->decl->struct_.fields[i].name == d->name) {
            ck_error(d->loc, "method %s has the same name as a field of %s", d->name, st->name);
            return true;
        }
    return false;
}

static void ck_collect_method(Module *m, Decl *d)
{
    bool is_ref;
    ModSym *st = ck_recv_struct(m, d, &is_ref);
    if (!st || !d->name || ck_method_field_clash(st, d))
        return;
    const char *key = intern_cstr(mem_printf(g_arena, "%s.%s", st->name, d->name));
    if (map_get(&mod_scope(m)->methods, key)) {
        ck_error(d->loc, "method %s redeclared", key);
        return;
    }
    ModSym *s = NEW(ModSym);
    s->kind = MS_FN;
    s->name = d->name;
    s->decl = d;
    s->module = m;
    s->recv_struct = st;
    s->recv_is_ref = is_ref;
    map_put(&mod_scope(m)->methods, key, s);
    ck_decl_tparams(s);
    vec_push(&mod_scope(m)->fnsyms, s);
    if (s->ntparams == 0 && st->st)
        ck_new_fn(s, key, mem_printf(g_arena, "%s_%s", st->st->cname, d->name));
}

static void ck_collect(Module *m)
{
    for (int i = 0; i < m->ndecls; i++) {
        Decl *d = m->decls[i];
        switch (d->kind) {
        case D_IMPORT: ck_collect_import(m, d); break;
        case D_CONST: case D_VAR: ck_collect_global(m, d); break;
        case D_STRUCT: ck_collect_struct(m, d); break;
        case D_FN: if (!d->fn.recv) ck_collect_fn(m, d); break;
        }
    }
    for (int i = 0; i < m->ndecls; i++)
        if (m->decls[i]->kind == D_FN && m->decls[i]->fn.recv)
            ck_collect_method(m, m->decls[i]);
}

/* ---- phases after collection ---- */
static void ck_signatures(Module *m)
{
    Vec *fs = &mod_scope(m)->fnsyms;
    for (int i = 0; i < fs->len; i++) {
        ModSym *s = VEC_AT(*fs, ModSym *, i);
        if (s->fn && !s->fn->type)
            ck_fn_sig(s->fn, s);
        else if (!s->fn && s->ntparams > 0)
            ck_pattern_sig(s);
    }
}

static void ck_globals(Module *m)
{
    for (int i = 0; i < m->ndecls; i++) {
        Decl *d = m->decls[i];
        if ((d->kind == D_CONST || d->kind == D_VAR) && d->name) {
            ModSym *s = ck_lookup_sym(m, d->name);
            if (s && s->decl == d)
                ck_global(s);
        }
    }
}

static Loc ck_file_start(Module *m)
{
    for (int id = 0; src_get(id); id++)
        if (strcmp(src_get(id)->path, m->path) == 0)
            return (Loc){ id, 1, 1 };
    return (Loc){ 0, 1, 1 };
}

static void ck_main(Module *root)
{
    ModSym *s = ck_lookup_sym(root, intern_cstr("main"));
    if (!s || s->kind != MS_FN) {
        ck_error(s ? s->decl->loc : ck_file_start(root), "missing fn main");
        return;
    }
    FnInst *f = s->fn;
    if (!f || !f->type) {
        ck_error(s->decl->loc, "fn main must not be generic");
        return;
    }
    Type *i64 = types_prim(TY_I64);
    if (f->nparams != 0 || (f->ret->kind != TY_VOID && f->ret != i64)) {
        ck_error(s->decl->loc, "fn main must be `fn main()` or `fn main() -> int`");
        return;
    }
    ck.prog->main_fn = f;
    ck.prog->main_returns_int = f->ret == i64;
}

static void ck_bodies(void)
{
    for (int i = 0; i < ck.prog->fns.len; i++) {
        FnInst *f = VEC_AT(ck.prog->fns, FnInst *, i);
        if (!f->checked) {
            f->checked = true;
            ck_fn_body(f);
        }
    }
}

/* ---- struct instances: complete, reject by-value cycles, order ---- */
static Type *ck_by_value_struct(Type *t)
{
    while (t->kind == TY_ARRAY || t->kind == TY_OPTIONAL)
        t = t->elem;
    return t->kind == TY_STRUCT ? t : NULL;
}

static void ck_visit_struct(StructInst *si)
{
    intptr_t st = (intptr_t)map_get(&ck.struct_state, si);
    if (st == 2)
        return;
    if (st == 1) {
        if (!map_get(&ck.struct_state, si->decl)) {
            map_put(&ck.struct_state, si->decl, (void *)1);
            const StructInst *o = si->variant_of ? si->variant_of : si;
            ck_error(si->decl->loc, "%s %s contains itself by value", o->is_enum ? "enum" : "struct", o->name);
        }
        return;
    }
    map_put(&ck.struct_state, si, (void *)1);
    for (int i = 0; i < si->nfields; i++) {
        Type *t = ck_by_value_struct(si->fields[i].type);
        if (t)
            ck_visit_struct(t->st);
    }
    map_put(&ck.struct_state, si, (void *)2);
    vec_push(&ck.prog->structs, si);
}

static void ck_finish_structs(void)
{
    for (int i = 0; i < ck.structs.len; i++) {
        StructInst *si = VEC_AT(ck.structs, StructInst *, i);
        if (!ck_type_has_param(si->type))
            ck_struct_complete(si);
    }
    for (int i = 0; i < ck.structs.len; i++) {
        StructInst *si = VEC_AT(ck.structs, StructInst *, i);
        if (!ck_type_has_param(si->type) && si->complete)
            ck_visit_struct(si);
    }
}

bool check_program(Module *root, const char *stdlib_dir, Program *out)
{
    return check_program_joined(root, stdlib_dir, NULL, 0, out);
}

bool check_program_joined(Module *root, const char *stdlib_dir, const CheckJoin *joins, int njoins, Program *out)
{
    int errors = diag_error_count();
    memset(&ck, 0, sizeof ck);
    ck.prog = out;
    ck.stdlib_dir = stdlib_dir ? stdlib_dir : "stdlib";
    ck.joins = joins;
    ck.njoins = njoins;
    ck.join_keys = NEW_ARRAY(const char *, njoins > 0 ? njoins : 1);
    for (int i = 0; i < njoins; i++)
        ck.join_keys[i] = ck_import_key(root, joins[i].import);
    out->main_module = root;
    if (!root->name)
        root->name = intern_cstr("main");
    ck_cprefix(root->name);
    if (!root->cprefix)
        root->cprefix = "gs_main_";
    root->scope = NEW(ModScope);
    mod_scope(root)->module = root;
    map_put(&ck.modules, ck_normalise(root->path ? root->path : "main.gs"), root);
    ck_load_imports(root);
    for (int i = 0; i < out->modules.len; i++)
        ck_collect(VEC_AT(out->modules, Module *, i));
    for (int i = 0; i < ck.structs.len; i++)
        ck_struct_complete(VEC_AT(ck.structs, StructInst *, i));
    for (int i = 0; i < out->modules.len; i++)
        ck_signatures(VEC_AT(out->modules, Module *, i));
    for (int i = 0; i < out->modules.len; i++)
        ck_globals(VEC_AT(out->modules, Module *, i));
    ck_main(root);
    ck_bodies();
    ck_finish_structs();
    if (diag_error_count() == errors)
        ck_pool_frees(out);
    if (diag_error_count() != errors)
        return false;
    ck_warn_program(out);
    ck_verify(out);
    return true;
}
