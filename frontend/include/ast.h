/* ast.h — the Goose syntax tree, the type representation, and the
 * annotations the checker adds.
 *
 * Contract between the stages:
 *   parse_  fills every field marked (syntax) and the Loc of every node.
 *   check_  resolves names, computes types, instantiates generics, and fills
 *           every field marked [checked]; it may rewrite a node in place
 *           (e.g. a module member `geometry.area` becomes an EX_IDENT) and
 *           may insert coercion nodes (EX_COERCE). After a successful check
 *           no node has a TY_ERROR, TY_PARAM, TY_UNTYPED_INT or TY_NONE type.
 *   lower_  reads only checked trees (Program), never syntax-only fields it
 *           could get from the annotations.
 * Generic bodies are cloned (ast_clone_*) per instantiation before being
 * checked, so each FnInst owns a fully typed body.
 * Not for: the IR (lower/ir.h) or anything about C. */
#ifndef GOOSE_AST_H
#define GOOSE_AST_H

#include "util.h"

typedef struct Type Type;
typedef struct Expr Expr;
typedef struct Stmt Stmt;
typedef struct Decl Decl;
typedef struct TypeExpr TypeExpr;
typedef struct Block Block;
typedef struct Module Module;
typedef struct Local Local;
typedef struct Global Global;
typedef struct FnInst FnInst;
typedef struct StructInst StructInst;

/* ================================================================
 * Types. Interned: two equal types are the same pointer (types_*).
 * ================================================================ */
typedef enum TypeKind {
    TY_ERROR,           /* a type error was already reported */
    TY_VOID,            /* no value (function without result) */
    TY_BOOL,
    TY_I8, TY_I16, TY_I32, TY_I64, TY_U8, TY_U16, TY_U32, TY_U64,
    TY_F64,
    TY_STRING,
    TY_ARRAY,           /* [len]elem */
    TY_SLICE,           /* []elem */
    TY_OPTIONAL,        /* ?elem */
    TY_REF,             /* ref elem: only as a parameter / let / return type */
    TY_FN,              /* fn(params...) -> ret */
    TY_STRUCT,          /* a concrete struct (st) */
    TY_REUSABLE,        /* reusable elem */
    TY_REUSABLE_SLICE,  /* reusable[] elem */
    TY_PARAM,           /* a type parameter while checking a generic declaration */
    TY_NONE,            /* the type of `none` before it meets an optional */
    TY_UNTYPED_INT,     /* an integer literal before its context fixes its type */
    TY__COUNT
} TypeKind;

struct Type {
    TypeKind kind;
    int id;             /* creation order: deterministic, usable for sorting */
    Type *elem;         /* ARRAY SLICE OPTIONAL REF REUSABLE REUSABLE_SLICE */
    int64_t len;        /* ARRAY */
    Type **params;      /* FN */
    int nparams;        /* FN */
    Type *ret;          /* FN: TY_VOID when none */
    StructInst *st;     /* STRUCT */
    const char *name;   /* PARAM: the parameter's name */
};

static inline bool type_is_int(const Type *t) { return t->kind >= TY_I8 && t->kind <= TY_U64; }
static inline bool type_is_signed(const Type *t) { return t->kind >= TY_I8 && t->kind <= TY_I64; }
static inline bool type_is_num(const Type *t) { return type_is_int(t) || t->kind == TY_F64; }

/* ================================================================
 * Parsed type syntax.
 * ================================================================ */
typedef enum TypeExprKind {
    TE_NAME,            /* name, or module.name, with optional [args] */
    TE_ARRAY,           /* [len]elem */
    TE_SLICE,           /* []elem */
    TE_OPTIONAL,        /* ?elem */
    TE_REF,             /* ref elem */
    TE_FN,              /* fn(params) -> ret */
    TE_REUSABLE,        /* reusable elem */
    TE_REUSABLE_SLICE,  /* reusable[] elem */
    TE_RESULTS,         /* (A, B): a function's several results; args/nargs */
} TypeExprKind;

struct TypeExpr {
    TypeExprKind kind;
    Loc loc;
    const char *module;     /* (syntax) TE_NAME: qualifier or NULL; interned */
    const char *name;       /* (syntax) TE_NAME; interned */
    TypeExpr **args;        /* (syntax) TE_NAME generic args; TE_FN params */
    int nargs;
    TypeExpr *elem;         /* (syntax) ARRAY SLICE OPTIONAL REF REUSABLE*; TE_FN: ret or NULL */
    Expr *len;              /* (syntax) TE_ARRAY: a constant expression */
    Type *resolved;         /* [checked] */
};

