/* ast.c — syntax tree plumbing: node constructors, deep copies (the
 * checker clones a generic declaration per instantiation), the readable
 * dump behind --dump=ast, and the spelling tables of ast.h's X-macros.
 *
 * Clones copy syntax only: every [checked] field is cleared, and an
 * EX_COERCE (which only the checker inserts) is dropped in favour of a
 * clone of its operand, so a clone can be checked afresh.
 * The dump is an S-expression per node, one statement per line, types in
 * Goose syntax; it is deterministic (golden tests may use it).
 * Not for: parsing (parse.c), types or names (check.c). */
#include "ast.h"

#include <string.h>

#include "lex.h"

void frontend_reset(void)
{
    lex_reset();
    types_reset();
    util_reset();
}

const char *const ast_binop_spelling[BIN__COUNT] = {
#define OP_SPELL(id, s) [BIN_##id] = s,
    GS_BINOPS(OP_SPELL)
#undef OP_SPELL
};

const char *const ast_builtin_name[BI__COUNT] = {
    [BI_NONE] = "",
#define BI_NAME(id, s, m) [BI_##id] = s,
    GS_BUILTINS(BI_NAME)
#undef BI_NAME
#define RTP_NAME(id, s, sig, c) [BI_##id] = s,
    GS_RT_PRIMS(RTP_NAME)
#undef RTP_NAME
};

const char *const ast_rt_prim_sig[BI__COUNT] = {
#define RTP_SIG(id, s, sig, c) [BI_##id] = sig,
    GS_RT_PRIMS(RTP_SIG)
#undef RTP_SIG
};

const char *const ast_rt_prim_c[BI__COUNT] = {
#define RTP_C(id, s, sig, c) [BI_##id] = c,
    GS_RT_PRIMS(RTP_C)
#undef RTP_C
};

const bool ast_builtin_is_method[BI__COUNT] = {
#define BI_METHOD(id, s, m) [BI_##id] = m,
    GS_BUILTINS(BI_METHOD)
#undef BI_METHOD
};

/* ================================================================
 * Constructors
 * ================================================================ */
Expr *ast_expr(ExprKind kind, Loc loc)
{
    Expr *e = NEW(Expr);
    e->kind = kind;
    e->loc = loc;
    return e;
}

Stmt *ast_stmt(StmtKind kind, Loc loc)
{
    Stmt *s = NEW(Stmt);
    s->kind = kind;
    s->loc = loc;
    return s;
}

Decl *ast_decl(DeclKind kind, Loc loc)
{
    Decl *d = NEW(Decl);
    d->kind = kind;
    d->loc = loc;
    return d;
}

TypeExpr *ast_type(TypeExprKind kind, Loc loc)
{
    TypeExpr *t = NEW(TypeExpr);
    t->kind = kind;
    t->loc = loc;
    return t;
}

/* ================================================================
 * Clones
 * ================================================================ */
static Stmt *clone_stmt(const Stmt *s);

static Expr **clone_exprs(Expr *const *a, int n)
{
    Expr **c = n ? NEW_ARRAY(Expr *, n) : NULL;
    for (int i = 0; i < n; i++)
        c[i] = ast_clone_expr(a[i]);
    return c;
}

static TypeExpr **clone_types(TypeExpr *const *a, int n)
{
    TypeExpr **c = n ? NEW_ARRAY(TypeExpr *, n) : NULL;
    for (int i = 0; i < n; i++)
        c[i] = ast_clone_type(a[i]);
    return c;
}

static Param *clone_params(const Param *a, int n)
{
    Param *c = n ? NEW_ARRAY(Param, n) : NULL;
    for (int i = 0; i < n; i++) {
        c[i] = a[i];
        c[i].type = ast_clone_type(a[i].type);
        c[i].local = NULL;
    }
    return c;
}

TypeExpr *ast_clone_type(const TypeExpr *t)
{
    if (!t)
        return NULL;
    TypeExpr *c = NEW(TypeExpr);
    *c = *t;
    c->resolved = NULL;
    c->args = clone_types(t->args, t->nargs);
    c->elem = ast_clone_type(t->elem);
    c->len = ast_clone_expr(t->len);
    return c;
}

