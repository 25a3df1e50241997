/* lower_call.c — calls (direct, through function values) and builtins → IR.
 * Arguments are evaluated left to right before the call; an argument bound
 * to a `ref` parameter is passed as the address of its place.
 * Builtins are a table indexed by BuiltinId (one lowering function each);
 * pool operations and library primitives become IR_PRIM (emit-c spells
 * each from a template). A call of a standard library function carries the
 * site of the call (the callee's hidden site parameter, see ir.h).
 * Not for: the runtime functions' behaviour (runtime/goose_rt.h). */
#include "lower_priv.h"

#include <string.h>

static IrOpd lx_arg(Lx *lx, Expr *a)
{
    return a->pass_by_ref ? lx_addr(lx, a) : lx_expr(lx, a);
}

/* Whether a later argument may move the place of a `ref` argument (a
 * call that grows the slice it is an element of): lx_expr_may_move. */
static bool lx_arg_moved_later(Lx *lx, Expr **args, int i, int n)
{
    if (!args[i]->pass_by_ref)
        return false;
    for (int k = i + 1; k < n; k++)
        if (lx_expr_may_move(lx, args[i], args[k]))
            return true;
    return false;
}

/* Left to right, with their checks; a `ref` argument that a later one may
 * move is rebuilt (and checked again) once all are evaluated, so the
 * callee gets the place where it is now. */
static IrOpd *lx_args(Lx *lx, Expr **args, int from, int n)
{
    IrOpd *v = NEW_ARRAY(IrOpd, n + 1);
    LxReplay *r = NEW_ARRAY(LxReplay, n + 1);
    bool *late = NEW_ARRAY(bool, n + 1);
    for (int i = from; i < n; i++) {
        late[i] = lx_arg_moved_later(lx, args, i, n);
        if (late[i])
            lx_place_record(lx, args[i], &r[i]);
        else
            v[i - from] = lx_arg(lx, args[i]);
    }
    for (int i = from; i < n; i++)
        if (late[i])
            v[i - from] = lx_addr_of(lx, lx_place_replay(lx, args[i], &r[i]), args[i]->loc);
    return v;
}

/* Finishes a call-like instruction: a result temp unless void. */
static IrOpd lx_finish(Lx *lx, IrIns *in, Type *ret)
{
    if (!ret || ret->kind == TY_VOID) {
        in->type = ret;
        return ir_none();
    }
    return lx_result(lx, in, ret);
}

static IrOpd lx_call_direct(Lx *lx, Expr *e)
{
    FnInst *fn = e->call.fn;
    IrOpd *args = lx_args(lx, e->call.args, 0, e->call.nargs);
    int site = ir_fn_has_site(fn) ? lx_site(lx, e->loc, NULL, IR_CALL) : -1;
    IrIns *in = ir_emit(lx->f, IR_CALL, e->loc);
    in->fn = fn;
    in->site = site;
    in->args = args;
    in->nargs = e->call.nargs;
    return lx_finish(lx, in, fn->ret);
}

static IrOpd lx_call_value(Lx *lx, Expr *e)
{
    IrOpd callee = lx_materialize(lx, lx_expr(lx, e->call.callee), e->loc);
    IrOpd *args = lx_args(lx, e->call.args, 0, e->call.nargs);
    int site = lx_site(lx, e->loc, NULL, IR_CALLV);   /* the check of a zero fn value */
    IrIns *in = ir_emit(lx->f, IR_CALLV, e->loc);
    in->site = site;
    in->a = callee;
    in->args = args;
    in->nargs = e->call.nargs;
    return lx_finish(lx, in, callee.type->ret);
}

/* A runtime call rt(args...) with a result of type ret (void: none). */
static IrOpd lx_rt(Lx *lx, Loc loc, const char *rt, Type *ret, int n, IrOpd *args)
{
    IrIns *in = ir_emit(lx->f, IR_RT, loc);
    in->rt = rt;
    in->args = args;
    in->nargs = n;
    return lx_finish(lx, in, ret);
}