/* ================================================================
 * Builtins: functions and methods the checker knows by name.
 * BI(id, spelling, is_method)
 * ================================================================ */
#define GS_BUILTINS(BI) \
    BI(PRINT, "print", 0) BI(PRINTLN, "println", 0) BI(EPRINTLN, "eprintln", 0) \
    BI(FMT_F64, "fmt_f64", 0) BI(TO_STRING, "to_string", 0) BI(PARSE_INT, "parse_int", 0) \
    BI(ARGS, "args", 0) BI(CLOCK_NS, "clock_ns", 0) BI(EXIT, "exit", 0) \
    BI(PANIC, "panic", 0) BI(ABS, "abs", 0) BI(MIN, "min", 0) BI(MAX, "max", 0) \
    BI(READ_FILE, "read_file", 0) BI(HASH, "hash", 0) BI(MAKE, "make", 0) \
    BI(DELETE, "delete", 0) BI(COPY_INTO, "copy_into", 0) BI(MOVE_FROM, "move_from", 0) \
    BI(DEFAULTS, "defaults", 0) BI(FROM_BYTES, "from_bytes", 0) \
    BI(PRINTF, "printf", 0) BI(EPRINTF, "eprintf", 0) BI(FORMAT, "format", 0) \
    BI(FORMAT_INTO, "format_into", 0) BI(PARSE_F64, "parse_f64", 0) \
    /* methods */ \
    BI(PUSH, "push", 1) BI(POP, "pop", 1) BI(CLEAR, "clear", 1) BI(BYTES, "bytes", 1) \
    BI(IS_SOME, "is_some", 1) BI(UNWRAP, "unwrap", 1) BI(OR, "or", 1) \
    /* builtin pools */ \
    BI(R_ALLOC, "alloc", 1) BI(R_FREE, "free", 1) \
    /* library primitives: only standard library modules may call them */ \
    BI(P_FAIL, "__fail", 0) BI(P_GROW_STABLE, "__grow_stable", 0) \
    BI(P_REF_INDEX, "__ref_index", 0) BI(P_SPAN_FIND, "__span_find", 0) \
    BI(P_SPAN_RESIZE, "__span_resize", 0) BI(P_SPAN_AT, "__span_at", 0) \
    BI(P_OWN, "__own", 0) BI(P_DROP, "__drop", 0) BI(P_MAP_HASH, "__map_hash", 0) \
    BI(P_PARALLEL, "__parallel", 0) \
    BI(P_ATOMIC_LOAD, "__atomic_load", 0) BI(P_ATOMIC_STORE, "__atomic_store", 0) \
    BI(P_ATOMIC_ADD, "__atomic_add", 0) BI(P_ATOMIC_CAS, "__atomic_cas", 0) \
    BI(P_MUTEX_LOCK, "__mutex_lock", 0) BI(P_MUTEX_UNLOCK, "__mutex_unlock", 0) \
    /* lowering only (formatted output, one piece; format_into's end on a
       strings.Builder): no source spelling reaches them */ \
    BI(P_FMT, "__fmt", 0) BI(P_FMT_BUILDER, "__fmt_builder", 0)

/* Library primitives with a fixed signature, each one C expression (a
 * runtime or libm call) for the modules written in Goose (bytes, math,
 * strings, os, thread, checksum, bigint): RTP(id, spelling, signature, C template). The signature is the
 * result's code, then the parameters': f f64, i int, w u64, c u8, b bool,
 * s string, S ?string, y []u8, A a slice of any type, v nothing (result
 * only); passed by
 * reference (a mutable place; C gets a pointer): R a string, Y a []u8,
 * H a [8]u32, B a [64]u8 (a fixed array is struct { T a[N]; } in C). In
 * the template %0 %1 .. are the arguments (emit-c/cemit_ins.c, cm_prim). */
