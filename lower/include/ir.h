/* ir.h — the Goose IR: typed, per-function arrays of instructions addressed
 * by index, with every runtime check an explicit operation (ir.def) that
 * carries a site, so BCE can prove and delete checks and --stats can count
 * them. Control flow stays structured (IF/ELSE/ENDIF, LOOP, FOR) so the C
 * the emitter writes reads like the source.
 *
 * Operands are temporaries (typed virtual registers numbered per function,
 * each written by exactly one instruction, except the result of && and
 * ||: `t = MOV lhs` before an IF testing t, and `t = MOV rhs` in that IF's
 * then arm), locals, globals or constants. A place (something stored to, or whose address is taken)
 * is a root operand plus a path of projections; its index operands are
 * already evaluated (and checked) when the place is built, so printing a
 * place twice never re-runs anything.
 * Types are the frontend's interned Type*; a pointer is TY_REF.
 * Not for: C spelling (emit-c/) or syntax (frontend/). */
#ifndef GOOSE_IR_H
#define GOOSE_IR_H

#include "ast.h"
#include "lower.h"

typedef enum IrOp {
#define IR_OP(name, res, trap, pure, check, nest, ctl, rd, wr, calls, frees) IR_##name,
#include "ir.def"
#undef IR_OP
    IR__COUNT
} IrOp;

/* ir.def's enumerated columns (its header says what each means). */
typedef enum IrControl { IR_CTL_NONE, IR_CTL_BLOCK, IR_CTL_JUMP } IrControl;
typedef enum IrWrites { IR_WR_NONE, IR_WR_PLACE, IR_WR_LOCAL, IR_WR_OPD, IR_WR_REFS, IR_WR_ANY } IrWrites;
typedef enum IrCalls { IR_CALLS_NONE, IR_CALLS_RT, IR_CALLS_CODE } IrCalls;
typedef enum IrFrees { IR_FREE_NONE, IR_FREE_ALWAYS, IR_FREE_REFS } IrFrees;

typedef struct IrOpInfo {
    const char *name;
    bool has_result, may_trap, pure, is_check;
    int nesting;
    IrControl control;
    bool reads;
    IrWrites writes;
    IrCalls calls;
    IrFrees frees;
} IrOpInfo;
extern const IrOpInfo ir_op_info[IR__COUNT];

/* IR_BORROW's aux: the runtime's live-ref stack (goose_rt.h: gs_borrow). */
typedef enum IrBorrowOp {
    IR_BORROW_NOTE,     /* dst = the slot noting ref a */
    IR_BORROW_FORGET,   /* the note in slot a is gone */
    IR_BORROW_DEPTH,    /* dst = the stack's depth */
    IR_BORROW_RESET,    /* every note above depth a is gone */
} IrBorrowOp;

/* IR_CHECK_LIVE's aux (pass_live.c). */
typedef enum IrLiveOp {
    IR_LIVE_USE,        /* a use of header a's storage: "use of freed storage" */
    IR_LIVE_DELETE,     /* delete(a): "delete of storage already deleted" */
    IR_LIVE_FLAG,       /* a is a LIVE_TEST made before the loop: stop when false */
} IrLiveOp;

/* IR_IF's aux flags. */
enum {
    IR_IF_NOT = 1,      /* if (!a) { */
    IR_IF_LIKELY = 2,   /* a is expected to hold (pass_version's guard): the C
                           says so, and the compiler lays the then arm out
                           straight and the else arm out of line */
    IR_IF_SWITCH = 4,   /* an arm of a `match`: a holds exactly when operand b
                           (an integer or enum) equals one of the constants
                           args. A chain of them, each in the else arm of the
                           one before, may be emitted as a C switch on b; a
                           stays the test every pass reads */
};

typedef enum IrOpdKind {
    OPD_NONE, OPD_TEMP, OPD_LOCAL, OPD_GLOBAL,
    OPD_INT, OPD_F64, OPD_BOOL, OPD_STR, OPD_ZERO,
} IrOpdKind;

typedef struct IrOpd {
    IrOpdKind kind;
    Type *type;
    union {
        int temp;
        Local *local;       /* a ref local's operand is the referenced value */
        Global *global;
        uint64_t i;         /* INT: two's complement bits of the value */
        double f;
        bool b;
        struct { const char *bytes; int64_t len; } s;
    };
} IrOpd;