static IrOpd lx_rt1(Lx *lx, Loc loc, const char *rt, Type *ret, IrOpd a)
{
    IrOpd *args = NEW_ARRAY(IrOpd, 1);
    args[0] = a;
    return lx_rt(lx, loc, rt, ret, 1, args);
}

static IrOpd lx_arg0(Lx *lx, Expr *e) { return lx_expr(lx, e->call.args[0]); }

/* ---- printing ---- */

static const char *lx_print_kind(Type *t)
{
    if (type_is_signed(t)) return "i64";
    if (type_is_int(t)) return "u64";
    if (t->kind == TY_F64) return "f64";
    if (t->kind == TY_BOOL) return "bool";
    return "str";
}

/* One piece of formatted output: value v (of any printable type) with
 * its packed spec into sink, the constant stream number of the runtime
 * (1 stdout, 2 stderr, 0 the format buffer). emit-c spells it
 * (cemit_fmt.c). */
static void lx_fmt_piece(Lx *lx, Loc loc, IrOpd sink, IrOpd v, uint64_t spec)
{
    IrOpd *args = NEW_ARRAY(IrOpd, 3);
    args[0] = sink;
    args[1] = v;
    args[2] = ir_int(lx_ty(TY_U64), spec);
    IrIns *in = ir_emit(lx->f, IR_PRIM, loc);
    in->aux = BI_P_FMT;
    in->args = args;
    in->nargs = 3;
    in->site = -1;
    lx_finish(lx, in, NULL);
}

static bool lx_print_scalar(Type *t)
{
    return type_is_num(t) || t->kind == TY_BOOL || t->kind == TY_STRING;
}

static IrOpd lx_print(Lx *lx, Expr *e, const char *stream, bool nl)
{
    int n = e->call.nargs;
    IrOpd *v = lx_args(lx, e->call.args, 0, n);
    IrOpd fd = ir_int(lx_ty(TY_I64), stream[0] == 'e' ? 2 : 1);
    for (int i = 0; i < n; i++) {
        if (i > 0)
            lx_rt(lx, e->loc, mem_printf(g_arena, "gs_%s_space", stream), NULL, 0, NULL);
        if (!lx_print_scalar(v[i].type)) {
            lx_fmt_piece(lx, e->loc, fd, v[i], 0);
            continue;
        }
        const char *k = lx_print_kind(v[i].type);
        lx_rt1(lx, e->loc, mem_printf(g_arena, "gs_%s_%s", stream, k), NULL, v[i]);
    }
    if (nl)
        lx_rt(lx, e->loc, mem_printf(g_arena, "gs_%s_nl", stream), NULL, 0, NULL);
    return ir_none();
}

/* printf and friends: every argument (the format's own operand unused),
 * then one piece per literal run or placeholder, in order. */
static void lx_fmt_pieces(Lx *lx, Expr *e, IrOpd sink, IrOpd *v)
{
    for (int i = 0; i < e->call.nfmt; i++) {
        const FmtPiece *f = &e->call.fmt[i];
        IrOpd x = f->arg >= 0 ? v[f->arg]
                : (IrOpd){ .kind = OPD_STR, .type = lx_ty(TY_STRING), .s = { f->lit, f->len } };
        lx_fmt_piece(lx, e->loc, sink, x, f->spec);
    }
}

static IrOpd lx_fmt_stream(Lx *lx, Expr *e, int fd)
{
    IrOpd *v = lx_args(lx, e->call.args, 0, e->call.nargs);
    lx_fmt_pieces(lx, e, ir_int(lx_ty(TY_I64), (uint64_t)fd), v);
    return ir_none();
}

static IrOpd bi_printf(Lx *lx, Expr *e) { return lx_fmt_stream(lx, e, 1); }
static IrOpd bi_eprintf(Lx *lx, Expr *e) { return lx_fmt_stream(lx, e, 2); }