#define GS_RT_PRIMS(RTP) \
    RTP(P_BYTES_EQUAL, "__bytes_equal", "byy", "gs_u8s_equal(%0.ptr, %0.len, %1.ptr, %1.len)") \
    RTP(P_BYTES_COMPARE, "__bytes_compare", "iyy", "gs_u8s_compare(%0.ptr, %0.len, %1.ptr, %1.len)") \
    RTP(P_CPUS, "__cpus", "i", "gs_thread_cpus()") \
    RTP(M_SQRT, "__sqrt", "ff", "sqrt(%0)") RTP(M_CBRT, "__cbrt", "ff", "cbrt(%0)") \
    RTP(M_POW, "__pow", "fff", "pow(%0, %1)") RTP(M_EXP, "__exp", "ff", "exp(%0)") \
    RTP(M_EXP2, "__exp2", "ff", "exp2(%0)") RTP(M_LOG, "__log", "ff", "log(%0)") \
    RTP(M_LOG2, "__log2", "ff", "log2(%0)") RTP(M_LOG10, "__log10", "ff", "log10(%0)") \
    RTP(M_SIN, "__sin", "ff", "sin(%0)") RTP(M_COS, "__cos", "ff", "cos(%0)") \
    RTP(M_TAN, "__tan", "ff", "tan(%0)") RTP(M_ASIN, "__asin", "ff", "asin(%0)") \
    RTP(M_ACOS, "__acos", "ff", "acos(%0)") RTP(M_ATAN, "__atan", "ff", "atan(%0)") \
    RTP(M_ATAN2, "__atan2", "fff", "atan2(%0, %1)") RTP(M_SINH, "__sinh", "ff", "sinh(%0)") \
    RTP(M_COSH, "__cosh", "ff", "cosh(%0)") RTP(M_TANH, "__tanh", "ff", "tanh(%0)") \
    RTP(M_HYPOT, "__hypot", "fff", "hypot(%0, %1)") RTP(M_FLOOR, "__floor", "ff", "floor(%0)") \
    RTP(M_CEIL, "__ceil", "ff", "ceil(%0)") RTP(M_ROUND, "__round", "ff", "round(%0)") \
    RTP(M_TRUNC, "__trunc", "ff", "trunc(%0)") RTP(M_FMOD, "__fmod", "fff", "fmod(%0, %1)") \
    RTP(M_COPYSIGN, "__copysign", "fff", "copysign(%0, %1)") \
    RTP(M_F64_BITS, "__f64_bits", "wf", "gs_f64_bits(%0)") \
    RTP(M_F64_FROM_BITS, "__f64_from_bits", "fw", "gs_f64_from_bits(%0)") \
    RTP(M_MUL_ADD_HI, "__mul_add_hi", "wwww", "gs_mul_add_hi_u64(%0, %1, %2)") \
    RTP(S_INDEX, "__str_index", "iss", "gs_str_index(%0, %1)") \
    RTP(S_LAST_INDEX, "__str_last_index", "iss", "gs_str_last_index(%0, %1)") \
    RTP(S_INDEX_BYTE, "__str_index_byte", "isc", "gs_str_index_byte(%0, %1)") \
    RTP(S_INDEX_PAIR, "__str_index_pair", "isss", "gs_str_index_pair(%0, %1, %2)") \
    RTP(S_VIEW, "__str_view", "sy", "gs_str_view(%0)") \
    RTP(S_COPY, "__copy_str", "vys", "gs_copy_str(%0, %1)") \
    RTP(S_APPEND, "__append_str", "vYs", "gs_u8s_append(%0, %1)") \
    RTP(S_TAKE, "__str_take", "sy", "gs_str_take(%0)") \
    RTP(OS_READ_FILE, "__os_read_file", "ssR", "gs_os_read_file(%0, %1)") \
    RTP(OS_WRITE_FILE, "__os_write_file", "sssb", "gs_os_write_file(%0, %1, %2)") \
    RTP(OS_REMOVE, "__os_remove", "ss", "gs_os_remove(%0)") \
    RTP(OS_READ_LINE, "__os_read_line", "S", "gs_os_read_line()") \
    RTP(OS_READ_ALL_STDIN, "__os_read_all_stdin", "s", "gs_os_read_all_stdin()") \
    RTP(OS_GETENV, "__os_getenv", "Ss", "gs_os_getenv(%0)") \
    RTP(OS_EXISTS, "__os_exists", "bs", "gs_os_exists(%0)") \
    RTP(CK_SHA256_BLOCKS, "__sha256_blocks", "bHy", "gs_sha256_blocks(%0->a, 8, %1.ptr, %1.len)") \
    RTP(CK_SHA256_BLOCK, "__sha256_block", "bHB", "gs_sha256_blocks(%0->a, 8, %1->a, 64)") \
    /* the storage of a slice is about to move or lose entries (map.Map):
       stops when a live ref points into it (goose_rt.h: gs_borrow) */ \
    RTP(P_MOVING, "__moving", "vA", \
        "gs_borrow_check(%s, %0.ptr, (size_t)%0.len * sizeof *%0.ptr, \"map change moved\")")