typedef enum IrProjKind {
    PJ_FIELD,       /* .field (struct field index) */
    PJ_AINDEX,      /* fixed array element */
    PJ_SINDEX,      /* slice or string element */
    PJ_DEREF,       /* *ptr (the root or prefix has a TY_REF type) */
    PJ_LEN,         /* slice/string length (read only) */
    PJ_CAP,         /* slice capacity (read only) */
    PJ_HAS,         /* optional: has */
    PJ_VAL,         /* optional: val */
} IrProjKind;

typedef struct IrProj {
    IrProjKind kind;
    int field;
    IrOpd index;
    Type *type;     /* the type after this projection */
} IrProj;

typedef struct IrPlace {
    IrOpd root;     /* TEMP, LOCAL or GLOBAL */
    IrProj *proj;
    int nproj;
    Type *type;
} IrPlace;

typedef struct IrIns {
    IrOp op;
    int dst;            /* temp written, or -1 */
    Type *type;         /* result type; CHECK_F2I / CAST: the target; MAKE: the slice */
    IrOpd a, b, c;
    IrPlace *place;
    IrOpd *args;
    int nargs;
    int site;           /* index into IrFunc.sites, or -1 */
    int site_unless;    /* a check pass_hoist.c moved out of both arms of an
                           if: 1 + the else arm's site, reported when operand
                           c (the if's test) is false; 0 for every other */
    int aux;            /* BinOp, UnOp, width, flags */
    FnInst *fn;         /* CALL, FNVAL, CLOSURE */
    Local *local;       /* DECL, FOR counter */
    const char *rt;     /* RT: runtime function */
    Loc loc;
} IrIns;

/* A set of pointers (ir.c: ir_set_add, ir_set_has). */
typedef struct PtrSet {
    const void **slots;
    int cap, len;
} PtrSet;

typedef struct IrSite {
    Loc loc;
    const char *what;   /* static detail (type name, assert message) or NULL */
    IrOp kind;
} IrSite;

/* A header parameter whose liveness the callers pass (pass_live.c,
 * live-args): param's checks read the hidden bool parameter flag. */
typedef struct IrCarry {
    int index;              /* param's position in fn->params */
    Local *param;
    Local *flag;
} IrCarry;

typedef struct IrFunc {
    FnInst *fn;             /* NULL for the global initialiser */
    const char *cname;
    IrIns *ins;
    int nins, cap_ins;
    Type **temps;
    int ntemps, cap_temps;
    IrSite *sites;
    int nsites, cap_sites;
    Local **captures;       /* closures: the env, in field order */
    int ncaptures;
    bool reachable;
    bool used_as_value;     /* a top-level function used as a value: needs a thunk */
    bool noreturn;          /* -O1+: every path ends in a runtime error (emitted cold, noreturn) */
    bool inline_always;     /* -O2: small and calls no function that returns (emitted GS_INLINE) */
    int checks_removed;
    int loops_versioned;    /* -O2: loops copied with and without their checks (pass_version.c) */
    bool may_free;          /* it, or a function it calls, may give storage back (pass_borrow.c) */
    bool frees_any;         /* ... storage of any element type */
    PtrSet frees_elems;     /* ... else only of these element types (ir_storage_elem) */
    bool open_known;        /* -O1+, from pass_fields on: the open summary below holds */
    bool frees_open_any;    /* ... frees_any and frees_elems less what pushes onto confined */
    PtrSet frees_open_elems; /* ... fields give back (pass_borrow.c, pass_open_frees) */
    int borrows_kept;       /* refs into movable storage noted while they live (pass_borrow.c) */
    int borrows_removed;    /* ... and those proven to need no note */
    int live_removed;       /* lifetime checks of headers proven by an earlier one (pass_live.c) */
    PtrSet held;            /* -O2: locals holding a global slice over a loop (pass_promote.c) */
    PtrSet views;           /* -O2: locals bound to the element they copy (pass_view.c) */
    bool *view_temps;       /* -O2: per temp, or NULL: a load of an element read in place */
    IrCarry *carry;         /* -O1+: header parameters whose liveness every call passes, after */
    int ncarry;             /* ... fn's parameters (emitted as bool parameters, in this order) */
} IrFunc;