static IrOpd bi_format(Lx *lx, Expr *e)
{
    lx_fmt_stream(lx, e, 0);
    return lx_rt(lx, e->loc, "gs_pf_take", e->type, 0, NULL);
}

/* The pieces go to the format buffer, then onto buf at once: an argument
 * that views buf's storage is read before buf can move. */
static IrOpd bi_format_into(Lx *lx, Expr *e)
{
    IrOpd *v = lx_args(lx, e->call.args, 0, e->call.nargs);
    lx_fmt_pieces(lx, e, ir_int(lx_ty(TY_I64), 0), v);
    if (e->call.args[0]->type->kind == TY_STRUCT) {   /* a strings.Builder */
        IrIns *in = ir_emit(lx->f, IR_PRIM, e->loc);
        in->aux = BI_P_FMT_BUILDER;
        in->args = v;
        in->nargs = 1;
        return lx_finish(lx, in, NULL);
    }
    return lx_rt1(lx, e->loc, "gs_pf_take_into", NULL, v[0]);
}

static IrOpd bi_print(Lx *lx, Expr *e) { return lx_print(lx, e, "print", false); }
static IrOpd bi_println(Lx *lx, Expr *e) { return lx_print(lx, e, "print", true); }
static IrOpd bi_eprintln(Lx *lx, Expr *e) { return lx_print(lx, e, "eprint", true); }

/* ---- simple runtime calls ---- */

static IrOpd bi_fmt_f64(Lx *lx, Expr *e)
{
    IrOpd *a = lx_args(lx, e->call.args, 0, 2);
    return lx_rt(lx, e->loc, "gs_fmt_f64", e->type, 2, a);
}

/* to_string(x) is format("{}", x): numbers through their own runtime
 * calls, anything else as a one-piece format. */
static IrOpd bi_to_string(Lx *lx, Expr *e)
{
    IrOpd a = lx_arg0(lx, e);
    if (!type_is_num(a.type)) {
        lx_fmt_piece(lx, e->loc, ir_int(lx_ty(TY_I64), 0), a, 0);
        return lx_rt(lx, e->loc, "gs_pf_take", e->type, 0, NULL);
    }
    const char *rt = a.type->kind == TY_F64 ? "gs_to_string_f64"
                   : type_is_signed(a.type) ? "gs_to_string_i64" : "gs_to_string_u64";
    return lx_rt1(lx, e->loc, rt, e->type, a);
}

static IrOpd bi_parse_int(Lx *lx, Expr *e) { return lx_rt1(lx, e->loc, "gs_parse_int", e->type, lx_arg0(lx, e)); }
static IrOpd bi_args(Lx *lx, Expr *e) { return lx_rt(lx, e->loc, "gs_args", e->type, 0, NULL); }
static IrOpd bi_clock_ns(Lx *lx, Expr *e) { return lx_rt(lx, e->loc, "gs_clock_ns", e->type, 0, NULL); }
static IrOpd bi_exit(Lx *lx, Expr *e) { return lx_rt1(lx, e->loc, "gs_exit", NULL, lx_arg0(lx, e)); }
static IrOpd bi_parse_f64(Lx *lx, Expr *e) { return lx_rt1(lx, e->loc, "gs_parse_f64", e->type, lx_arg0(lx, e)); }
static IrOpd bi_read_file(Lx *lx, Expr *e) { return lx_rt1(lx, e->loc, "gs_read_file", e->type, lx_arg0(lx, e)); }
static IrOpd bi_from_bytes(Lx *lx, Expr *e) { return lx_rt1(lx, e->loc, "gs_from_bytes", e->type, lx_arg0(lx, e)); }
static IrOpd bi_bytes(Lx *lx, Expr *e) { return lx_rt1(lx, e->loc, "gs_str_bytes", e->type, lx_arg0(lx, e)); }

