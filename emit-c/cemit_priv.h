/* cemit_priv.h — what the C emitter's files share (prefix cm_): the state
 * of one emission and the helpers that spell types, operands and places.
 * Private to emit-c/. Not for: semantics (the IR already made every check
 * and every evaluation order explicit). */
#ifndef GOOSE_CEMIT_PRIV_H
#define GOOSE_CEMIT_PRIV_H

#include "cemit.h"
#include "ir.h"

/* The gs_fail_* a check reaches (cemit_abort.c); an _U kind follows its
 * signed twin. */
typedef enum CmFailKind {
    CF_INDEX, CF_INDEX_U, CF_SLICE_END, CF_SLICE_END_U, CF_SLICE_START, CF_SLICE_START_U,
    CF_DIV_ZERO, CF_DIV_OVF, CF_SHIFT, CF_SHIFT_U, CF_F2I, CF_UNWRAP, CF_POP, CF_ASSERT, CF_LEN,
    CM_NFAIL
} CmFailKind;

typedef struct Cm {
    StrBuf *out;
    const IrProgram *ir;
    const CemitOptions *o;
    /* types: C names cached by Type.id, and the emission order */
    const char **tname;
    int ntname;
    Type **types;
    int ntypes, cap_types;
    uint8_t *type_state;    /* by Type.id: CM_TYPE_NEW, _WALKING, _PLACED */
    int cap_state;
    Vec type_pending;       /* to place after the current walk */
    /* the function being emitted */
    const IrFunc *f;
    int *temp_defs, *temp_uses;
    int *site_num;          /* local site -> global number, -1 unused */
    bool *inline_temp;      /* -O1+: folded into its single use */
    const char **inl;       /* the folded C expression of such a temp */
    const char **inl_raw;   /* the same without its outer parentheses */
    bool *inl_lval;         /* that expression is an lvalue (cm_copy_small) */
    int *local_reads;       /* by Local.id of the function's own locals */
    int nlocal_ids;
    int nsites;             /* sites numbered so far (program-wide) */
    int depth;
    Loc line_loc;           /* debug_lines: the Goose line of what is emitted now */
    bool uses_pools;        /* a pool type or primitive: include gs_pool.h */
    bool abort_share[CM_NFAIL];  /* -O2: this kind's checks jump to one block */
    int abort_gotos[CM_NFAIL];   /* jumps emitted so far, by kind */
    PtrSet byptr;           /* -O2: parameters passed by const pointer (cemit_byptr.c) */
    uint8_t *sw_role;       /* per instruction: its part of a switch (cemit_switch.c) */
    int *sw_next;           /* CM_SW_CASE: the IF whose cases follow; CM_SW_BREAK: its loop */
    Vec fmt_types;          /* composite types with a debug printer (cemit_fmt.c) */
    int *fold_to;           /* by function index: the function it is folded into, or itself */
} Cm;

/* An instruction's part in a match emitted as a C switch. */
enum { CM_SW_NONE, CM_SW_HEAD, CM_SW_LINK, CM_SW_CASE, CM_SW_DEFAULT, CM_SW_END, CM_SW_SKIP,
       CM_SW_BREAK, CM_SW_LABEL };

/* cemit_types.c */
const char *cm_ctype(Cm *cm, Type *t);
const char *cm_enumerator(Cm *cm, Type *t, int v);
void cm_need_type(Cm *cm, Type *t);
void cm_collect_types(Cm *cm);
void cm_emit_types(Cm *cm);
bool cm_is_void(const Type *t);
const char *cm_field_name(const char *name);
const char *cm_uint_of(const Type *t);
int cm_width(const Type *t);
bool cm_csize(const Type *t, int64_t *size, int64_t *align);

/* cemit_abort.c */
int cm_fail_kinds(const IrIns *in, CmFailKind out[2]);
void cm_abort_plan(Cm *cm, const IrFunc *f);
void cm_fail(Cm *cm, const char *cond, CmFailKind k, const char *site, const char *a, const char *b);
const char *cm_fail_stmt(Cm *cm, CmFailKind k, const char *site, const char *a, const char *b);
void cm_abort_decls(Cm *cm);
void cm_abort_blocks(Cm *cm, bool needs_return, const char *zero);

/* cemit_switch.c */
void cm_plan_switches(Cm *cm, const IrFunc *f);
bool cm_switch_reads_test(const Cm *cm, const IrFunc *f, const IrIns *in);
bool cm_switch_control(Cm *cm, const IrIns *in);

/* cemit_byptr.c */
void cm_byptr_plan(Cm *cm);
bool cm_byptr_param(const Cm *cm, const Local *l);
bool cm_byptr_arg(const Cm *cm, const IrIns *in, int k);
void cm_byptr_pinned(const Cm *cm, const IrFunc *f, bool *pinned);
const char *cm_byptr_spell(const Cm *cm, const IrOpd *o);
bool cm_view(const Cm *cm, const Local *l);
void cm_view_folded(const Cm *cm, const IrFunc *f, bool *fold);
bool cm_view_temp(const Cm *cm, int t);
void cm_view_temps_pinned(const Cm *cm, const IrFunc *f, bool *pinned);

/* cemit_fmt.c */
void cm_fmt_plan(Cm *cm);
void cm_fmt_emit(Cm *cm);
const char *cm_fmt_spell(Cm *cm, const IrIns *in);

/* cemit_fold.c */
void cm_fold_plan(Cm *cm, const StrBuf *fns, const size_t *start, const size_t *end, int **nums);
bool cm_fold_gone(const Cm *cm, int i);
void cm_fold_write(Cm *cm, const StrBuf *fns, const size_t *start, const size_t *end, StrBuf *out);

/* cemit_debug.c (goose -g) */
void cm_line_at(Cm *cm, Loc loc);
void cm_line_mark(Cm *cm);
Loc cm_fn_loc(const FnInst *fn);
const char *cm_hide(const Cm *cm, const char *ctype);
void cm_debug_prelude(Cm *cm);
void cm_debug_names(Cm *cm, const IrFunc *f, size_t start);
const char *cm_env_field(const Cm *cm, const IrFunc *closure, const Local *l);

/* cemit_ins.c */
void cm_opd(Cm *cm, StrBuf *b, const IrOpd *o);
const char *cm_cond(Cm *cm, const IrOpd *o);
void cm_slice_parts(const IrIns *in, bool *end, bool *start);
void cm_zero(Cm *cm, StrBuf *b, Type *t);
void cm_emit_body(Cm *cm);
const char *cm_local_name(const Local *l);
void cm_void_unread(Cm *cm, const Local *l);
const char *cm_site_ref(Cm *cm, int site);
bool cm_site_is_param(const Cm *cm, int site);
bool cm_prim_uses_site(const IrIns *in);
void cm_line(Cm *cm, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void cm_c_string(StrBuf *b, const char *s, int64_t n);

#endif
