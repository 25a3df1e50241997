/* check.h — private interface between the checker's files (check_*.c,
 * const_eval.c). The public entry point is check_program in ast.h.
 *
 * The checker resolves names, types every expression, instantiates
 * generics and fills every [checked] field of ast.h. It runs in phases:
 * load modules (imports, DFS, dependencies first), collect top-level names,
 * resolve signatures, resolve globals, check function bodies from a
 * worklist (Program.fns; generic instances and closures are appended as
 * they are first used), then complete and order the struct instances.
 * Not for: syntax (parse.c) or anything about IR or C.
 *
 * Decisions where the language reference (docs/language.md) is silent or
 * ambiguous:
 *  1. Spelling: i64 and u64 are spelled `int` and `uint` in messages and in
 *     Goose-side names ("max[int]"); C names use types_mangle ("i64").
 *  2. An unsuffixed integer literal in an f64 context (`let x: f64 = 1`,
 *     `y * 2` with y: f64) becomes the float constant; only a bare literal
 *     or a negated literal converts, not `1 / 2`.
 *  3. A negated literal (`-128`) is folded into one EX_INT whose value is
 *     the two's complement bit pattern (sign-extended to 64 bits).
 *  4. `for i in a..b`: both bounds of one integer type (untyped literals
 *     follow the other bound, both untyped: int); `i` has that type.
 *  5. `let x = e` binds a reference when e is a ref local or a call returning
 *     `ref T`; `let x: T = e` and `var x = e` always copy (a var owns its
 *     storage). A bound reference is mutable (refs are only made from
 *     mutable places).
 *  6. ref parameters and ref receivers need MUTABLE places (a `let` struct
 *     cannot be passed by reference), so `let` really freezes the value.
 *     Library authors: read-only methods should take value receivers.
 *  7. `r[i]` of a `reusable T` pool is a place; writable when `r` is.
 *  8. Closures: a value that may be a closure (a closure literal, or a
 *     fn-typed parameter or let) may only be bound with let, passed as an
 *     argument or called; storing it anywhere else (var, assignment, field,
 *     array or slice element, push, optional, global, return) is an error.
 *     Function types may take `ref` parameters and return `ref T`; a call
 *     through one passes places by reference and returns a place, as a
 *     direct call does. Closures may take `ref` parameters.
 *  9. Missing return: a statement "terminates" when it is a return, a call
 *     of panic or exit, an if/else whose branches all terminate, a block
 *     that contains one, or `while true` without a break of its own.
 * 10. Errors inside a generic body are reported per instantiation (bodies
 *     are checked only when instantiated), with notes naming the chain of
 *     instantiation sites; 200 nested instantiations or 20000 instances in
 *     all stop with "generic instantiation too deep".
 * 11. Optionals compare only with `none` (`o == none`, `none != o`).
 * 12. Methods are declared in the module of their struct; a method and a
 *     field may not share a name. A user function, local or global shadows
 *     a builtin of the same name.
 * 13. Consts fold at compile time with the wrapping of their type; a
 *     division by zero or an out-of-range shift in a const is an error.
 *     A const's init is replaced by the folded literal.
 * 14. Module C prefixes are gs_<name>_; a second module with a name already
 *     taken gets gs_<name><N>_ (N = 2, 3...). Imported file paths are
 *     dirname(importer)/name.gs with "./" and "x/.." segments folded.
 * 15. Annotations for lowering: a `return` in a ref-returning function has
 *     pass_by_ref set on its value; copy_into/move_from/defaults set
 *     pass_by_ref on a fixed-array destination; EX_PAREN copies is_place and
 *     is_ref_value from its inner expression; the EX_NONE under a
 *     COERCE_NONE_TO_OPT has the optional's type; COERCE_FN_TO_VALUE is
 *     never inserted (a function value is an EX_IDENT with SYM_FN).
 * 16. `_ = e` evaluates e and drops it (the statement becomes ST_EXPR).
 * 17. The same error at the same place is reported once (a generic body's
 *     error shows for its first failing instantiation only).
 * 18. Closures in a global initializer have parent NULL and are named
 *     gs_<mod>_global__closure<N>.
 * 19. Explicit type arguments `f[int](x)`, `mod.f[T](x)`, `v.m[U](x)` bind
 *     the function's own type parameters in order (a method's receiver
 *     binds the receiver's); the rest are inferred. `a[i](x)` is a call of
 *     an element when `a` names no function (a local, a global, a field).
 * 20. Enums are StructInsts with is_enum (check_enum.c): a generic enum,
 *     its methods and a module's enum go through the struct machinery. A
 *     variant's payload may be given by field name in any order, each once;
 *     `Tree.Leaf(1)` takes its type arguments from the expected type only
 *     when that type is an instance of the same enum.
 * 21. `match` (check_match.c): `break`/`continue` in an arm act on the
 *     enclosing loop (Rust); `match ref` needs a mutable place; a match
 *     terminates when every arm's statement does (it is always exhaustive);
 *     `some` without parentheses is a some pattern that binds nothing (an
 *     error: it binds exactly one name or `_`).
 */