/* hash(x), and the map module's __map_hash(k): hash(k) for an integer, but
 * a string has the map's own (goose_rt.h: gs_map_hash_str), which hash's
 * fixed XXH64 need not bind. */
static IrOpd bi_hash(Lx *lx, Expr *e)
{
    IrOpd a = lx_arg0(lx, e);
    const char *str = e->call.builtin == BI_P_MAP_HASH ? "gs_map_hash_str" : "gs_hash_str";
    return lx_rt1(lx, e->loc, a.type->kind == TY_STRING ? str : "gs_hash_u64", e->type, a);
}

static IrOpd lx_sited(Lx *lx, Expr *e, IrOp op, IrOpd a, const char *what)
{
    int site = lx_site(lx, e->loc, what, op);
    IrIns *in = ir_emit(lx->f, op, e->loc);
    in->a = a;
    in->site = site;
    return ir_none();
}

static IrOpd bi_panic(Lx *lx, Expr *e) { return lx_sited(lx, e, IR_PANIC, lx_arg0(lx, e), NULL); }
/* In a rechecked `for x in xs` (lower_stmt.c), deleting a slice that may
 * be xs (or hold it) also empties it, so the loop stops at its index check
 * instead of reading the storage given back. */
static bool lx_in_rechecked_loop(Lx *lx, Expr *a)
{
    for (LxEachRoot *l = lx->each_roots; l; l = l->up)
        if (lx_places_may_overlap(a, l->seq))
            return true;
    return false;
}

static IrOpd bi_delete(Lx *lx, Expr *e)
{
    Expr *a = e->call.args[0];
    bool seq = a->type->kind == TY_SLICE || a->type->kind == TY_STRING;
    if (!seq || !a->is_place || !lx_in_rechecked_loop(lx, a))
        return lx_sited(lx, e, IR_DELETE, lx_arg0(lx, e), NULL);
    IrPlace *p = lx_place(lx, a);
    lx_sited(lx, e, IR_DELETE, lx_load(lx, p, e->loc), NULL);
    IrIns *st = ir_emit(lx->f, IR_STORE, e->loc);
    st->place = p;
    st->a = ir_zero(a->type);
    return ir_none();
}

/* ---- numeric builtins, written with IR selects ---- */

static IrOpd lx_select(Lx *lx, Loc loc, IrOpd c, IrOpd a, IrOpd b, Type *t)
{
    IrIns *in = ir_emit(lx->f, IR_SELECT, loc);
    in->a = c;
    in->b = a;
    in->c = b;
    return lx_result(lx, in, t);
}

static IrOpd lx_bin(Lx *lx, Expr *e, BinOp op, IrOpd a, IrOpd b, Type *t)
{
    return lx_binop(lx, e, op, a, b, t);
}

static IrOpd bi_abs(Lx *lx, Expr *e)
{
    IrOpd a = lx_materialize(lx, lx_arg0(lx, e), e->loc);
    Type *b = lx_ty(TY_BOOL);
    if (a.type->kind == TY_F64) {   /* a <= 0 ? 0 - a : a, so abs(-0.0) is 0 */
        IrOpd z = { .kind = OPD_F64, .type = a.type, .f = 0.0 };
        IrOpd c = lx_bin(lx, e, BIN_LE, a, z, b);
        return lx_select(lx, e->loc, c, lx_bin(lx, e, BIN_SUB, z, a, a.type), a, a.type);
    }
    if (!type_is_signed(a.type))
        return a;
    IrOpd z = ir_int(a.type, 0);
    IrOpd c = lx_bin(lx, e, BIN_LT, a, z, b);
    return lx_select(lx, e->loc, c, lx_bin(lx, e, BIN_SUB, z, a, a.type), a, a.type);
}

/* Integers: one select. f64: the runtime's gs_min_f64 / gs_max_f64, which
 * order NaN and -0 as Go does whichever argument holds them. */
