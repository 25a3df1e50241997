/* check_xref.c — the records of xref.h: the checker's hooks (check.h,
 * "check_xref.c") call in here as they resolve a name, and the candidates
 * for a completion are read from the checker's own scopes at the moment it
 * reaches the probe position.
 *
 * Declarations are recorded after the check (xref_uses): every function,
 * method, struct and field of every loaded module, from the module tables.
 * A `let`'s Local is located at its keyword: the record moves to the name.
 * Hover text of functions and structs is their header as written (from the
 * first word of the declaration's line up to its `{`), so generic ones read
 * as declared. Everything lives in g_arena.
 * Not for: any decision of the checker — nothing here changes a type, a
 * node or a diagnostic. */
#include "check.h"
#include "xref.h"

#include <stdlib.h>
#include <string.h>

bool xref_on;

static struct {
    Loc probe;
    XrefUse *uses;
    int nuses, cap;
    Vec items;              /* XrefItem* */
    bool member;
    bool probed;            /* the checker reached the probe */
    bool decls_done;
    Vec lines;              /* per file id: its XrefLines, made when first asked */
} xr;

/* Where each line of a file starts, so finding a line costs no scan. */
typedef struct XrefLines {
    const char **starts;
    int n;
} XrefLines;

static bool xref_same(Loc a, Loc b) { return a.file == b.file && a.line == b.line && a.col == b.col; }

void xref_start(Loc probe)
{
    memset(&xr, 0, sizeof xr);
    xr.probe = probe;
    xref_on = true;
}

/* ---- source text ---- */
static XrefLines *xref_lines(const SrcFile *f)
{
    while (xr.lines.len <= f->id)
        vec_push(&xr.lines, NULL);
    XrefLines *t = xr.lines.items[f->id];
    if (t)
        return t;
    t = NEW(XrefLines);
    const char *p = f->text, *e = f->text + f->len;
    t->n = 1;
    for (const char *q = p; q < e; q++)
        t->n += *q == '\n';
    t->starts = NEW_ARRAY(const char *, t->n);
    t->starts[0] = p;
    for (int line = 1; p < e; p++)
        if (*p == '\n')
            t->starts[line++] = p + 1;
    xr.lines.items[f->id] = t;
    return t;
}

static const char *xref_line_start(Loc at, const char **end)
{
    SrcFile *f = src_get(at.file);
    if (!f || at.line <= 0)
        return NULL;
    XrefLines *t = xref_lines(f);
    if (at.line > t->n)
        return NULL;
    *end = f->text + f->len;
    return t->starts[at.line - 1];
}