struct IrProgram {
    const Program *prog;
    IrFunc **funcs;         /* Program.fns order */
    int nfuncs;
    IrFunc *init;           /* runs global initialisers before main */
    int opt_level;
    const FnInst **fn_keys; /* FnInst -> IrFunc, open addressing (ir_index_funcs) */
    IrFunc **fn_vals;
    int fn_cap;
    PtrSet *seen_homes;     /* pass_fields.c: slice fields (FieldInfo) and globals (Global) a place names */
    PtrSet *shared_homes;   /* ... and those whose header may be held elsewhere */
};

/* Functions of standard library modules take a hidden first parameter,
 * the site of the user's call into the module, which their checks report
 * at; a call from one stdlib function to another forwards it. Closures
 * keep their own sites (their signature is their fn type's), and so do the
 * functions of a module's test files (goose test), as user code does. */
static inline bool ir_fn_has_site(const FnInst *fn)
{
    return fn && fn->module && fn->module->is_stdlib && !fn->is_closure && !fn->in_test_file;
}

/* The container a primitive works on: its first argument's type, through
 * a reference (the pool of a pool operation); NULL without arguments. */
Type *ir_prim_base(const IrIns *in);

/* ---- ir.c: construction ---- */
IrFunc *ir_func_new(FnInst *fn, const char *cname);
int ir_temp(IrFunc *f, Type *t);
IrIns *ir_emit(IrFunc *f, IrOp op, Loc loc);
int ir_site(IrFunc *f, Loc loc, const char *what, IrOp kind);
IrOpd ir_none(void);
IrOpd ir_tempopd(IrFunc *f, int t);
IrOpd ir_int(Type *t, uint64_t v);
IrOpd ir_bool(Type *t, bool v);
IrOpd ir_zero(Type *t);
IrPlace *ir_place_root(IrOpd root, Type *t);
IrPlace *ir_place_proj(const IrPlace *base, IrProjKind k, int field, IrOpd index, Type *t);
void ir_index_funcs(IrProgram *ir);
IrFunc *ir_find_func(const IrProgram *ir, const FnInst *fn);
/* fn's slot in the index, in [0, fn_cap), or -1: a dense key for per-function tables. */
int ir_func_slot(const IrProgram *ir, const FnInst *fn);
bool ir_stops(const IrProgram *ir, const IrIns *in);

/* ---- ir.c: a set of pointers (open addressing; the lowering and the
 * emitter). Membership only, so its internal order never reaches the
 * output. ---- */
void ir_set_add(PtrSet *s, const void *p);
bool ir_set_has(const PtrSet *s, const void *p);
/* pass_fields.c: the place ends at a slice field whose header no other
 * place or value ever holds (false before the pass ran). */
bool ir_place_confined(const IrProgram *ir, const IrPlace *p);

/* ---- ir.c: pass scratch ----
 * The tables a pass makes for a function (IrDefs, IrBlocks, its own)
 * live in the scratch arena (util.h g_scratch): the pipeline marks it
 * before a pass runs on a function and releases the mark after, and a
 * whole-program pass marks around each function itself. The IR, and
 * what a pass leaves in it, lives in the compilation's arena. */

/* ---- ir.c: who writes each temp (for the check-removing passes) ---- */
typedef struct IrDefs {
    const IrFunc *f;
    int *ndef;              /* per temp: instructions writing it */
    int *def0, *def;        /* per temp: the first and the last of them */
    int nlocal_ids;         /* one more than the largest local id the function names */
} IrDefs;
/* In the scratch arena. */
void ir_defs_init(IrDefs *d, const IrFunc *f);
/* One more than the largest id of a local the function declares, takes as
 * a parameter or whose instructions name it (declared, counted, as a
 * place's root): a new local may take this id. */
int ir_local_ids(const IrFunc *f);
/* The one instruction writing temp operand o, or NULL (not a temp, or
 * written more than once). */
const IrIns *ir_defs_one(const IrDefs *d, const IrOpd *o);
/* Calls fn(o, ctx) on every operand in reads: a, b, c, the arguments, and
 * its place's root and index operands. */
typedef void (*IrOpdFn)(const IrOpd *o, void *ctx);
void ir_each_read(const IrIns *in, IrOpdFn fn, void *ctx);

/* ---- ir.c: how a function's blocks run ---- */
/* The instruction closing the block opened at start (f->nins if none). */
int ir_block_end(const IrFunc *f, int start);
/* in may go on elsewhere than the next instruction without closing a
 * block: break, continue, return, or `while`'s conditional break. */
bool ir_jumps(const IrIns *in);