typedef enum BuiltinId {
    BI_NONE,
#define BI_ENUM(id, s, m) BI_##id,
    GS_BUILTINS(BI_ENUM)
#undef BI_ENUM
#define RTP_ENUM(id, s, sig, c) BI_##id,
    GS_RT_PRIMS(RTP_ENUM)
#undef RTP_ENUM
    BI__COUNT
} BuiltinId;

/* ================================================================
 * Expressions.
 * ================================================================ */
#define GS_EXPR_KINDS(X) \
    X(INT) X(FLOAT) X(CHAR) X(STRING) X(BOOL) X(NONE) \
    X(IDENT) X(UNARY) X(BINARY) X(CALL) X(INDEX) X(SLICE) X(FIELD) X(CAST) \
    X(STRUCT_LIT) X(ARRAY_LIT) X(ARRAY_REPEAT) X(CLOSURE) X(PAREN) \
    X(COERCE) X(SLICE_LIT) X(TUPLE) X(VARIANT)

typedef enum ExprKind {
#define X_ENUM(k) EX_##k,
    GS_EXPR_KINDS(X_ENUM)
#undef X_ENUM
    EX__COUNT
} ExprKind;

/* Operators: tokens reused as operator ids. OP(id, spelling) */
#define GS_BINOPS(OP) \
    OP(ADD, "+") OP(SUB, "-") OP(MUL, "*") OP(DIV, "/") OP(MOD, "%") \
    OP(AND, "&") OP(OR, "|") OP(XOR, "^") OP(SHL, "<<") OP(SHR, ">>") \
    OP(EQ, "==") OP(NE, "!=") OP(LT, "<") OP(LE, "<=") OP(GT, ">") OP(GE, ">=") \
    OP(LAND, "&&") OP(LOR, "||")

typedef enum BinOp {
#define OP_ENUM(id, s) BIN_##id,
    GS_BINOPS(OP_ENUM)
#undef OP_ENUM
    BIN__COUNT
} BinOp;

typedef enum UnOp { UN_NEG, UN_NOT, UN_BITNOT } UnOp;

/* What an identifier names, after checking. */
typedef enum SymKind {
    SYM_NONE,
    SYM_LOCAL,      /* local, parameter, loop variable: ident.local */
    SYM_GLOBAL,     /* global var or const: ident.global */
    SYM_FN,         /* a top-level function used as a value or called: ident.fn */
} SymKind;

/* What a call is, after checking. */
typedef enum CallKind {
    CALL_NONE,
    CALL_DIRECT,    /* call.fn is the FnInst; a method call has its receiver
                       as args[0] (call.nargs includes it) */
    CALL_VALUE,     /* call.callee is an expression of TY_FN (closure / fn value) */
    CALL_BUILTIN,   /* call.builtin; a builtin method has its receiver as args[0] */
    CALL_STRUCT_LIT_GENERIC, /* reserved */
} CallKind;

/* What a field access is, after checking. */
typedef enum FieldKind {
    FIELD_NONE,
    FIELD_STRUCT,   /* field.index into the StructInst's fields */
    FIELD_LEN,      /* .len of string, slice, fixed array, reusable pool */
    FIELD_CAP,      /* .cap of a slice */
} FieldKind;

/* Coercions the checker inserts (EX_COERCE.coerce.kind). */
typedef enum CoerceKind {
    COERCE_TO_OPTIONAL,   /* T -> ?T (operand has type T) */
    COERCE_NONE_TO_OPT,   /* none -> ?T (operand is EX_NONE) */
    COERCE_FN_TO_VALUE,   /* a top-level function or capture-free closure -> fn value */
} CoerceKind;

typedef struct FieldInit {
    const char *name;   /* (syntax) interned */
    Loc loc;
    Expr *value;        /* (syntax) */
    int index;          /* [checked] index into StructInst fields */
} FieldInit;

typedef struct Param {
    const char *name;   /* (syntax) interned; "_" allowed */
    Loc loc;
    TypeExpr *type;     /* (syntax) */
    Local *local;       /* [checked] */
} Param;

/* One piece of a checked format string (frontend/check_fmt.c): literal
 * bytes (arg < 0), or argument arg (an index into call.args) with its
 * packed spec (the layout of runtime/goose_rt.h, "formatted output"). */
typedef struct FmtPiece {
    int arg;
    const char *lit;
    int64_t len;        /* literal: its length; placeholder: its offset */
    uint64_t spec;
} FmtPiece;