static void clone_call(Expr *c, const Expr *e)
{
    c->call.callee = ast_clone_expr(e->call.callee);
    c->call.args = clone_exprs(e->call.args, e->call.nargs);
    c->call.kind = CALL_NONE;
    c->call.fn = NULL;
    c->call.builtin = BI_NONE;
    c->call.type_arg = NULL;
    c->call.make_type = ast_clone_type(e->call.make_type);
    c->call.targs = clone_types(e->call.targs, e->call.ntargs);
    c->call.targ_index = ast_clone_expr(e->call.targ_index);
}

static void clone_struct_lit(Expr *c, const Expr *e)
{
    c->lit.type = ast_clone_type(e->lit.type);
    int n = e->lit.nfields;
    c->lit.fields = n ? NEW_ARRAY(FieldInit, n) : NULL;
    for (int i = 0; i < n; i++) {
        c->lit.fields[i] = e->lit.fields[i];
        c->lit.fields[i].value = ast_clone_expr(e->lit.fields[i].value);
        c->lit.fields[i].index = 0;
    }
}

/* The syntax children of `c` (a shallow copy of `e`) become clones. */
static void clone_children(Expr *c, const Expr *e)
{
    switch (e->kind) {
    case EX_IDENT:
        c->ident.sym = SYM_NONE;
        c->ident.local = NULL, c->ident.global = NULL, c->ident.fn = NULL;
        break;
    case EX_UNARY: c->unary.operand = ast_clone_expr(e->unary.operand); break;
    case EX_BINARY:
        c->binary.lhs = ast_clone_expr(e->binary.lhs);
        c->binary.rhs = ast_clone_expr(e->binary.rhs);
        break;
    case EX_CALL: clone_call(c, e); break;
    case EX_INDEX:
        c->index.base = ast_clone_expr(e->index.base);
        c->index.index = ast_clone_expr(e->index.index);
        c->index.targs = clone_types(e->index.targs, e->index.ntargs);
        break;
    case EX_SLICE:
        c->slice.base = ast_clone_expr(e->slice.base);
        c->slice.lo = ast_clone_expr(e->slice.lo);
        c->slice.hi = ast_clone_expr(e->slice.hi);
        break;
    case EX_FIELD:
        c->field.base = ast_clone_expr(e->field.base);
        c->field.kind = FIELD_NONE;
        c->field.index = 0;
        break;
    case EX_CAST:
        c->cast.operand = ast_clone_expr(e->cast.operand);
        c->cast.to = ast_clone_type(e->cast.to);
        break;
    case EX_STRUCT_LIT: clone_struct_lit(c, e); break;
    case EX_ARRAY_LIT: case EX_SLICE_LIT: case EX_TUPLE:
        c->array.elems = clone_exprs(e->array.elems, e->array.nelems);
        c->array.type = ast_clone_type(e->array.type);
        break;
    case EX_ARRAY_REPEAT:
        c->repeat.value = ast_clone_expr(e->repeat.value);
        c->repeat.count = ast_clone_expr(e->repeat.count);
        c->repeat.n = 0;
        break;
    case EX_CLOSURE:
        c->closure.params = clone_params(e->closure.params, e->closure.nparams);
        c->closure.ret = ast_clone_type(e->closure.ret);
        c->closure.body = ast_clone_block(e->closure.body);
        c->closure.fn = NULL;
        break;
    case EX_PAREN: c->paren.inner = ast_clone_expr(e->paren.inner); break;
    case EX_VARIANT: c->variant.args = clone_exprs(e->variant.args, e->variant.nargs); break;
    default: break;     /* literals: nothing below them */
    }
}

Expr *ast_clone_expr(const Expr *e)
{
    if (!e)
        return NULL;
    if (e->kind == EX_COERCE)
        return ast_clone_expr(e->coerce.operand);
    Expr *c = NEW(Expr);
    *c = *e;
    c->type = NULL;
    c->is_place = c->is_ref_value = c->pass_by_ref = false;
    clone_children(c, e);
    return c;
}