static IrOpd lx_minmax(Lx *lx, Expr *e, BinOp op)
{
    IrOpd *v = lx_args(lx, e->call.args, 0, 2);
    if (e->type->kind == TY_F64)
        return lx_rt(lx, e->loc, op == BIN_LT ? "gs_min_f64" : "gs_max_f64", e->type, 2, v);
    IrOpd c = lx_bin(lx, e, op, v[0], v[1], lx_ty(TY_BOOL));
    return lx_select(lx, e->loc, c, v[0], v[1], e->type);
}

static IrOpd bi_min(Lx *lx, Expr *e) { return lx_minmax(lx, e, BIN_LT); }
static IrOpd bi_max(Lx *lx, Expr *e) { return lx_minmax(lx, e, BIN_GT); }

/* ---- slices ---- */

static IrOpd bi_make(Lx *lx, Expr *e)
{
    IrOpd len = lx_expr(lx, e->call.args[0]);
    IrOpd cap = e->call.nargs > 1 ? lx_expr(lx, e->call.args[1]) : len;
    int site = lx_site(lx, e->loc, NULL, IR_MAKE);
    IrIns *in = ir_emit(lx->f, IR_MAKE, e->loc);
    in->a = len;
    in->b = cap;
    in->site = site;
    return lx_result(lx, in, e->call.type_arg ? e->call.type_arg : e->type);
}

static IrPlace *lx_recv_place(Lx *lx, Expr *e)
{
    return lx_place(lx, e->call.args[0]);
}

static IrOpd bi_push(Lx *lx, Expr *e)
{
    Expr *recv = e->call.args[0];
    LxReplay r;
    bool moves = lx_expr_may_move(lx, recv, e->call.args[1]);
    IrPlace *p = moves ? lx_place_record(lx, recv, &r) : lx_recv_place(lx, e);
    IrOpd v = lx_expr(lx, e->call.args[1]);
    if (moves)
        p = lx_place_replay(lx, recv, &r);
    int site = lx_site(lx, e->loc, NULL, IR_PUSH);     /* "push moved" under a live ref */
    IrIns *in = ir_emit(lx->f, IR_PUSH, e->loc);
    in->place = p;
    in->a = v;
    in->site = site;
    return ir_none();
}

static IrOpd bi_pop(Lx *lx, Expr *e)
{
    IrPlace *p = lx_recv_place(lx, e);
    IrOpd len = lx_load(lx, ir_place_proj(p, PJ_LEN, 0, ir_none(), lx_ty(TY_I64)), e->loc);
    lx_check(lx, IR_CHECK_POP, e->loc, len, ir_none(), ir_none());
    IrIns *in = ir_emit(lx->f, IR_POP, e->loc);
    in->place = p;
    return lx_result(lx, in, e->type);
}

static IrOpd bi_clear(Lx *lx, Expr *e)
{
    IrPlace *p = lx_recv_place(lx, e);
    IrIns *in = ir_emit(lx->f, IR_CLEAR, e->loc);
    in->place = p;
    return ir_none();
}

/* A slice value, or the address of a fixed array (its storage). */
static IrOpd lx_storage(Lx *lx, Expr *a)
{
    if (a->type->kind != TY_ARRAY)
        return lx_expr(lx, a);
    IrPlace *p = lx_place(lx, a);
    IrIns *in = ir_emit(lx->f, IR_ADDR, a->loc);
    in->place = p;
    return lx_result(lx, in, types_ref(a->type));
}

static IrOpd lx_storage_len(Lx *lx, IrOpd s, Loc loc)
{
    if (s.type->kind == TY_REF)
        return ir_int(lx_ty(TY_I64), (uint64_t)s.type->elem->len);
    return lx_len_of(lx, s, loc);
}

/* copy_into's destination when the source may move its storage (a call
 * that grows the slice it is, or is an element of, or is a sub-slice of):
 * evaluated first with its checks, then rebuilt from the same operands
 * after the source (headers reloaded, checks again), so the copy never
 * writes into storage given back. */