struct Expr {
    ExprKind kind;
    Loc loc;
    Type *type;         /* [checked] the value's type. A place reached through a
                           reference (a ref local, a call returning ref T) has
                           the referenced type T here, with is_ref_value set. */
    bool is_place;      /* [checked] an assignable/addressable place */
    bool is_ref_value;  /* [checked] the C value is a T* to be dereferenced
                           (call returning ref T, ident naming a ref local) */
    bool pass_by_ref;   /* [checked] this argument goes to a ref parameter or
                           ref receiver: lower passes its address */
    union {
        struct { uint64_t value; const char *suffix; } i;      /* INT (syntax); CHAR uses value */
        struct { double value; } f;                             /* FLOAT */
        struct { const char *bytes; int64_t len; } str;         /* STRING (escapes decoded) */
        struct { bool value; } b;                               /* BOOL */
        struct {
            const char *name;           /* (syntax) interned */
            SymKind sym;                /* [checked] */
            Local *local;               /* [checked] SYM_LOCAL */
            Global *global;             /* [checked] SYM_GLOBAL */
            FnInst *fn;                 /* [checked] SYM_FN */
        } ident;
        struct { UnOp op; Expr *operand; } unary;
        struct { BinOp op; Expr *lhs, *rhs; } binary;
        struct {
            Expr *callee;               /* (syntax) */
            Expr **args;                /* (syntax); the checker may prepend the receiver */
            int nargs;
            CallKind kind;              /* [checked] */
            FnInst *fn;                 /* [checked] CALL_DIRECT */
            BuiltinId builtin;          /* [checked] CALL_BUILTIN */
            Type *type_arg;             /* [checked] make([]T, ..): the slice type */
            TypeExpr *make_type;        /* (syntax) make's first argument, parsed as a type */
            TypeExpr **targs;           /* (syntax) explicit type arguments `f[T, U](..)` */
            int ntargs;
            Expr *targ_index;           /* (syntax) `a[i](..)` read as an index instead, when
                                           the brackets also parse as one expression */
            const char **arg_names;     /* (syntax) `name: value` arguments (NULL entries
                                           for positional ones), or NULL when none is named */
            struct FmtPiece *fmt;       /* [checked] printf, eprintf, format, format_into */
            int nfmt;
        } call;
        struct {
            Expr *base, *index;         /* (syntax) index NULL when targs are set */
            TypeExpr **targs;           /* (syntax) `E[A, B].V`: brackets that hold types only */
            int ntargs;
        } index;
        struct { Expr *base, *lo, *hi; } slice;     /* lo/hi may be NULL */
        struct {
            Expr *base;                 /* (syntax) */
            const char *name;           /* (syntax) interned */
            Loc name_loc;               /* (syntax) the name's (the node's loc is its base's) */
            FieldKind kind;             /* [checked] */
            int index;                  /* [checked] FIELD_STRUCT */
        } field;
        struct { Expr *operand; TypeExpr *to; } cast;
        struct {
            TypeExpr *type;             /* (syntax) NULL in a slice literal's element
                                           `{x: 1}`: the element type */
            FieldInit *fields;
            int nfields;
        } lit;                          /* STRUCT_LIT */
        struct {
            Expr **elems;
            int nelems;
            TypeExpr *type;             /* (syntax) SLICE_LIT: `[]T`, NULL for an element
                                           literal `{a, b}` whose type the context gives */
        } array;                        /* ARRAY_LIT, SLICE_LIT, TUPLE */
        struct { Expr *value; Expr *count; int64_t n; } repeat; /* ARRAY_REPEAT; n [checked] */
        struct {
            Param *params;              /* (syntax) */
            int nparams;
            TypeExpr *ret;              /* (syntax) or NULL */
            Block *body;                /* (syntax) */
            FnInst *fn;                 /* [checked] the lifted function */
        } closure;
        struct { Expr *inner; } paren;
        struct { CoerceKind kind; Expr *operand; } coerce;
        struct {                        /* [checked] an enum value Shape.Circle(2.0):
                                           e->type is the enum; args in payload order */
            int index;                  /* the variant */
            Expr **args;
            int nargs;
        } variant;
    };
};

/* ================================================================
 * Statements.
 * ================================================================ */
#define GS_STMT_KINDS(X) \
    X(LET) X(VAR) X(ASSIGN) X(EXPR) X(IF) X(WHILE) X(FOR_RANGE) X(FOR_EACH) \
    X(BREAK) X(CONTINUE) X(RETURN) X(ASSERT) X(BLOCK) \
    X(LET_MULTI) X(ASSIGN_MULTI) X(DEFER) X(MATCH)

typedef enum StmtKind {
#define X_ENUM(k) ST_##k,
    GS_STMT_KINDS(X_ENUM)
#undef X_ENUM
    ST__COUNT
} StmtKind;