#ifndef GOOSE_CHECK_H
#define GOOSE_CHECK_H

#include "ast.h"

/* ---- a tiny pointer-keyed hash map (check_module.c) ---- */
typedef struct Map {
    const void **keys;
    void **vals;
    int cap, len;
} Map;
void *map_get(const Map *m, const void *key);
void map_put(Map *m, const void *key, void *val);

/* ---- module-level symbols ---- */
typedef enum ModSymKind { MS_STRUCT, MS_FN, MS_GLOBAL, MS_IMPORT } ModSymKind;

typedef struct ModSym {
    ModSymKind kind;
    const char *name;
    Decl *decl;
    Module *module;         /* declaring module */
    Module *target;         /* MS_IMPORT */
    Global *global;         /* MS_GLOBAL */
    int state;              /* MS_GLOBAL: 0 new, 1 resolving, 2 done */
    FnInst *fn;             /* MS_FN, not generic */
    StructInst *st;         /* MS_STRUCT, not generic */
    Vec insts;              /* generic instances (FnInst* or StructInst*) */
    /* generic functions and methods: all type parameters, receiver's first */
    const char **tparams;
    int ntparams, nrecv;
    struct ModSym *recv_struct; /* methods: the receiver's struct */
    bool recv_is_ref;
    /* generic functions: the signature over TY_PARAM, resolved once */
    Type **pparams;
    int npparams;
    Type *pret;
    int pattern_state;      /* 0 not yet, 1 ok, 2 failed */
    bool used;              /* MS_IMPORT: a name of the module was looked up */
} ModSym;

typedef struct ModScope {
    Module *module;
    Map syms;               /* interned name -> ModSym* */
    Map methods;            /* interned "Struct.method" -> ModSym* */
    Vec fnsyms;             /* MS_FN syms (functions, methods) in declaration order */
    int load_state;         /* 1 loading, 2 loaded */
    int id;
} ModScope;

static inline ModScope *mod_scope(const Module *m) { return (ModScope *)m->scope; }

/* ---- the checking context (saved and restored around nested work) ---- */
typedef struct CkCtx {
    Module *module;
    FnInst *fn;             /* current function (a closure included) or NULL */
    const char **tnames;    /* type parameter bindings */
    Type **ttypes;
    int ntb;
    int loop_depth;
    bool in_defer;          /* inside a deferred block: return and outer break/continue refused */
    int scope_floor;        /* locals below this index are invisible */
} CkCtx;

typedef struct Ck {
    Program *prog;
    const char *stdlib_dir;
    CkCtx cur;
    Vec scope;              /* Local* stack of visible locals */
    Vec scope_prev;         /* per entry: index+1 of the entry it shadows */
    Vec blocks;             /* per open block: index of its first entry */
    Map scope_top;          /* name -> index+1 of its innermost entry */
    Vec structs;            /* every StructInst in creation order */
    Map modules;            /* interned path key -> Module* */
    Vec load_stack;         /* Module* being loaded (import cycles) */
    Vec load_imports;       /* Decl*: the import each of them is loading */
    Map fn_syms;            /* FnInst* -> its ModSym* (type parameter names) */
    const CheckJoin *joins; /* check_program_joined: test files and their modules */
    const char **join_keys; /* the module key each joins (ck_import's keys) */
    Map joined_decls;       /* Decl* of the joined files -> (void *)1 */
    int njoins;
    int ninsts;
    bool too_deep_reported;
    int global_closures;
    int64_t global_bytes;   /* ck_global: the globals' sizes so far */
    /* Per-compilation sets (here, not in function statics, so that
     * check_program starts from nothing in every run; tests/fuzz compiles
     * many programs in one process). */
    Map errors_seen;        /* ck_error: interned "file:line:col:msg" */
    Map warnings_seen;      /* check_warn.c: the same, with the warning first */
    Map cprefixes;          /* ck_cprefix: C prefixes handed out */
    Map cnames;             /* ck_cname: C names of functions, structs, globals */
    Map structs_busy;       /* ck_struct_complete: StructInst* being resolved */
    Map struct_state;       /* ck_visit_struct: StructInst* or Decl* -> 1 visiting, 2 done */
    Map results;            /* check_multi.c: C name -> the result list StructInst */
    bool results_ok;        /* the next ck_expr may yield a result list (check_multi.c) */
} Ck;