Block *ast_clone_block(const Block *b)
{
    if (!b)
        return NULL;
    Block *c = NEW(Block);
    *c = *b;
    c->stmts = b->nstmts ? NEW_ARRAY(Stmt *, b->nstmts) : NULL;
    for (int i = 0; i < b->nstmts; i++)
        c->stmts[i] = clone_stmt(b->stmts[i]);
    return c;
}

static void clone_loop(Stmt *c, const Stmt *s)
{
    if (s->kind == ST_FOR_RANGE) {
        c->range.lo = ast_clone_expr(s->range.lo);
        c->range.hi = ast_clone_expr(s->range.hi);
        c->range.body = ast_clone_block(s->range.body);
        c->range.local = NULL;
    } else {
        c->each.seq = ast_clone_expr(s->each.seq);
        c->each.body = ast_clone_block(s->each.body);
        c->each.idx_local = c->each.val_local = NULL;
        c->each.map = NULL;
        c->each.map_guard = false;
    }
}

static Pattern *clone_pattern(const Pattern *p)
{
    Pattern *c = NEW(Pattern);
    *c = *p;
    c->lo = ast_clone_expr(p->lo);
    c->hi = ast_clone_expr(p->hi);
    c->locals = NULL;
    c->variant = 0;
    return c;
}

static void clone_match(Stmt *c, const Stmt *s)
{
    int n = s->match.narms;
    c->match.subject = ast_clone_expr(s->match.subject);
    c->match.arms = n ? NEW_ARRAY(MatchArm, n) : NULL;
    c->match.last_is_else = false;
    for (int i = 0; i < n; i++) {
        const MatchArm *a = &s->match.arms[i];
        MatchArm *b = &c->match.arms[i];
        *b = *a;
        b->pats = NEW_ARRAY(Pattern *, a->npats + 1);
        for (int j = 0; j < a->npats; j++)
            b->pats[j] = clone_pattern(a->pats[j]);
        b->body = clone_stmt(a->body);
    }
}

static Stmt *clone_stmt(const Stmt *s)
{
    if (!s)
        return NULL;
    Stmt *c = NEW(Stmt);
    *c = *s;
    switch (s->kind) {
    case ST_LET: case ST_VAR:
        c->let.type = ast_clone_type(s->let.type);
        c->let.init = ast_clone_expr(s->let.init);
        c->let.local = NULL;
        break;
    case ST_ASSIGN:
        c->assign.target = ast_clone_expr(s->assign.target);
        c->assign.value = ast_clone_expr(s->assign.value);
        break;
    case ST_EXPR: c->expr.expr = ast_clone_expr(s->expr.expr); break;
    case ST_IF:
        c->if_.cond = ast_clone_expr(s->if_.cond);
        c->if_.then = ast_clone_block(s->if_.then);
        c->if_.els = clone_stmt(s->if_.els);
        break;
    case ST_WHILE:
        c->while_.cond = ast_clone_expr(s->while_.cond);
        c->while_.body = ast_clone_block(s->while_.body);
        break;
    case ST_FOR_RANGE: case ST_FOR_EACH: clone_loop(c, s); break;
    case ST_RETURN: c->ret.value = ast_clone_expr(s->ret.value); break;
    case ST_ASSERT:
        c->assert_.cond = ast_clone_expr(s->assert_.cond);
        c->assert_.msg = ast_clone_expr(s->assert_.msg);
        break;
    case ST_BLOCK: case ST_DEFER: c->block.block = ast_clone_block(s->block.block); break;
    case ST_LET_MULTI: case ST_ASSIGN_MULTI:
        c->multi.targets = clone_exprs(s->multi.targets, s->multi.n);
        c->multi.value = ast_clone_expr(s->multi.value);
        c->multi.locals = NULL;
        c->multi.blank = NULL;
        break;
    case ST_MATCH: clone_match(c, s); break;
    default: break;     /* break, continue */
    }
    return c;
}