/* Assignment operator: ASSIGN_SET for `=`, else the BinOp of `op=`. */
#define ASSIGN_SET (-1)

/* A `match` pattern (one alternative of an arm). */
typedef enum PatKind {
    PAT_WILD,       /* _ */
    PAT_VALUE,      /* an integer, char, string or bool literal (lo) */
    PAT_RANGE,      /* lo..hi or lo..=hi (inclusive) of integers or chars */
    PAT_VARIANT,    /* Name, Name(a, _, c) */
    PAT_SOME,       /* some(x) */
    PAT_NONE,       /* none */
} PatKind;

typedef struct Pattern {
    PatKind kind;
    Loc loc;
    Expr *lo, *hi;          /* (syntax) VALUE, RANGE */
    bool inclusive;         /* (syntax) RANGE */
    const char *name;       /* (syntax) VARIANT */
    bool has_parens;        /* (syntax) VARIANT: bindings were written */
    const char **binds;     /* (syntax) VARIANT, SOME: names, "_" ignores */
    Loc *bind_locs;
    int nbinds;
    int variant;            /* [checked] VARIANT: the variant's index */
    Local **locals;         /* [checked] per binding: its local, NULL for _ */
    uint64_t lo_v, hi_v;    /* [checked] VALUE and RANGE of integers: the
                               bits of the bounds, RANGE hi inclusive */
} Pattern;

typedef struct MatchArm {
    Loc loc;
    Pattern **pats;         /* (syntax) alternatives separated by | */
    int npats;
    Stmt *body;             /* (syntax) */
} MatchArm;

struct Block {
    Loc loc;
    Stmt **stmts;
    int nstmts;
};

struct Stmt {
    StmtKind kind;
    Loc loc;
    union {
        struct {                        /* LET, VAR */
            const char *name;           /* (syntax) */
            Loc name_loc;               /* (syntax) */
            TypeExpr *type;             /* (syntax) or NULL */
            Expr *init;                 /* (syntax) or NULL (VAR only) */
            Local *local;               /* [checked] */
        } let;
        struct { Expr *target; int op; Expr *value; } assign;   /* op: ASSIGN_SET or BinOp */
        struct { Expr *expr; } expr;
        struct { Expr *cond; Block *then; Stmt *els; } if_;     /* els: IF or BLOCK or NULL */
        struct { Expr *cond; Block *body; } while_;
        struct {
            const char *var;            /* (syntax) */
            Loc var_loc;
            Expr *lo, *hi;
            Block *body;
            Local *local;               /* [checked] */
        } range;
        struct {
            const char *idx, *val;      /* (syntax) idx NULL for `for x in xs` */
            Loc idx_loc, val_loc;
            Expr *seq;
            Block *body;
            Local *idx_local, *val_local; /* [checked] idx_local NULL when no index */
            /* [checked] over a map.Map: its struct instance, idx_local is
             * the key and val_local the value (NULL for `for k in m`);
             * map_guard when seq is a place the loop may mark as iterated
             * (a mutable one: only those can be changed) */
            StructInst *map;
            bool map_guard;
        } each;
        struct { Expr *value; } ret;    /* value may be NULL */
        struct { Expr *cond; Expr *msg; } assert_;  /* msg may be NULL */
        struct { Block *block; } block; /* BLOCK; DEFER: the deferred statements */
        struct {                        /* LET_MULTI, ASSIGN_MULTI: `let (a, _) = f()`, `p, q = f()` */
            Expr **targets;             /* (syntax) LET_MULTI: EX_IDENT names; ASSIGN_MULTI: places */
            int n;
            Expr *value;                /* (syntax) the call with several results */
            bool is_var;                /* (syntax) LET_MULTI: `var (...)` */
            Local **locals;             /* [checked] LET_MULTI: per name, NULL for `_` */
            bool *blank;                /* [checked] ASSIGN_MULTI: per target, true for `_` */
        } multi;
        struct {
            Expr *subject;              /* (syntax) */
            bool is_ref;                /* (syntax) match ref: bindings are references */
            MatchArm *arms;
            int narms;
            bool last_is_else;          /* [checked] the arms before cover all but
                                           what the last one matches: it needs no test */
        } match;
    };
};

/* ================================================================
 * Declarations.
 * ================================================================ */
typedef enum DeclKind { D_IMPORT, D_CONST, D_VAR, D_STRUCT, D_FN } DeclKind;

typedef struct FieldDecl {
    const char *name;
    Loc loc;
    TypeExpr *type;
} FieldDecl;