typedef struct LxDst {
    Expr *place;        /* the place rebuilt: dst, or the base of dst[lo:hi] */
    LxReplay r;
    IrOpd lo, hi;       /* dst[lo:hi]: its bounds, evaluated once */
} LxDst;

static Expr *lx_dst_place(Lx *lx, Expr *dst, Expr *src)
{
    Expr *d = lx_view_base(dst);
    if (d->type->kind == TY_ARRAY)
        return lx_expr_may_move(lx, d, src) ? d : NULL;
    return d->type->kind == TY_SLICE && lx_expr_may_change(lx, d, src) ? d : NULL;
}

static IrOpd lx_dst_build(Lx *lx, Expr *dst, LxDst *k, IrPlace *p)
{
    Expr *d = lx_unparen(dst);
    if (d->type->kind == TY_ARRAY)
        return lx_addr_of(lx, p, d->loc);
    IrOpd v = lx_load(lx, p, d->loc);
    return d->kind == EX_SLICE ? lx_slice_of(lx, d, v, k->lo, k->hi) : v;
}

static IrOpd lx_dst_first(Lx *lx, Expr *dst, LxDst *k)
{
    Expr *d = lx_unparen(dst);
    IrPlace *p = lx_place_record(lx, k->place, &k->r);
    if (d->kind == EX_SLICE) {
        Type *i64 = lx_ty(TY_I64);
        k->lo = d->slice.lo ? lx_snapshot(lx, lx_expr(lx, d->slice.lo), d->loc) : ir_int(i64, 0);
        k->hi = d->slice.hi ? lx_snapshot(lx, lx_expr(lx, d->slice.hi), d->loc) : ir_none();
    }
    return lx_dst_build(lx, dst, k, p);
}

static IrOpd lx_dst_again(Lx *lx, Expr *dst, LxDst *k)
{
    return lx_dst_build(lx, dst, k, lx_place_replay(lx, k->place, &k->r));
}

static IrOpd lx_copy(Lx *lx, Expr *e, bool move)
{
    LxDst k = { .place = lx_dst_place(lx, e->call.args[0], e->call.args[1]) };
    IrOpd dst = k.place ? lx_dst_first(lx, e->call.args[0], &k) : lx_storage(lx, e->call.args[0]);
    IrOpd src = lx_storage(lx, e->call.args[1]);
    if (k.place)
        dst = lx_dst_again(lx, e->call.args[0], &k);
    IrOpd dl = lx_storage_len(lx, dst, e->loc);
    IrOpd sl = lx_storage_len(lx, src, e->loc);
    int site = lx_site(lx, e->loc, move ? "move_from" : "copy_into", IR_CHECK_LEN);
    IrIns *ck = ir_emit(lx->f, IR_CHECK_LEN, e->loc);
    ck->a = dl;
    ck->b = sl;
    ck->site = site;
    IrIns *in = ir_emit(lx->f, IR_COPY, e->loc);
    in->a = dst;
    in->b = src;
    in->c = dl;
    in->aux = move;
    return ir_none();
}

static IrOpd bi_copy_into(Lx *lx, Expr *e) { return lx_copy(lx, e, false); }
static IrOpd bi_move_from(Lx *lx, Expr *e) { return lx_copy(lx, e, true); }

static IrOpd bi_defaults(Lx *lx, Expr *e)
{
    IrOpd s = lx_storage(lx, e->call.args[0]);
    IrIns *in = ir_emit(lx->f, IR_ZEROFILL, e->loc);
    in->a = s;
    return ir_none();
}

/* ---- optionals ---- */

static IrPlace *lx_opt_place(Lx *lx, Expr *e)
{
    IrOpd o = lx_materialize(lx, lx_arg0(lx, e), e->loc);
    return ir_place_root(o, o.type);
}