static void clone_struct_decl(Decl *c, const Decl *d)
{
    int n = d->struct_.nfields;
    c->struct_.fields = n ? NEW_ARRAY(FieldDecl, n) : NULL;
    for (int i = 0; i < n; i++) {
        c->struct_.fields[i] = d->struct_.fields[i];
        c->struct_.fields[i].type = ast_clone_type(d->struct_.fields[i].type);
    }
    int nv = d->struct_.nvariants;
    c->struct_.variants = nv ? NEW_ARRAY(VariantDecl, nv) : NULL;
    for (int i = 0; i < nv; i++) {
        const VariantDecl *v = &d->struct_.variants[i];
        c->struct_.variants[i] = *v;
        c->struct_.variants[i].fields = v->nfields ? NEW_ARRAY(FieldDecl, v->nfields) : NULL;
        for (int j = 0; j < v->nfields; j++) {
            c->struct_.variants[i].fields[j] = v->fields[j];
            c->struct_.variants[i].fields[j].type = ast_clone_type(v->fields[j].type);
        }
    }
}

Decl *ast_clone_decl(const Decl *d)
{
    if (!d)
        return NULL;
    Decl *c = NEW(Decl);
    *c = *d;
    switch (d->kind) {
    case D_IMPORT: c->import.module = NULL; break;
    case D_CONST: case D_VAR:
        c->var.type = ast_clone_type(d->var.type);
        c->var.value = ast_clone_expr(d->var.value);
        c->var.global = NULL;
        break;
    case D_STRUCT: clone_struct_decl(c, d); break;
    case D_FN:
        c->fn.recv = d->fn.recv ? clone_params(d->fn.recv, 1) : NULL;
        c->fn.params = clone_params(d->fn.params, d->fn.nparams);
        c->fn.ret = ast_clone_type(d->fn.ret);
        c->fn.body = ast_clone_block(d->fn.body);
        break;
    }
    return c;
}

/* ================================================================
 * Dump (--dump=ast)
 * ================================================================ */
static void dump_expr(StrBuf *o, const Expr *e, int ind);
static void dump_block(StrBuf *o, const Block *b, int ind);
static void dump_type(StrBuf *o, const TypeExpr *t);

static void dump_indent(StrBuf *o, int ind)
{
    sb_putc(o, '\n');
    for (int i = 0; i < ind; i++)
        sb_puts(o, "  ");
}

static void dump_bytes(StrBuf *o, const char *s, int64_t n)
{
    sb_putc(o, '"');
    for (int64_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == '"' || c == '\\')
            sb_printf(o, "\\%c", c);
        else if (c >= 0x20 && c < 0x7f)
            sb_putc(o, (char)c);
        else
            sb_printf(o, "\\x%02x", c);
    }
    sb_putc(o, '"');
}

static void dump_type_list(StrBuf *o, TypeExpr *const *a, int n)
{
    for (int i = 0; i < n; i++) {
        if (i)
            sb_puts(o, ", ");
        dump_type(o, a[i]);
    }
}

static void dump_type_name(StrBuf *o, const TypeExpr *t)
{
    if (t->module)
        sb_printf(o, "%s.", t->module);
    sb_puts(o, t->name);
    if (t->nargs) {
        sb_putc(o, '[');
        dump_type_list(o, t->args, t->nargs);
        sb_putc(o, ']');
    }
}

/* Types print in Goose syntax. */
static void dump_type(StrBuf *o, const TypeExpr *t)
{
    static const char *const prefix[] = {
        [TE_SLICE] = "[]", [TE_OPTIONAL] = "?", [TE_REF] = "ref ",
        [TE_REUSABLE] = "reusable ", [TE_REUSABLE_SLICE] = "reusable[] ",
    };
    if (!t) {
        sb_puts(o, "_");
        return;
    }
    switch (t->kind) {
    case TE_NAME: dump_type_name(o, t); return;
    case TE_ARRAY:
        sb_putc(o, '[');
        if (t->len && t->len->kind == EX_INT)
            sb_printf(o, "%llu", (unsigned long long)t->len->i.value);
        else
            dump_expr(o, t->len, 0);
        sb_putc(o, ']');
        break;
    case TE_FN:
        sb_puts(o, "fn(");
        dump_type_list(o, t->args, t->nargs);
        sb_putc(o, ')');
        if (t->elem)
            sb_puts(o, " -> ");
        break;
    case TE_RESULTS:
        sb_putc(o, '(');
        dump_type_list(o, t->args, t->nargs);
        sb_putc(o, ')');
        return;
    default: sb_puts(o, prefix[t->kind]); break;
    }
    if (t->elem)
        dump_type(o, t->elem);
}