typedef struct VariantDecl {
    const char *name;
    Loc loc;
    FieldDecl *fields;      /* the payload */
    int nfields;
} VariantDecl;

struct Decl {
    DeclKind kind;
    Loc loc;
    const char *name;               /* (syntax) interned; for D_IMPORT the alias */
    union {
        struct { const char *path; Module *module; } import;    /* module [checked] */
        struct { TypeExpr *type; Expr *value; Global *global; } var; /* D_CONST, D_VAR */
        struct {
            const char **tparams;   /* (syntax) type parameter names */
            int ntparams;
            FieldDecl *fields;
            int nfields;
            bool is_enum;           /* an enum: variants, no fields */
            VariantDecl *variants;
            int nvariants;
        } struct_;
        struct {
            bool is_inline;
            Param *recv;            /* (syntax) method receiver or NULL */
            const char **tparams;   /* (syntax) [T, U] after the name */
            int ntparams;
            Param *params;
            int nparams;
            TypeExpr *ret;          /* NULL when none */
            Block *body;
        } fn;
    };
};

/* ================================================================
 * Checked entities.
 * ================================================================ */
struct Local {
    const char *name;
    Loc loc;
    Type *type;         /* the value type (for a ref binding: the referenced type) */
    int id;             /* unique within its function: lower names it <name>_<id> or similar */
    bool is_mutable;    /* var, or a ref to a mutable place */
    bool is_ref;        /* holds a reference: a ref parameter or a let bound to a ref */
    Expr *ref_init;     /* [checked] a let bound to a ref: its initializer */
    bool is_param;
    bool captured;      /* named by a closure: must live in memory */
    bool used;          /* [checked] read somewhere (being assigned is no use) */
    FnInst *owner;      /* the function whose frame holds it */
};

struct Global {
    const char *name;
    const char *cname;  /* deterministic C name, e.g. gs_main_counter */
    Loc loc;
    Type *type;
    Expr *init;         /* checked initializer or NULL (zero) */
    bool is_const;
    Module *module;
    /* Constant value when is_const (and for array lengths) */
    bool has_value;
    int64_t ivalue;
    double fvalue;
};

typedef struct FieldInfo {
    const char *name;
    Type *type;
    Loc loc;
} FieldInfo;

typedef struct VariantInfo {
    const char *name;
    Loc loc;
    StructInst *payload;    /* the payload's fields, or NULL when it has none */
    int field;              /* the enum's field holding the payload, or -1 */
} VariantInfo;

/* An enum is a StructInst with is_enum set. One whose variants have no
 * payload (plain) has no fields and is a C enum; otherwise fields[0] is the
 * u32 tag and fields[1..] the payloads of the variants that have one, which
 * the C emitter lays out as a union. */
struct StructInst {
    const char *name;       /* Goose spelling: "Point", "Pair[int, string]" */
    const char *cname;      /* deterministic C name */
    Module *module;
    Decl *decl;
    Type **targs;
    int ntargs;
    FieldInfo *fields;
    int nfields;
    Type *type;             /* the TY_STRUCT */
    bool complete;          /* fields resolved */
    int8_t sizing;          /* check_decl.c ty_struct_bytes: 1 busy, 2 bytes/align known */
    bool is_results;        /* the results (A, B) of a function (check_multi.c): no decl;
                               targs are the result types, fields r0, r1, ... */
    int64_t bytes, align;
    bool is_enum;
    bool enum_plain;        /* an enum without payloads */
    VariantInfo *variants;
    int nvariants;
    StructInst *variant_of; /* a payload: its enum */
};
static inline bool type_is_enum(const Type *t) { return t->kind == TY_STRUCT && t->st->is_enum; }
static inline bool type_is_plain_enum(const Type *t) { return type_is_enum(t) && t->st->enum_plain; }

struct FnInst {
    const char *name;       /* Goose spelling: "add", "max[int]", "Point.norm1", closure "main$1" */
    const char *cname;      /* deterministic C name */
    Module *module;
    Decl *decl;             /* the declaration (for generics, the clone owned by this instance) */
    Type **targs;           /* generic instance arguments */
    int ntargs;
    Type *type;             /* TY_FN; a method's receiver is params[0] */
    Local **params;         /* receiver first for methods */
    int nparams;
    Type *ret;              /* TY_VOID when none; for `-> ref T` the ref type */
    bool ret_is_ref;
    bool is_inline;
    bool is_method;
    bool in_test_file;      /* declared in a test file joined to its module (goose test) */
    Block *body;            /* checked body */
    Vec locals;             /* Local*: every local of this function, in declaration order */
    /* closures */
    bool is_closure;
    FnInst *parent;         /* enclosing function of a closure */
    Local **captures;       /* locals of enclosing functions named in the body */
    int ncaptures;
    Expr *closure_expr;
    bool checked;
    /* checker bookkeeping: instantiation notes and closure numbering */
    Loc inst_loc;           /* generic instance: where it was first used */
    FnInst *inst_from;      /* generic instance: the function whose body first used it */
    int inst_depth;         /* nesting of instantiations (limited) */
    int nclosures;          /* closures numbered so far in this top-level function */
};