extern Ck ck;

/* ---- types.c (not in ast.h: only the checker makes struct types) ---- */
Type *types_struct(StructInst *st);

/* ---- check_module.c ---- */
/* False when the same error was already reported there. */
bool ck_error(Loc loc, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void ck_error_unknown(Loc loc, const char *habit, const char *guess, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
ModSym *ck_lookup_sym(Module *m, const char *name);
const char *ck_import_hint(const char *name);
ModSym *ck_find_struct_sym(const StructInst *si);
FnInst *ck_outer_fn(FnInst *f);
const char *ck_cname(const char *want);
CkCtx ck_enter(Module *m, FnInst *fn, const char **tn, Type **tt, int ntb);

/* ---- check_pool.c: a slice pool free of another pool's span (issue 27),
 * run on a program that checked without errors ---- */
void ck_pool_frees(Program *p);

/* ---- check_verify.c: GOOSE_CHECK_VERIFY=1 self-check of a checked Program ---- */
void ck_verify(const Program *p);

/* ---- check_decl.c: types, structs, signatures, globals ---- */
typedef enum TypeUse { TU_VALUE, TU_PARAM, TU_RET } TypeUse;
Type *ck_type(TypeExpr *te, TypeUse use, const char *where);
Type *ck_prim_named(const char *name);
const char *ck_prim_name(int i);
StructInst *ck_struct_inst(ModSym *s, Type **targs, int ntargs, Loc loc);
bool ck_struct_complete(StructInst *si);
void ck_decl_tparams(ModSym *s);
bool ck_fn_sig(FnInst *f, ModSym *s);
void ck_global(ModSym *s);
bool ck_type_has_param(const Type *t);
int ck_type_depth(const Type *t);
int ck_type_size(const Type *t, int cap);
/* The most bytes one value, and all globals together, may take: under the
 * 2 GiB x86-64's small code model addresses for the data of a program, and
 * tcc's 32-bit array sizes. */
#define CK_MAX_BYTES ((int64_t)1 << 30)
bool ck_array_fits(Type *elem, int64_t n, Loc loc);

/* ---- check_generic.c ---- */
bool ck_pattern_sig(ModSym *s);
bool ck_unify(Type *pattern, Type *actual, ModSym *s, Type **binds);
Type *ck_subst(Type *t, const char **names, Type **types, int n);
/* Limits on generic instantiation (docs/language.md, "Limits"). */
enum {
    CK_MAX_INST_DEPTH = 200,    /* instances each made by the one before */
    CK_MAX_INSTS = 20000,       /* function and struct instances in a program */
    CK_MAX_TARG_DEPTH = 40,     /* nesting of one type argument */
    CK_MAX_TARG_SIZE = 2000,    /* type constructors in all type arguments */
};
const char *ck_inst_limit_msg(Type **targs, int n, int depth);
FnInst *ck_fn_instance(ModSym *s, Type **targs, Loc loc);
const char *ck_targs_spell(Type **targs, int n);

/* ---- check_expr.c ---- */
Type *ck_expr(Expr *e, Type *hint);
Type *ck_value(Expr **slot, Type *want);
Type *ck_any(Expr **slot, bool allow_void);
Type *ck_settle(Expr **slot, bool allow_void);
bool ck_convert_quiet(Expr **slot, Type *want);
void ck_default_int(Expr *e);
bool ck_is_err(const Type *t);
bool ck_may_be_closure(const Expr *e);
bool ck_no_closure(const Expr *e, const char *where);
Expr *ck_strip(Expr *e);
void ck_field_resolve(Expr *e, Type *bt);
Type *ck_ident_value(Expr *e, Local *l);
Local *ck_find_local(const char *name, Loc loc);
Local *ck_scope_find(const char *name);
bool ck_binop_allows(BinOp op, Type *t);
Type *ck_ident_sym(Expr *e, ModSym *s);
Module *ck_module_alias(Expr *e);
bool ck_place_mutable(Expr *e, const char *action);
Type *ck_index_on(Expr *e, Type *bt);
bool ck_place_writable(Expr *e);
const char *ck_habit_fn_hint(const Expr *e, const char *name);
const char *ck_habit_name_hint(const char *name, bool type);
const char *ck_habit_hint(const Expr *base, const Type *t, const char *name, bool method);
bool ck_ref_arg(Expr *arg, const char *what);
bool ck_has_len(const Type *t);

/* ---- check_call.c / check_builtin.c ---- */
Type *ck_call(Expr *e, Type *hint);
Type *ck_builtin_call(Expr *e, BuiltinId id, Type *hint);
Type *ck_builtin_method(Expr *e, Type *bt, const char *name, bool *found);
BuiltinId ck_builtin_lookup(const char *name, bool method);
const char *ck_builtin_method_name(int i);
TypeKind ck_builtin_method_on(int i);
void ck_args_any(Expr *e, int from);
int ck_builtin_methods_of(TypeKind on, BuiltinId *out, int max);

/* ---- check_enum.c, check_match.c ---- */
void ck_enum_fields(StructInst *si);
int ck_variant_index(const StructInst *si, const char *name);
bool ck_names_enum(Expr *b);
bool ck_is_builder(const Type *t);
ModSym *ck_sym_named(Expr *b);
bool ck_bind_targs(ModSym *s, TypeExpr **tes, int n, Loc loc, Type **binds);
TypeExpr **ck_index_targs(Expr *ix, int *n);
Type *ck_variant(Expr *e, Expr *f, Expr *call, Type *hint);
void ck_match(Stmt *s);

/* ---- check_stmt.c ---- */
void ck_fn_body(FnInst *f);
void ck_stmt(Stmt *s);
Type *ck_closure(Expr *e, Type *hint);
Local *ck_new_local(const char *name, Loc loc, Type *t, FnInst *owner);
void ck_declare(Local *l);
void ck_push_block(void);
void ck_pop_block(void);

/* ---- check_warn.c: warnings (reported only for the user's modules) ---- */
void ck_warn_shadow(const Local *l, const Local *outer);
void ck_warn_unreachable(const Block *b, int i);
void ck_warn_unused_result(const Expr *e);
void ck_warn_program(Program *p);

/* ---- check_suggest.c: "; did you mean X?" for an unknown name, or "" ---- */
const char *ck_suggest_name(const char *name);
const char *ck_suggest_type(const char *name, Module *m);
const char *ck_suggest_member(Module *m, const char *name);
const char *ck_suggest_field(const Type *t, const char *name);
const char *ck_suggest_method(const Type *t, const char *name);
const char *ck_suggest_stdlib(const char *path);
const char *ck_suggest_import(const char *name);
const char *ck_suggest_variant(const StructInst *si, const char *name);
/* The first hint that says something: a ? a : b for hints ("" is none). */
static inline const char *ck_hint_or(const char *a, const char *b) { return a && *a ? a : b; }

/* ---- check_multi.c: several results ---- */
bool ck_is_results(const Type *t);
Type *ck_results_type(Type **ts, int n);
Type *ck_results_resolve(TypeExpr *te);
Type *ck_results_subst(Type *t, const char **names, Type **types, int n);
Type *ck_results_misplaced(Expr *e, Type *t);
Type *ck_tuple(Expr *e, Type *hint);
void ck_let_multi(Stmt *s);
void ck_assign_multi(Stmt *s);
/* ---- check_xref.c: the language server's records (xref.h); each hook
 * runs only when xref_on (XREF), so a compilation pays one test ---- */
extern bool xref_on;
#define XREF(call) do { if (xref_on) call; } while (0)
void xref_local(Loc at, Local *l);
void xref_sym(Loc at, const char *name, ModSym *s);
void xref_type_name(TypeExpr *te, ModSym *s);
void xref_types_at(TypeExpr *te);
void xref_builtin(Loc at, const char *name, Type *recv);
void xref_names_at(Loc at);
void xref_members_at(Loc at, Type *bt);
void xref_field(Expr *e, Type *bt);
void xref_field_init(Loc at, StructInst *si, int k);
void xref_member(Expr *e, Module *m, ModSym *s);
void xref_variant(Expr *f, StructInst *en);
void xref_variant_at(Loc at, StructInst *en, int v);

/* ---- check_fmt.c ---- */
bool ck_fmt_printable(Type *t, Loc loc);
bool ck_fmt_call(Expr *e, int at, const char *who);

/* ---- const_eval.c ---- */
typedef struct ConstVal {
    Type *type;
    uint64_t i;             /* integers and bool: bits, normalised to the type */
    double f;
    const char *s;          /* strings */
    int64_t slen;
} ConstVal;
bool const_eval(Expr *e, ConstVal *out);
uint64_t const_normalise(Type *t, uint64_t v);
Expr *const_literal(const ConstVal *v, Loc loc);
bool const_int64(Expr *e, const char *what, int64_t *out);

#endif