static IrOpd lx_opt_has(Lx *lx, IrPlace *p, Loc loc)
{
    return lx_load(lx, ir_place_proj(p, PJ_HAS, 0, ir_none(), lx_ty(TY_BOOL)), loc);
}

static IrOpd lx_opt_val(Lx *lx, IrPlace *p, Loc loc)
{
    return lx_load(lx, ir_place_proj(p, PJ_VAL, 0, ir_none(), p->type->elem), loc);
}

static IrOpd bi_is_some(Lx *lx, Expr *e) { return lx_opt_has(lx, lx_opt_place(lx, e), e->loc); }

static IrOpd bi_unwrap(Lx *lx, Expr *e)
{
    IrPlace *p = lx_opt_place(lx, e);
    lx_check(lx, IR_CHECK_UNWRAP, e->loc, lx_opt_has(lx, p, e->loc), ir_none(), ir_none());
    return lx_opt_val(lx, p, e->loc);
}

static IrOpd bi_or(Lx *lx, Expr *e)
{
    IrPlace *p = lx_opt_place(lx, e);
    IrOpd dflt = lx_expr(lx, e->call.args[1]);
    IrOpd has = lx_opt_has(lx, p, e->loc);
    IrOpd val = lx_opt_val(lx, p, e->loc);
    return lx_select(lx, e->loc, has, val, dflt, e->type);
}

/* ---- builtin pools and library primitives: IR_PRIM (emit-c spells them) ---- */

static IrOpd lx_prim(Lx *lx, Expr *e, IrOpd *args, int n, Type *ret)
{
    int site = lx_site(lx, e->loc, NULL, IR_PRIM);
    IrIns *in = ir_emit(lx->f, IR_PRIM, e->loc);
    in->aux = e->call.builtin;
    in->args = args;
    in->nargs = n;
    in->site = site;
    return lx_finish(lx, in, ret);
}

static IrOpd lx_place_addr(Lx *lx, IrPlace *p, Loc loc)
{
    IrIns *in = ir_emit(lx->f, IR_ADDR, loc);
    in->place = p;
    return lx_result(lx, in, types_ref(p->type));
}

/* r.alloc(v): the slot's index, then the value is stored in the slot;
 * s.alloc(n): the new span. Receiver place first, then the argument. */
static IrOpd bi_pool_alloc(Lx *lx, Expr *e)
{
    IrPlace *p = lx_recv_place(lx, e);
    IrOpd *args = NEW_ARRAY(IrOpd, 2);
    args[0] = lx_place_addr(lx, p, e->loc);
    IrOpd v = lx_expr(lx, e->call.args[1]);
    if (p->type->kind == TY_REUSABLE_SLICE) {
        args[1] = v;
        return lx_prim(lx, e, args, 2, e->type);
    }
    IrOpd i = lx_prim(lx, e, args, 1, e->type);
    IrIns *st = ir_emit(lx->f, IR_STORE, e->loc);
    st->place = ir_place_proj(p, PJ_SINDEX, 0, i, p->type->elem);
    st->a = v;
    return i;
}

/* Every argument in order; a by-reference one as its address. */
static IrOpd bi_primitive(Lx *lx, Expr *e)
{
    IrOpd *args = lx_args(lx, e->call.args, 0, e->call.nargs);
    return lx_prim(lx, e, args, e->call.nargs, e->type);
}

/* __own(x): a copy of a string that owns its bytes; any other value as is.
 * __drop(x): deletes such a copy; nothing for any other value. */
static IrOpd bi_own(Lx *lx, Expr *e)
{
    IrOpd a = lx_arg0(lx, e);
    if (a.type->kind != TY_STRING)
        return a;
    IrOpd *args = NEW_ARRAY(IrOpd, 2);
    args[0] = a;
    args[1] = ir_zero(a.type);
    return lx_rt(lx, e->loc, "gs_str_concat", e->type, 2, args);
}

