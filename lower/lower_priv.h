/* lower_priv.h — what the lowering files share (prefix lx_): the state of
 * one function being lowered and the expression/statement/call entry
 * points. Private to lower/.
 *
 * Evaluation order is made explicit here: every operand is evaluated into
 * an operand (a temp, or a local that nothing in the rest of the
 * expression can change) strictly left to right, so the C compiler never
 * chooses an order. Not for: passes over finished IR (pass_*.c). */
#ifndef GOOSE_LOWER_PRIV_H
#define GOOSE_LOWER_PRIV_H

#include "ir.h"

/* An open loop or defer region while lowering (lower_defer.c). */
typedef struct LxScope {
    bool region;            /* a defer region, else a loop */
    int loop;               /* a loop: its number in the function */
    int *codes;             /* destinations that left it, in first-use order */
    int ncodes, cap;
    struct LxScope *up;
} LxScope;

typedef struct Lx {
    IrProgram *ir;
    IrFunc *f;
    FnInst *fn;         /* NULL while lowering global initialisers */
    PtrSet addr_taken;  /* locals passed by reference to a user function */
    PtrSet aliased;     /* locals a reference may name (lx_each_rechecks) */
    /* A rechecked `for x in xs` (lower_stmt.c) evaluates xs's place once at
     * loop start, recording the operands of its path (indices, a returned
     * reference), then rebuilds the place from them each iteration. */
    enum { LX_PATH_PLAIN, LX_PATH_RECORD, LX_PATH_REPLAY } path_mode;
    IrOpd *path_opds;
    int npath, path_pos, path_cap;
    struct LxEachRoot *each_roots;  /* the slices of the enclosing rechecked loops */
    LxScope *scopes;        /* open loops and defer regions, innermost first */
    int nloops;
    Local *defer_next, *defer_ret;  /* where a jump out of a defer region goes, the return value */
    struct LxMapLoop *map_loops;    /* the enclosing guarded map loops (lower_map.c) */
} Lx;

/* The recorded path operands of a place (lx_place_record/lx_place_replay). */
typedef struct LxReplay {
    IrOpd *opds;
    int n, pos, cap, mode;
} LxReplay;

typedef struct LxEachRoot {
    Expr *seq;
    struct LxEachRoot *up;
} LxEachRoot;

/* lower_expr.c */
IrOpd lx_expr(Lx *lx, Expr *e);
IrPlace *lx_place(Lx *lx, Expr *e);
IrOpd lx_addr(Lx *lx, Expr *e);
IrOpd lx_addr_of(Lx *lx, IrPlace *p, Loc loc);
IrPlace *lx_place_record(Lx *lx, Expr *e, LxReplay *r);
IrPlace *lx_place_replay(Lx *lx, Expr *e, const LxReplay *r);
IrOpd lx_materialize(Lx *lx, IrOpd v, Loc loc);
IrOpd lx_snapshot(Lx *lx, IrOpd v, Loc loc);
IrOpd lx_result(Lx *lx, IrIns *in, Type *t);
IrOpd lx_load(Lx *lx, IrPlace *p, Loc loc);
IrOpd lx_len_of(Lx *lx, IrOpd seq, Loc loc);
IrOpd lx_slice_of(Lx *lx, Expr *e, IrOpd base, IrOpd lo, IrOpd hi);
IrOpd lx_binop(Lx *lx, Expr *e, BinOp op, IrOpd a, IrOpd b, Type *t);
int lx_site(Lx *lx, Loc loc, const char *what, IrOp kind);
void lx_check(Lx *lx, IrOp op, Loc loc, IrOpd a, IrOpd b, IrOpd c);

/* lower_call.c */
IrOpd lx_call(Lx *lx, Expr *e);

/* lower_stmt.c */
void lx_block(Lx *lx, Block *b);

/* lower_defer.c */
void lx_defer_begin(Lx *lx, Block *body);
void lx_defer_rest(Lx *lx, Block *b, int at);
void lx_loop_enter(Lx *lx, LxScope *sc);
void lx_loop_leave(Lx *lx, LxScope *sc, Loc loc);
void lx_break(Lx *lx, Loc loc);
void lx_continue(Lx *lx, Loc loc);
void lx_return_value(Lx *lx, IrOpd v, Loc loc);
/* lower_map.c: a loop over a map.Map; its place (recorded path, or the
 * copy it reads when it has no guard) and the loop around it. */
typedef struct LxMapLoop {
    Stmt *s;
    LxReplay r;
    IrPlace *copy;
    struct LxMapLoop *up;
} LxMapLoop;
void lx_for_map(Lx *lx, Stmt *s);
void lx_map_loops_leave(Lx *lx, Loc loc);
/* lower_match.c */
IrOpd lx_variant(Lx *lx, Expr *e);
void lx_match(Lx *lx, Stmt *s);

/* lower.c */
Type *lx_ty(TypeKind k);
Expr *lx_path_root(Expr *e);
int lx_path_depth(Expr *e);     /* the steps (fields, elements) of a place's path */
bool lx_same_root(const Expr *a, const Expr *b);
bool lx_places_may_overlap(Expr *a, Expr *b);
Expr *lx_view_base(Expr *e);
Expr *lx_each_place(Stmt *s);
bool lx_each_rechecks(Lx *lx, Stmt *s);
bool lx_expr_may_move(Lx *lx, Expr *place, Expr *e);
bool lx_expr_may_change(Lx *lx, Expr *place, Expr *e);

/* lower_init.c: gs__init_globals holds one range per initialiser, in
 * declaration order: its first instruction, temp and site (the next
 * range's are its ends; r[n] holds the function's). lx_init_order moves
 * the ranges into the order Go runs them in. */
typedef struct LxInitRange {
    const Global *global;
    int start, temp, site;
} LxInitRange;
void lx_init_order(IrProgram *ir, IrFunc *init, const LxInitRange *r, int n);

/* lower_expr.c: e without its parentheses (like strchr, const in, not out) */
Expr *lx_unparen(const Expr *e);
bool lx_is_none_expr(const Expr *e);

#endif