struct Module {
    const char *name;       /* "main" for the root, file stem or stdlib name */
    const char *path;       /* path of the .gs file */
    const char *cprefix;    /* "gs_main_", "gsm_pool_", ... */
    bool is_stdlib;
    Decl **decls;
    int ndecls;
    void *scope;            /* checker's private table */
};

/* The whole checked program: what lower_ consumes. All lists are in a
 * deterministic order (declaration order, then instantiation order). */
typedef struct Program {
    Module *main_module;
    Vec modules;            /* Module* */
    Vec structs;            /* StructInst*, each after the structs it holds by value */
    Vec globals;            /* Global* (consts included) */
    Vec fns;                /* FnInst*: every concrete function, closures included */
    FnInst *main_fn;
    bool main_returns_int;
} Program;

/* ---- ast.c ---- */
Expr *ast_expr(ExprKind kind, Loc loc);
Stmt *ast_stmt(StmtKind kind, Loc loc);
Decl *ast_decl(DeclKind kind, Loc loc);
TypeExpr *ast_type(TypeExprKind kind, Loc loc);
Block *ast_clone_block(const Block *b);     /* deep copy of syntax, [checked] fields cleared */
Expr *ast_clone_expr(const Expr *e);
TypeExpr *ast_clone_type(const TypeExpr *t);
Decl *ast_clone_decl(const Decl *d);
void ast_dump_module(StrBuf *out, const Module *m);   /* --dump=ast */
/* Forgets everything a compilation left in the process (the arena and all
 * that lives in it, interned strings, types, keyword tables, source files,
 * the error count), so the next one starts as in a fresh process. Nothing
 * made before may be used after. tests/fuzz compiles many inputs in one
 * process; goose compiles once and never calls it. */
void frontend_reset(void);
extern const char *const ast_binop_spelling[BIN__COUNT];
extern const char *const ast_builtin_name[BI__COUNT];
/* An RTP primitive's signature and C template (GS_RT_PRIMS); NULL for
 * every other builtin. */
extern const char *const ast_rt_prim_sig[BI__COUNT];
extern const char *const ast_rt_prim_c[BI__COUNT];
extern const bool ast_builtin_is_method[BI__COUNT];

/* ---- types.c: interning and spelling of types ---- */
Type *types_prim(TypeKind k);               /* TY_VOID .. TY_STRING, TY_ERROR, TY_NONE, TY_UNTYPED_INT */
Type *types_array(Type *elem, int64_t len);
Type *types_slice(Type *elem);
Type *types_optional(Type *elem);
Type *types_ref(Type *elem);
Type *types_fn(Type **params, int nparams, Type *ret);
Type *types_reusable(Type *elem, bool slice);
Type *types_param(const char *name);
const char *types_spell(const Type *t);     /* Goose spelling: "[]int", "?Pair[int, string]" */
/* A C-identifier-safe, deterministic spelling: "i64", "sl_u8", "opt_i64",
 * "arr4_i64", "main_Point", "main_Pair__i64__str", "fn_i64_i64__i64".
 * The emitter builds its C type names from it. */
const char *types_mangle(const Type *t);

void types_reset(void);                     /* frontend_reset's part */

/* ---- parse.c: parse one file into a module's declarations ---- */
bool parse_file(SrcFile *src, Module *m);   /* false when errors were reported */

/* ---- check.c ---- */
/* Loads imports (relative to the root file, stdlib from the given dir),
 * checks everything and fills a Program. False on errors. */
bool check_program(Module *root, const char *stdlib_dir, Program *out);

/* goose test: a test file's declarations (parsed into decls) join the
 * module that `import` names from the root, as Go compiles a package's
 * _test.go files into the package. A module whose file does not exist is
 * made of the files joined to it alone. */
typedef struct CheckJoin {
    const char *import;     /* an import path as the root would write it */
    Module *decls;          /* the parsed test file */
} CheckJoin;
bool check_program_joined(Module *root, const char *stdlib_dir, const CheckJoin *joins, int njoins, Program *out);

#endif