static void dump_exprs(StrBuf *o, Expr *const *a, int n, int ind)
{
    for (int i = 0; i < n; i++) {
        sb_putc(o, ' ');
        dump_expr(o, a[i], ind);
    }
}

static void dump_params(StrBuf *o, const Param *a, int n)
{
    sb_puts(o, "(params");
    for (int i = 0; i < n; i++) {
        sb_printf(o, " (%s ", a[i].name);
        dump_type(o, a[i].type);
        sb_putc(o, ')');
    }
    sb_putc(o, ')');
}

static void dump_literal(StrBuf *o, const Expr *e)
{
    switch (e->kind) {
    case EX_INT:
        sb_printf(o, "(int %llu%s%s)", (unsigned long long)e->i.value,
                  e->i.suffix ? " " : "", e->i.suffix ? e->i.suffix : "");
        break;
    case EX_CHAR: sb_printf(o, "(char %llu)", (unsigned long long)e->i.value); break;
    case EX_FLOAT: sb_printf(o, "(float %.17g)", e->f.value); break;
    case EX_STRING:
        sb_puts(o, "(string ");
        dump_bytes(o, e->str.bytes, e->str.len);
        sb_putc(o, ')');
        break;
    case EX_BOOL: sb_puts(o, e->b.value ? "true" : "false"); break;
    case EX_NONE: sb_puts(o, "none"); break;
    default: break;
    }
}

static void dump_struct_lit(StrBuf *o, const Expr *e, int ind)
{
    sb_puts(o, "(struct ");
    dump_type(o, e->lit.type);
    for (int i = 0; i < e->lit.nfields; i++) {
        sb_printf(o, " (%s ", e->lit.fields[i].name);
        dump_expr(o, e->lit.fields[i].value, ind);
        sb_putc(o, ')');
    }
    sb_putc(o, ')');
}

static void dump_call(StrBuf *o, const Expr *e, int ind)
{
    sb_puts(o, "(call ");
    dump_expr(o, e->call.callee, ind);
    if (e->call.make_type) {
        sb_puts(o, " (type ");
        dump_type(o, e->call.make_type);
        sb_putc(o, ')');
    }
    if (e->call.ntargs) {
        sb_puts(o, " (targs ");
        dump_type_list(o, e->call.targs, e->call.ntargs);
        sb_putc(o, ')');
    }
    dump_exprs(o, e->call.args, e->call.nargs, ind);
    sb_putc(o, ')');
}

static void dump_closure(StrBuf *o, const Expr *e, int ind)
{
    sb_puts(o, "(closure ");
    dump_params(o, e->closure.params, e->closure.nparams);
    sb_puts(o, " -> ");
    dump_type(o, e->closure.ret);
    dump_indent(o, ind + 1);
    dump_block(o, e->closure.body, ind + 1);
    sb_putc(o, ')');
}