/* ---- ir_effects.c: what an instruction reads and writes (one model for
 * every pass: STYLE.md 6b) ---- */
/* Where a read or write lands. */
typedef enum IrReach {
    IR_AT_NONE,     /* nothing that exists before the instruction */
    IR_AT_LOCAL,    /* the own value of IrEffect.local: a path of fields and
                       array elements in it, not storage it points at */
    IR_AT_GLOBAL,   /* the own value of IrEffect.global, likewise */
    IR_AT_TEMP,     /* a temporary's own value (a field of a struct temp) */
    IR_AT_STORAGE,  /* elements behind a slice or string value */
    IR_AT_REF,      /* the place a reference points at: through a ref local
                       or value, a deref, a reference argument */
    IR_AT_ANY,      /* whatever a called function reaches */
} IrReach;

typedef struct IrEffect {
    IrReach place;          /* where its place lies (IR_AT_NONE: it has none) */
    IrReach read;           /* where it reads beyond its operands' values */
    IrReach write;          /* where it writes (IR_AT_NONE: nothing that exists) */
    const Local *local;     /* the local whose own value its place is part
                               of (written, read, or its address taken), or
                               the local a DECL or FOR writes */
    const Global *global;   /* the global whose own value its place is part of */
    Type *type;             /* the type of the one place it writes, else NULL */
    const FnInst *callee;   /* a direct call that returns: its function */
    IrCalls calls;
    bool addr;              /* ADDR: later writes through the address may
                               change local / global without naming them */
    bool decl;              /* DECL: a new variable, which no earlier
                               reference or closure reaches */
    bool frees;             /* may free storage or move it */
    const Type *frees_elem; /* frees: only storage of this element type
                               (ir_storage_elem: a push, a delete, a span
                               pool's free), else NULL */
    bool stops;             /* never returns: writes nothing a later
                               instruction sees (write IR_AT_NONE) */
} IrEffect;
/* ir may be NULL: then only panics and failed asserts count as stopping
 * (a call's callee is not looked up). */
void ir_effect(const IrProgram *ir, const IrIns *in, IrEffect *e);
/* e is seen by more than the instructions naming a private local of f
 * that it writes: it writes memory (a global, storage, what a reference
 * reaches, a local whose address is taken or that a closure captures),
 * frees or moves storage, or calls a function that returns (runtime
 * functions too: the passes asking keep their windows and loops free of
 * calls). A DECL makes a new variable; a stop writes nothing seen. */
/* The element type of the storage behind header type t (a slice's
 * element type; u8 for a string, whose bytes a []u8 may share). */
const Type *ir_storage_elem(const Type *t);
bool ir_effect_on_memory(const IrEffect *e, const IrFunc *f, const PtrSet *addressed);

/* What may change a local (the check-removing passes). */
/* The place is (part of) local l's own value, not storage it points at. */
bool ir_place_in_value(const IrPlace *p, const Local *l);
/* in may change l: declares or counts it, writes its own value (a store,
 * push, pop or clear), or takes its address. */
bool ir_writes_local(const IrIns *in, const Local *l);
/* The same but taking its address: in sets l by naming it. */
bool ir_assigns_local(const IrIns *in, const Local *l);
/* The local in gives a whole new value: DECL's, or a STORE's to the
 * local itself (no field or element of it); else NULL. */
const Local *ir_whole_local_write(const IrIns *in);
/* l can change only through instructions of f that name it. */
bool ir_local_private(const IrFunc *f, const Local *l);
/* The same with the locals whose address f takes collected once. */
void ir_addressed_locals(const IrFunc *f, PtrSet *out);
bool ir_local_private_in(const IrFunc *f, const PtrSet *addressed, const Local *l);
/* Adds the locals instructions [from, to) may change (ir_writes_local). */
void ir_locals_written(const IrFunc *f, int from, int to, PtrSet *out);
/* The local whose whole value o is: a local operand (*at = -1), or a
 * temporary written once by `LOAD [l]` (*at: that load); else NULL. */
const Local *ir_local_value(const IrDefs *d, const IrOpd *o, int *at);

/* What may change a global (pass_facts, pass_version, pass_licm). */
/* The global whose own value (not storage it points at) in writes: a
 * store, push, pop or clear of it, or its address taken; else NULL. */