static IrOpd bi_drop(Lx *lx, Expr *e)
{
    IrOpd a = lx_arg0(lx, e);
    return a.type->kind == TY_STRING ? lx_sited(lx, e, IR_DELETE, a, NULL) : ir_none();
}


typedef IrOpd (*LxBuiltin)(Lx *, Expr *);

static const LxBuiltin lx_builtins[BI__COUNT] = {
    [BI_PRINT] = bi_print, [BI_PRINTLN] = bi_println, [BI_EPRINTLN] = bi_eprintln,
    [BI_FMT_F64] = bi_fmt_f64, [BI_TO_STRING] = bi_to_string, [BI_PARSE_INT] = bi_parse_int,
    [BI_ARGS] = bi_args, [BI_CLOCK_NS] = bi_clock_ns, [BI_EXIT] = bi_exit,
    [BI_PRINTF] = bi_printf, [BI_EPRINTF] = bi_eprintf, [BI_FORMAT] = bi_format,
    [BI_FORMAT_INTO] = bi_format_into, [BI_PARSE_F64] = bi_parse_f64,
    [BI_PANIC] = bi_panic, [BI_ABS] = bi_abs, [BI_MIN] = bi_min, [BI_MAX] = bi_max,
    [BI_READ_FILE] = bi_read_file, [BI_HASH] = bi_hash, [BI_MAKE] = bi_make,
    [BI_DELETE] = bi_delete, [BI_COPY_INTO] = bi_copy_into, [BI_MOVE_FROM] = bi_move_from,
    [BI_DEFAULTS] = bi_defaults, [BI_FROM_BYTES] = bi_from_bytes,
    [BI_PUSH] = bi_push, [BI_POP] = bi_pop, [BI_CLEAR] = bi_clear, [BI_BYTES] = bi_bytes,
    [BI_IS_SOME] = bi_is_some, [BI_UNWRAP] = bi_unwrap, [BI_OR] = bi_or,
    [BI_R_ALLOC] = bi_pool_alloc, [BI_R_FREE] = bi_primitive,
    [BI_P_FAIL] = bi_primitive, [BI_P_GROW_STABLE] = bi_primitive, [BI_P_REF_INDEX] = bi_primitive,
    [BI_P_SPAN_FIND] = bi_primitive, [BI_P_SPAN_RESIZE] = bi_primitive, [BI_P_SPAN_AT] = bi_primitive,
    [BI_P_OWN] = bi_own, [BI_P_DROP] = bi_drop, [BI_P_MAP_HASH] = bi_hash,
    [BI_P_PARALLEL] = bi_primitive,
    [BI_P_ATOMIC_LOAD] = bi_primitive, [BI_P_ATOMIC_STORE] = bi_primitive, [BI_P_ATOMIC_ADD] = bi_primitive,
    [BI_P_ATOMIC_CAS] = bi_primitive, [BI_P_MUTEX_LOCK] = bi_primitive, [BI_P_MUTEX_UNLOCK] = bi_primitive,
#define RTP_LOWER(id, s, sig, c) [BI_##id] = bi_primitive,
    GS_RT_PRIMS(RTP_LOWER)
#undef RTP_LOWER
};

IrOpd lx_call(Lx *lx, Expr *e)
{
    switch (e->call.kind) {
    case CALL_DIRECT:
        return lx_call_direct(lx, e);
    case CALL_VALUE:
        return lx_call_value(lx, e);
    case CALL_BUILTIN: {
        BuiltinId b = e->call.builtin;
        LxBuiltin f = b > BI_NONE && b < BI__COUNT ? lx_builtins[b] : NULL;
        if (!f)
            fatal_internal("lowering: builtin %d has no lowering (%d:%d)", (int)b, e->loc.line, e->loc.col);
        return f(lx, e);
    }
    default:
        fatal_internal("lowering: unresolved call at %d:%d", e->loc.line, e->loc.col);
    }
}