static void dump_expr(StrBuf *o, const Expr *e, int ind)
{
    static const char *const unop[] = { [UN_NEG] = "neg", [UN_NOT] = "not", [UN_BITNOT] = "bitnot" };
    if (!e) {
        sb_puts(o, "_");
        return;
    }
    switch (e->kind) {
    case EX_IDENT: sb_puts(o, e->ident.name); return;
    case EX_UNARY: sb_printf(o, "(%s ", unop[e->unary.op]); dump_expr(o, e->unary.operand, ind); break;
    case EX_BINARY:
        sb_printf(o, "(%s ", ast_binop_spelling[e->binary.op]);
        dump_expr(o, e->binary.lhs, ind);
        sb_putc(o, ' ');
        dump_expr(o, e->binary.rhs, ind);
        break;
    case EX_CALL: dump_call(o, e, ind); return;
    case EX_INDEX:
        sb_puts(o, "(index ");
        dump_expr(o, e->index.base, ind);
        sb_putc(o, ' ');
        if (e->index.ntargs)
            dump_type_list(o, e->index.targs, e->index.ntargs);
        else
            dump_expr(o, e->index.index, ind);
        break;
    case EX_SLICE:
        sb_puts(o, "(slice ");
        dump_expr(o, e->slice.base, ind);
        sb_putc(o, ' ');
        dump_expr(o, e->slice.lo, ind);
        sb_putc(o, ' ');
        dump_expr(o, e->slice.hi, ind);
        break;
    case EX_FIELD: sb_puts(o, "(field "); dump_expr(o, e->field.base, ind); sb_printf(o, " %s", e->field.name); break;
    case EX_CAST: sb_puts(o, "(as "); dump_expr(o, e->cast.operand, ind); sb_putc(o, ' '); dump_type(o, e->cast.to); break;
    case EX_STRUCT_LIT: dump_struct_lit(o, e, ind); return;
    case EX_ARRAY_LIT: sb_puts(o, "(array"); dump_exprs(o, e->array.elems, e->array.nelems, ind); break;
    case EX_SLICE_LIT:
        sb_puts(o, "(slice-lit ");
        dump_type(o, e->array.type);
        dump_exprs(o, e->array.elems, e->array.nelems, ind);
        break;
    case EX_TUPLE: sb_puts(o, "(results"); dump_exprs(o, e->array.elems, e->array.nelems, ind); break;
    case EX_ARRAY_REPEAT:
        sb_puts(o, "(repeat ");
        dump_expr(o, e->repeat.value, ind);
        sb_putc(o, ' ');
        dump_expr(o, e->repeat.count, ind);
        break;
    case EX_CLOSURE: dump_closure(o, e, ind); return;
    case EX_PAREN: sb_puts(o, "(paren "); dump_expr(o, e->paren.inner, ind); break;
    case EX_COERCE: sb_printf(o, "(coerce%d ", (int)e->coerce.kind); dump_expr(o, e->coerce.operand, ind); break;
    default: dump_literal(o, e); return;
    }
    sb_putc(o, ')');
}

static void dump_stmt(StrBuf *o, const Stmt *s, int ind);

static void dump_let(StrBuf *o, const Stmt *s, int ind)
{
    sb_printf(o, "(%s %s ", s->kind == ST_LET ? "let" : "var", s->let.name ? s->let.name : "_");
    dump_type(o, s->let.type);
    sb_putc(o, ' ');
    dump_expr(o, s->let.init, ind);
}

static void dump_if(StrBuf *o, const Stmt *s, int ind)
{
    sb_puts(o, "(if ");
    dump_expr(o, s->if_.cond, ind);
    dump_indent(o, ind + 1);
    dump_block(o, s->if_.then, ind + 1);
    if (s->if_.els) {
        dump_indent(o, ind);
        sb_puts(o, "else ");
        dump_stmt(o, s->if_.els, ind);
    }
}

static void dump_loop(StrBuf *o, const Stmt *s, int ind)
{
    const Block *body;
    if (s->kind == ST_WHILE) {
        sb_puts(o, "(while ");
        dump_expr(o, s->while_.cond, ind);
        body = s->while_.body;
    } else if (s->kind == ST_FOR_RANGE) {
        sb_printf(o, "(for %s (range ", s->range.var);
        dump_expr(o, s->range.lo, ind);
        sb_putc(o, ' ');
        dump_expr(o, s->range.hi, ind);
        sb_putc(o, ')');
        body = s->range.body;
    } else {
        sb_printf(o, "(for %s %s (in ", s->each.idx ? s->each.idx : "_", s->each.val ? s->each.val : "_");
        dump_expr(o, s->each.seq, ind);
        sb_putc(o, ')');
        body = s->each.body;
    }
    dump_indent(o, ind + 1);
    dump_block(o, body, ind + 1);
}