const Global *ir_written_global(const IrIns *in);
/* in may write memory that no name in it says: a write through a
 * reference, a call through a fn value, a runtime or pool call given a
 * reference, defaults or copy_into through a reference. (Direct calls
 * are the caller's to judge: IrEffect.callee.) */
bool ir_writes_unknown(const IrIns *in);
/* in may write anything or take an address: when false, ir_effect says it
 * changes nothing (the cheap question asked of every instruction first). */
bool ir_may_change(const IrIns *in);
/* The same two answers from an effect already computed. */
const Global *ir_effect_global(const IrEffect *e);
bool ir_effect_unknown(const IrEffect *e);
/* in may change global g: writes it or takes its address, writes through
 * a reference, or calls Goose code that returns (any of which may). */
bool ir_may_write_global(const IrProgram *ir, const IrIns *in, const Global *g);

/* Whether two operands hold the same value. The same constant, local,
 * global or temporary written once; or temporaries written once by the
 * same pure operation (ir.def) on the same values, compared at most
 * `depth` definitions deep, a load's place compared root, projections and
 * indices, with roots loaded by definitions that may stand for them folded
 * in ([t len] with t = LOAD [q f] is [q f len]). A definition stands for
 * its value only where def_ok says what it read is unchanged where the
 * operands are compared (the asking pass's window, loop or arms). */
typedef struct IrSame IrSame;
struct IrSame {
    const IrDefs *d;    /* who writes each temp; NULL: a temp is the same only as itself */
    int depth;
    /* def (an instruction index) writes a temp read on side 0 (the first
     * operand, or place) or 1; NULL: no definition stands for its value. */
    bool (*def_ok)(const IrSame *s, int side, int def);
    const void *ctx;    /* the pass's, for def_ok */
};
bool ir_same(const IrSame *s, const IrOpd *a, const IrOpd *b);
bool ir_same_place(const IrSame *s, const IrPlace *p, const IrPlace *q);

/* ---- ir.c: how a function's blocks nest (tables for the passes) ---- */
typedef struct IrBlocks {
    int *open;          /* per ELSE and block closer: the IF / opener of its block */
    int *close;         /* per block opener: its closer */
    int *els;           /* per IF: its ELSE, or 0 */
} IrBlocks;
/* In the scratch arena. */
void ir_blocks_init(IrBlocks *b, const IrFunc *f);

/* ---- ir.c: copying instructions (every pass that copies code) ---- */
/* Starts rebuilding f: returns f as it was (its instructions stay where
 * they are) with f's instruction list emptied, for the pass to refill. */
IrFunc ir_rebuild(IrFunc *f);
/* Appends in to f as it is (sharing its place and arguments). */
IrIns *ir_put(IrFunc *f, const IrIns *in);
/* How a copy renames what the code it copies names: temporaries (temp t
 * below ntemps becomes temps[t]), sites (site(ctx, s); NULL: kept) and
 * locals and globals (name(ctx, o): the place operand o stands for in the
 * copy, or NULL: kept; as a place's root, the copied place starts with
 * that place's root and projections, as an operand it is its root). */
typedef struct IrClone {
    const int *temps;
    int ntemps;
    int (*site)(void *ctx, int s);
    const IrPlace *(*name)(void *ctx, const IrOpd *o);
    void *ctx;
} IrClone;
IrOpd ir_clone_opd(const IrClone *c, IrOpd o);
/* A new place (its projections its own) renamed by c. */
IrPlace *ir_clone_place(const IrClone *c, const IrPlace *p);
/* Appends to f a copy of in renamed by c, with a place and arguments of
 * its own; in->local (a DECL's or a FOR's), loc and site_unless are kept. */
IrIns *ir_clone_ins(IrFunc *f, const IrIns *in, const IrClone *c);

/* ---- ir_verify.c: the invariants every pass keeps (run between passes) ---- */
/* True when f keeps every invariant; else false, with the first broken
 * one appended to why as "instruction N (OP): what". */
bool ir_verify_func(const IrFunc *f, StrBuf *why);
/* Every function of ir; an internal error naming pass `after`, the
 * function and the instruction when one is broken. */
void ir_verify(const IrProgram *ir, const char *after);

/* ---- ir.c: the printer and counts ---- */
void ir_dump_func(StrBuf *out, const IrFunc *f);
int ir_count_checks(const IrFunc *f);
/* The instructions of f that are op. */
int ir_count_ops(const IrFunc *f, IrOp op);

#endif