static bool xref_word_char(char c)
{
    return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

/* Where name is written at or after at on the same line (a `let x`'s
 * Local is located at `let`); at itself when it is not found. */
static Loc xref_name_loc(Loc at, const char *name)
{
    const char *end, *line = xref_line_start(at, &end);
    size_t n = strlen(name);
    if (!line || at.col < 1)
        return at;
    for (const char *p = line + at.col - 1; p + n <= end && *p != '\n'; p++) {
        bool starts = p == line || !xref_word_char(p[-1]);
        if (starts && memcmp(p, name, n) == 0 && (p + n == end || !xref_word_char(p[n])))
            return (Loc){ at.file, at.line, (int32_t)(p - line) + 1 };
    }
    return at;
}

/* The declaration's header as written: its line from the first word up to
 * the `{` (or the line's end), blanks folded to one space. */
static const char *xref_header(Loc at)
{
    const char *end, *p = xref_line_start(at, &end);
    if (!p)
        return "";
    StrBuf b = { 0 };
    while (p < end && (*p == ' ' || *p == '\t'))
        p++;
    int depth = 0;
    for (; p < end && b.len < 300; p++) {
        char c = *p;
        depth += (c == '(' || c == '[') - (c == ')' || c == ']');
        if (c == '{' || (c == '\n' && depth <= 0))
            break;
        bool blank = c == ' ' || c == '\t' || c == '\n' || c == '\r';
        if (blank && (!b.len || b.data[b.len - 1] == ' '))
            continue;
        sb_putc(&b, blank ? ' ' : c);
    }
    while (b.len && b.data[b.len - 1] == ' ')
        b.len--;
    const char *s = mem_strndup(g_arena, b.data ? b.data : "", b.len);
    sb_free(&b);
    return s;
}

/* ---- what a name stands for ---- */
static const char *xref_local_detail(const Local *l)
{
    const char *word = l->is_param ? "param" : l->is_mutable && !l->is_ref ? "var" : "let";
    return mem_printf(g_arena, "%s %s: %s%s", word, l->name, l->is_ref ? "ref " : "",
                      l->type ? types_spell(l->type) : "?");
}

static int xref_file_id(const char *path)
{
    for (int id = 0; path && src_get(id); id++)
        if (strcmp(src_get(id)->path, path) == 0)
            return id;
    return -1;
}

/* The file that stands for a module: a folder module's file named after
 * it (stdlib/strings/strings.gs) when there is one, else the file the
 * module was loaded from. */
static const char *xref_module_path(const Module *m)
{
    const char *slash = m->path ? strrchr(m->path, '/') : NULL;
    if (slash && m->name) {
        const char *own = mem_printf(g_arena, "%.*s/%s.gs", (int)(slash - m->path), m->path, m->name);
        if (xref_file_id(own) >= 0)
            return own;
    }
    return m->path ? m->path : "?";
}

static Loc xref_module_loc(const Module *m)
{
    int id = xref_file_id(xref_module_path(m));
    return id >= 0 ? (Loc){ id, 1, 1 } : (Loc){ 0 };
}

static const char *xref_module_detail(const char *alias, const Module *m)
{
    return mem_printf(g_arena, "module %s (%s)", alias, m ? xref_module_path(m) : "?");
}

static XrefKind xref_sym_kind(const ModSym *s)
{
    switch (s->kind) {
    case MS_FN: return s->recv_struct ? XR_METHOD : XR_FN;
    case MS_STRUCT: return s->decl->struct_.is_enum ? XR_ENUM : XR_STRUCT;
    case MS_IMPORT: return XR_MODULE;
    default: return s->decl->kind == D_CONST ? XR_CONST : XR_GLOBAL;
    }
}

static const char *xref_sym_detail(const ModSym *s)
{
    switch (s->kind) {
    case MS_FN: case MS_STRUCT: return xref_header(s->decl->loc);
    case MS_IMPORT: return xref_module_detail(s->name, s->target);
    default:
        if (!s->global || !s->global->type)
            return xref_header(s->decl->loc);
        return mem_printf(g_arena, "%s %s: %s", s->global->is_const ? "const" : "var", s->name,
                          types_spell(s->global->type));
    }
}

static Loc xref_sym_decl(const ModSym *s)
{
    if (s->kind == MS_IMPORT)
        return s->target ? xref_module_loc(s->target) : (Loc){ 0 };
    return s->decl->loc;
}

/* ---- the table of uses ---- */
static void xref_add(Loc at, const char *name, XrefKind kind, Loc decl, const char *detail)
{
    if (at.line <= 0 || !name)
        return;
    if (xr.nuses == xr.cap)
        xr.uses = mem_grow(g_arena, xr.uses, &xr.cap, xr.nuses, sizeof *xr.uses);
    xr.uses[xr.nuses++] = (XrefUse){ at, (int)strlen(name), kind, name, decl, detail };
}

void xref_local(Loc at, Local *l)
{
    if (!l || strcmp(l->name, "_") == 0)
        return;
    Loc decl = xref_name_loc(l->loc, l->name);
    xref_add(xref_name_loc(at, l->name), l->name, l->is_param ? XR_PARAM : XR_LOCAL, decl, xref_local_detail(l));
}

void xref_sym(Loc at, const char *name, ModSym *s)
{
    if (s)
        xref_add(at, name, xref_sym_kind(s), xref_sym_decl(s), xref_sym_detail(s));
}

void xref_type_name(TypeExpr *te, ModSym *s)
{
    if (!te->module) {
        xref_sym(te->loc, te->name, s);
        return;
    }
    /* `mod.Name`: te->loc is the module's name; the type's follows the dot */
    Loc at = { te->loc.file, te->loc.line, te->loc.col + (int32_t)strlen(te->module) + 1 };
    const char *end, *line = xref_line_start(at, &end);
    size_t n = strlen(te->name);
    if (line && line + at.col - 1 + n <= end && memcmp(line + at.col - 1, te->name, n) == 0)
        xref_sym(at, te->name, s);
}

/* ---- completion candidates ---- */
static void xref_item(const char *name, XrefKind kind, const char *detail)
{
    XrefItem *it = NEW(XrefItem);
    *it = (XrefItem){ name, kind, detail };
    vec_push(&xr.items, it);
}

static bool xref_at_probe(Loc at, bool member)
{
    if (xr.probe.line <= 0 || !xref_same(at, xr.probe))
        return false;
    xr.items = (Vec){ 0 };      /* reached again (a call's callee): the same names */
    xr.member = member;
    xr.probed = true;
    return true;
}

/* The symbols of m whose kind is in the mask kinds (1 << ModSymKind). */
#define XREF_ALL_SYMS ((1 << MS_STRUCT) | (1 << MS_FN) | (1 << MS_GLOBAL) | (1 << MS_IMPORT))
static void xref_map_syms(const Map *m, int kinds)
{
    for (int i = 0; i < m->cap; i++) {
        ModSym *s = m->keys[i] ? m->vals[i] : NULL;
        if (s && (kinds & 1 << s->kind))
            xref_item(s->name, xref_sym_kind(s), xref_sym_detail(s));
    }
}

/* The keywords of tokens.def (class K); NULL for the other tokens. */
#define K(sp) sp
#define P(sp) NULL
#define L(sp) NULL
static const char *const xref_keywords[] = {
#define TOK(id, sp, cls, ends, prec, bin, asg) cls(sp),
#include "tokens.def"
#undef TOK
};
#undef K
#undef P
#undef L

void xref_names_at(Loc at)
{
    if (!xref_at_probe(at, false))
        return;
    for (int i = ck.cur.scope_floor; i < ck.scope.len; i++) {
        Local *l = ck.scope.items[i];
        if (ck_scope_find(l->name) == l)
            xref_item(l->name, l->is_param ? XR_PARAM : XR_LOCAL, xref_local_detail(l));
    }
    if (ck.cur.module)
        xref_map_syms(&mod_scope(ck.cur.module)->syms, XREF_ALL_SYMS);
    for (int b = 1; b < BI__COUNT; b++)
        if (!ast_builtin_is_method[b] && strncmp(ast_builtin_name[b], "__", 2) != 0)
            xref_item(ast_builtin_name[b], XR_BUILTIN, "builtin function");
    for (size_t k = 0; k < sizeof xref_keywords / sizeof xref_keywords[0]; k++)
        if (xref_keywords[k])
            xref_item(xref_keywords[k], XR_KEYWORD, "keyword");
}

/* A type's name at the probe: the types that may be named there (`mod.`:
 * that module's). */
void xref_types_at(TypeExpr *te)
{
    if (te->module) {
        Loc at = { te->loc.file, te->loc.line, te->loc.col + (int32_t)strlen(te->module) + 1 };
        ModSym *imp = ck.cur.module ? ck_lookup_sym(ck.cur.module, te->module) : NULL;
        if (xref_at_probe(at, true) && imp && imp->kind == MS_IMPORT && imp->target)
            xref_map_syms(&mod_scope(imp->target)->syms, 1 << MS_STRUCT);
        return;
    }
    if (!xref_at_probe(te->loc, false))
        return;
    for (int i = 0; ck_prim_name(i); i++)
        xref_item(ck_prim_name(i), XR_BUILTIN, "builtin type");
    for (int i = 0; i < ck.cur.ntb; i++)
        xref_item(ck.cur.tnames[i], XR_STRUCT, "type parameter");
    if (ck.cur.module)
        xref_map_syms(&mod_scope(ck.cur.module)->syms, (1 << MS_STRUCT) | (1 << MS_IMPORT));
}

static void xref_struct_members(StructInst *si)
{
    if (!si->is_enum && ck_struct_complete(si))
        for (int i = 0; i < si->nfields; i++)
            xref_item(si->fields[i].name, XR_FIELD,
                      mem_printf(g_arena, "%s: %s", si->fields[i].name, types_spell(si->fields[i].type)));
    ModSym *st = ck_find_struct_sym(si);
    Vec *fns = &mod_scope(si->module)->fnsyms;
    for (int i = 0; st && i < fns->len; i++) {
        ModSym *s = fns->items[i];
        if (s->recv_struct == st)
            xref_item(s->name, XR_METHOD, xref_sym_detail(s));
    }
}

void xref_members_at(Loc at, Type *bt)
{
    if (!xref_at_probe(at, true) || ck_is_err(bt))
        return;
    if (bt->kind == TY_STRUCT)
        xref_struct_members(bt->st);
    if (ck_has_len(bt))
        xref_item("len", XR_FIELD, "len: int");
    if (bt->kind == TY_SLICE)
        xref_item("cap", XR_FIELD, "cap: int");
    BuiltinId ids[16];
    int n = ck_builtin_methods_of(bt->kind, ids, 16);
    for (int i = 0; i < n; i++)
        xref_item(ast_builtin_name[ids[i]], XR_BUILTIN, "builtin method");
}

static void xref_field_use(Loc at, const FieldInfo *f)
{
    xref_add(at, f->name, XR_FIELD, f->loc, mem_printf(g_arena, "field %s: %s", f->name, types_spell(f->type)));
}

/* `name: value` in a struct literal of si; k: the field's index or -1. */
void xref_field_init(Loc at, StructInst *si, int k)
{
    if (k >= 0 && k < si->nfields)
        xref_field_use(at, &si->fields[k]);
}

void xref_field(Expr *e, Type *bt)
{
    xref_members_at(e->field.name_loc, bt);
    if (e->field.kind == FIELD_STRUCT && bt->kind == TY_STRUCT && e->field.index < bt->st->nfields)
        xref_field_use(e->field.name_loc, &bt->st->fields[e->field.index]);
    else if (e->field.kind == FIELD_LEN || e->field.kind == FIELD_CAP) {
        xref_add(e->field.name_loc, e->field.name, XR_FIELD, (Loc){ 0 },
                 mem_printf(g_arena, "%s: int", e->field.name));
    }
}

void xref_member(Expr *e, Module *m, ModSym *s)
{
    Expr *base = e->field.base;
    if (xref_at_probe(e->field.name_loc, true))
        xref_map_syms(&mod_scope(m)->syms, XREF_ALL_SYMS & ~(1 << MS_IMPORT));
    xref_add(base->loc, base->ident.name, XR_MODULE, xref_module_loc(m), xref_module_detail(base->ident.name, m));
    if (s && s->kind != MS_IMPORT)
        xref_sym(e->field.name_loc, e->field.name, s);
}

/* A call of a builtin function, or of a builtin method on a recv. */
void xref_builtin(Loc at, const char *name, Type *recv)
{
    const char *detail = recv ? mem_printf(g_arena, "builtin method %s of %s", name, types_spell(recv))
                              : mem_printf(g_arena, "builtin function %s", name);
    xref_add(at, name, XR_BUILTIN, (Loc){ 0 }, detail);
}

/* ---- enum variants ---- */
static const char *xref_variant_detail(const StructInst *en, int v)
{
    const VariantInfo *vi = &en->variants[v];
    StrBuf b = { 0 };
    sb_printf(&b, "%s.%s", en->name, vi->name);
    for (int i = 0; vi->payload && i < vi->payload->nfields; i++)
        sb_printf(&b, "%s%s: %s", i ? ", " : "(", vi->payload->fields[i].name,
                  types_spell(vi->payload->fields[i].type));
    if (vi->payload && vi->payload->nfields)
        sb_putc(&b, ')');
    const char *s = mem_strndup(g_arena, b.data, b.len);
    sb_free(&b);
    return s;
}

void xref_variant_at(Loc at, StructInst *en, int v)
{
    if (v >= 0 && v < en->nvariants)
        xref_add(at, en->variants[v].name, XR_VARIANT, en->variants[v].loc, xref_variant_detail(en, v));
}

/* `Enum.Variant` in an expression: the enum's name, the variant's, and
 * the variants as candidates at the probe. */
void xref_variant(Expr *f, StructInst *en)
{
    Expr *base = f->field.base;
    if (base->kind == EX_IDENT)
        xref_sym(base->loc, base->ident.name, ck_find_struct_sym(en));
    xref_variant_at(f->field.name_loc, en, ck_variant_index(en, f->field.name));
    if (xref_at_probe(f->field.name_loc, true))
        for (int v = 0; v < en->nvariants; v++)
            xref_item(en->variants[v].name, XR_VARIANT, xref_variant_detail(en, v));
}

/* ---- reading the records ---- */
static void xref_decls_of(Module *m)
{
    Vec *fns = &mod_scope(m)->fnsyms;
    for (int i = 0; i < fns->len; i++) {
        ModSym *s = fns->items[i];
        xref_sym(s->decl->loc, s->name, s);
    }
    const Map *syms = &mod_scope(m)->syms;
    for (int i = 0; i < syms->cap; i++) {
        ModSym *s = syms->keys[i] ? syms->vals[i] : NULL;
        if (s && s->kind == MS_IMPORT && s->decl && s->decl->kind == D_IMPORT) {
            Loc at = s->decl->loc;      /* the path string: its text after the quote */
            xref_add((Loc){ at.file, at.line, at.col + 1 }, s->decl->import.path, XR_MODULE, xref_sym_decl(s),
                     xref_sym_detail(s));
        }
        if (!s || s->kind == MS_FN || s->kind == MS_IMPORT)
            continue;
        xref_sym(s->decl->loc, s->name, s);
        if (s->kind != MS_STRUCT || !s->st)
            continue;
        for (int v = 0; v < s->st->nvariants; v++)
            xref_variant_at(s->st->variants[v].loc, s->st, v);
        for (int f = 0; !s->st->is_enum && f < s->st->nfields; f++)
            xref_field_use(s->st->fields[f].loc, &s->st->fields[f]);
    }
}

const XrefUse *xref_uses(int *n)
{
    if (!xr.decls_done && ck.prog) {
        xr.decls_done = true;
        for (int i = 0; i < ck.prog->modules.len; i++) {
            Module *m = VEC_AT(ck.prog->modules, Module *, i);
            if (m->scope)
                xref_decls_of(m);
        }
    }
    *n = xr.nuses;
    return xr.uses;
}

static int xref_item_cmp(const void *a, const void *b)
{
    const XrefItem *x = *(XrefItem *const *)a, *y = *(XrefItem *const *)b;
    return strcmp(x->name, y->name);
}

const XrefItem *xref_items(int *n, bool *member)
{
    *member = xr.member;
    *n = 0;
    if (!xr.probed || !xr.items.len)
        return NULL;
    qsort(xr.items.items, (size_t)xr.items.len, sizeof(void *), xref_item_cmp);
    XrefItem *out = NEW_ARRAY(XrefItem, xr.items.len);
    for (int i = 0; i < xr.items.len; i++)
        out[i] = *VEC_AT(xr.items, XrefItem *, i);
    *n = xr.items.len;
    return out;
}