static void dump_stmt(StrBuf *o, const Stmt *s, int ind)
{
    switch (s->kind) {
    case ST_LET: case ST_VAR: dump_let(o, s, ind); break;
    case ST_ASSIGN:
        if (s->assign.op == ASSIGN_SET)
            sb_puts(o, "(= ");
        else
            sb_printf(o, "(%s= ", ast_binop_spelling[s->assign.op]);
        dump_expr(o, s->assign.target, ind);
        sb_putc(o, ' ');
        dump_expr(o, s->assign.value, ind);
        break;
    case ST_EXPR: sb_puts(o, "(expr "); dump_expr(o, s->expr.expr, ind); break;
    case ST_IF: dump_if(o, s, ind); break;
    case ST_WHILE: case ST_FOR_RANGE: case ST_FOR_EACH: dump_loop(o, s, ind); break;
    case ST_BREAK: sb_puts(o, "(break"); break;
    case ST_CONTINUE: sb_puts(o, "(continue"); break;
    case ST_RETURN:
        sb_puts(o, "(return");
        if (s->ret.value) {
            sb_putc(o, ' ');
            dump_expr(o, s->ret.value, ind);
        }
        break;
    case ST_ASSERT:
        sb_puts(o, "(assert ");
        dump_expr(o, s->assert_.cond, ind);
        if (s->assert_.msg) {
            sb_putc(o, ' ');
            dump_expr(o, s->assert_.msg, ind);
        }
        break;
    case ST_BLOCK: dump_block(o, s->block.block, ind); return;
    case ST_DEFER: sb_puts(o, "(defer "); dump_block(o, s->block.block, ind); break;
    case ST_LET_MULTI: case ST_ASSIGN_MULTI:
        sb_puts(o, s->kind == ST_ASSIGN_MULTI ? "(=" : s->multi.is_var ? "(var" : "(let");
        dump_exprs(o, s->multi.targets, s->multi.n, ind);
        sb_putc(o, ' ');
        dump_expr(o, s->multi.value, ind);
        break;
    default: break;
    }
    sb_putc(o, ')');
}

static void dump_block(StrBuf *o, const Block *b, int ind)
{
    sb_puts(o, "(block");
    for (int i = 0; b && i < b->nstmts; i++) {
        dump_indent(o, ind + 1);
        dump_stmt(o, b->stmts[i], ind + 1);
    }
    sb_putc(o, ')');
}

static void dump_names(StrBuf *o, const char *const *a, int n)
{
    if (!n)
        return;
    sb_putc(o, '[');
    for (int i = 0; i < n; i++)
        sb_printf(o, "%s%s", i ? " " : "", a[i]);
    sb_putc(o, ']');
}

static void dump_fn(StrBuf *o, const Decl *d)
{
    sb_printf(o, "(%s %s", d->fn.is_inline ? "inline-fn" : "fn", d->name);
    dump_names(o, d->fn.tparams, d->fn.ntparams);
    if (d->fn.recv) {
        sb_puts(o, " (recv ");
        dump_params(o, d->fn.recv, 1);
        sb_putc(o, ')');
    }
    sb_putc(o, ' ');
    dump_params(o, d->fn.params, d->fn.nparams);
    sb_puts(o, " -> ");
    dump_type(o, d->fn.ret);
    dump_indent(o, 2);
    dump_block(o, d->fn.body, 2);
}

static void dump_decl(StrBuf *o, const Decl *d)
{
    switch (d->kind) {
    case D_IMPORT:
        sb_printf(o, "(import %s ", d->name);
        dump_bytes(o, d->import.path, (int64_t)strlen(d->import.path));
        break;
    case D_CONST: case D_VAR:
        sb_printf(o, "(%s %s ", d->kind == D_CONST ? "const" : "var", d->name);
        dump_type(o, d->var.type);
        sb_putc(o, ' ');
        dump_expr(o, d->var.value, 1);
        break;
    case D_STRUCT:
        sb_printf(o, "(struct %s", d->name);
        dump_names(o, d->struct_.tparams, d->struct_.ntparams);
        for (int i = 0; i < d->struct_.nfields; i++) {
            sb_printf(o, " (%s ", d->struct_.fields[i].name);
            dump_type(o, d->struct_.fields[i].type);
            sb_putc(o, ')');
        }
        break;
    case D_FN: dump_fn(o, d); break;
    }
    sb_putc(o, ')');
}

void ast_dump_module(StrBuf *out, const Module *m)
{
    sb_puts(out, "(module ");
    dump_bytes(out, m->path ? m->path : "", m->path ? (int64_t)strlen(m->path) : 0);
    for (int i = 0; i < m->ndecls; i++) {
        dump_indent(out, 1);
        dump_decl(out, m->decls[i]);
    }
    sb_puts(out, ")\n");
}
