/* check_match.c — the `match` statement: patterns against the subject's
 * type, bindings (copies, or references with `match ref`), arms that can
 * never match, and exhaustiveness.
 *
 * Coverage is tracked per kind of subject: an enum's variants, an
 * optional's some/none, a bool's two values, the integer intervals covered
 * (kept in an unsigned order where a signed type's values are offset by
 * 2^63, so one comparison orders both kinds), and the string literals seen.
 * A `_` covers everything left. An alternative that adds nothing to what
 * the arms before it cover can never match: an error.
 * Not for: lowering (lower/lower_match.c). */
#include "check.h"

#include <string.h>

typedef enum MkKind { MK_ENUM, MK_OPT, MK_BOOL, MK_INT, MK_STRING } MkKind;

typedef struct Iv { uint64_t lo, hi; } Iv;

typedef struct Mk {
    MkKind kind;
    Type *t;            /* the subject's type */
    StructInst *en;     /* MK_ENUM */
    bool *seen;         /* MK_ENUM per variant; MK_OPT [some, none]; MK_BOOL [false, true] */
    int nseen;
    Iv *ivs;            /* MK_INT: covered intervals (keys) */
    int nivs, cap;
    Vec strs;           /* MK_STRING: Expr* literals seen */
    bool all;           /* everything is covered */
} Mk;

static uint64_t mk_key(const Mk *m, uint64_t v)
{
    return type_is_signed(m->t) ? v ^ ((uint64_t)1 << 63) : v;
}

static uint64_t mk_int_max_key(const Mk *m)
{
    int w = m->t->kind == TY_I8 || m->t->kind == TY_U8 ? 8 : m->t->kind == TY_I16 || m->t->kind == TY_U16 ? 16
          : m->t->kind == TY_I32 || m->t->kind == TY_U32 ? 32 : 64;
    if (!type_is_signed(m->t))
        return w == 64 ? UINT64_MAX : ((uint64_t)1 << w) - 1;
    return ((uint64_t)1 << 63) + (w == 64 ? ((uint64_t)1 << 63) - 1 : ((uint64_t)1 << (w - 1)) - 1);
}

static uint64_t mk_int_min_key(const Mk *m)
{
    int w = m->t->kind == TY_I8 ? 8 : m->t->kind == TY_I16 ? 16 : m->t->kind == TY_I32 ? 32 : 64;
    if (!type_is_signed(m->t))
        return 0;
    return ((uint64_t)1 << 63) - (w == 64 ? ((uint64_t)1 << 63) : ((uint64_t)1 << (w - 1)));
}

/* Whether [lo, hi] (keys) is inside what the intervals cover. */
static bool mk_covered(const Mk *m, uint64_t lo, uint64_t hi)
{
    for (;;) {
        bool moved = false;
        for (int i = 0; i < m->nivs; i++)
            if (m->ivs[i].lo <= lo && lo <= m->ivs[i].hi) {
                if (m->ivs[i].hi >= hi)
                    return true;
                lo = m->ivs[i].hi + 1;
                moved = true;
            }
        if (!moved)
            return false;
    }
}

static void mk_add_iv(Mk *m, uint64_t lo, uint64_t hi)
{
    if (m->nivs == m->cap) {
        int n = m->cap ? m->cap * 2 : 8;
        Iv *nn = NEW_ARRAY(Iv, n);
        if (m->nivs)
            memcpy(nn, m->ivs, sizeof(Iv) * (size_t)m->nivs);
        m->ivs = nn, m->cap = n;
    }
    m->ivs[m->nivs++] = (Iv){ lo, hi };
    m->all = mk_covered(m, mk_int_min_key(m), mk_int_max_key(m));
}

static bool mk_seen_all(Mk *m)
{
    for (int i = 0; i < m->nseen; i++)
        if (!m->seen[i])
            return false;
    return true;
}

static bool mk_setup(Mk *m, Type *t, Loc loc)
{
    memset(m, 0, sizeof *m);
    m->t = t;
    if (type_is_enum(t)) {
        if (!ck_struct_complete(t->st))
            return false;
        m->kind = MK_ENUM, m->en = t->st, m->nseen = t->st->nvariants;
    } else if (t->kind == TY_OPTIONAL) {
        m->kind = MK_OPT, m->nseen = 2;
    } else if (t->kind == TY_BOOL) {
        m->kind = MK_BOOL, m->nseen = 2;
    } else if (type_is_int(t)) {
        m->kind = MK_INT;
    } else if (t->kind == TY_STRING) {
        m->kind = MK_STRING;
    } else {
        ck_error(loc, "cannot match on a value of type %s", types_spell(t));
        return false;
    }
    m->seen = NEW_ARRAY(bool, m->nseen + 1);
    memset(m->seen, 0, (size_t)m->nseen + 1);
    return true;
}

static const char *mk_kind_word(const Mk *m)
{
    switch (m->kind) {
    case MK_ENUM: return "a variant of an enum";
    case MK_OPT: return "some(x) or none";
    case MK_BOOL: return "true or false";
    case MK_INT: return "an integer literal or range";
    default: return "a string literal";
    }
}

static bool mk_wrong(const Mk *m, const Pattern *p)
{
    ck_error(p->loc, "this pattern cannot match a value of type %s (expected %s)", types_spell(m->t),
             mk_kind_word(m));
    return false;
}

/* ---- one alternative: check it, mark what it covers; false when it
 * adds nothing (an error was reported) or is wrong ---- */

static bool mk_set(Mk *m, int i, const Pattern *p)
{
    if (m->seen[i] || m->all) {
        ck_error(p->loc, "this pattern can never match: the arms before it cover its values");
        return false;
    }
    m->seen[i] = true;
    m->all = mk_seen_all(m);
    return true;
}

static bool mk_int_bound(Mk *m, Expr **slot, uint64_t *out)
{
    Type *t = ck_value(slot, m->t);
    Expr *e = ck_strip(*slot);
    if (ck_is_err(t) || (e->kind != EX_INT && e->kind != EX_CHAR)) {
        if (!ck_is_err(t))
            ck_error((*slot)->loc, "a pattern bound must be a literal");
        return false;
    }
    *out = e->i.value;
    return true;
}

static bool mk_int_pattern(Mk *m, Pattern *p)
{
    uint64_t lo, hi;
    if (!mk_int_bound(m, &p->lo, &lo))
        return false;
    hi = lo;
    if (p->kind == PAT_RANGE && !mk_int_bound(m, &p->hi, &hi))
        return false;
    uint64_t klo = mk_key(m, lo), khi = mk_key(m, hi);
    if (p->kind == PAT_RANGE && !p->inclusive) {
        if (khi <= klo) {
            ck_error(p->loc, "empty range in a pattern");
            return false;
        }
        khi--;
        hi--;
    }
    if (khi < klo) {
        ck_error(p->loc, "empty range in a pattern");
        return false;
    }
    p->lo_v = lo, p->hi_v = hi;
    if (m->all || mk_covered(m, klo, khi)) {
        ck_error(p->loc, "this pattern can never match: the arms before it cover its values");
        return false;
    }
    mk_add_iv(m, klo, khi);
    return true;
}

static bool mk_str_pattern(Mk *m, Pattern *p)
{
    Type *t = ck_value(&p->lo, m->t);
    Expr *e = ck_strip(p->lo);
    if (ck_is_err(t))
        return false;
    if (e->kind != EX_STRING || p->kind != PAT_VALUE) {
        ck_error(p->loc, "a string pattern must be a string literal");
        return false;
    }
    for (int i = 0; i < m->strs.len; i++) {
        Expr *o = VEC_AT(m->strs, Expr *, i);
        if (o->str.len == e->str.len && memcmp(o->str.bytes, e->str.bytes, (size_t)e->str.len) == 0) {
            ck_error(p->loc, "this pattern can never match: the arms before it cover its values");
            return false;
        }
    }
    vec_push(&m->strs, e);
    return true;
}

static bool mk_value_pattern(Mk *m, Pattern *p)
{
    switch (m->kind) {
    case MK_INT: return mk_int_pattern(m, p);
    case MK_STRING: return mk_str_pattern(m, p);
    case MK_BOOL: {
        Type *t = ck_value(&p->lo, m->t);
        Expr *e = ck_strip(p->lo);
        if (ck_is_err(t) || p->kind != PAT_VALUE || e->kind != EX_BOOL)
            return ck_is_err(t) ? false : mk_wrong(m, p);
        return mk_set(m, e->b.value, p);
    }
    default: return mk_wrong(m, p);
    }
}

static bool mk_variant_pattern(Mk *m, Pattern *p)
{
    if (m->kind != MK_ENUM)
        return mk_wrong(m, p);
    int v = ck_variant_index(m->en, p->name);
    XREF(xref_variant_at(p->loc, m->en, v));
    if (v < 0) {
        ck_error(p->loc, "enum %s has no variant %s%s", m->en->name, p->name, ck_suggest_variant(m->en, p->name));
        return false;
    }
    p->variant = v;
    StructInst *pl = m->en->variants[v].payload;
    int want = pl ? pl->nfields : 0;
    if (p->has_parens && p->nbinds != want) {
        ck_error(p->loc, "variant %s has %d payload field%s, the pattern binds %d", p->name, want,
                 want == 1 ? "" : "s", p->nbinds);
        return false;
    }
    return mk_set(m, v, p);
}

static bool mk_pattern(Mk *m, Pattern *p)
{
    switch (p->kind) {
    case PAT_WILD:
        if (m->all) {
            ck_error(p->loc, "this pattern can never match: the arms before it cover every value");
            return false;
        }
        m->all = true;
        return true;
    case PAT_VALUE: case PAT_RANGE: return mk_value_pattern(m, p);
    case PAT_VARIANT: return mk_variant_pattern(m, p);
    case PAT_SOME:
        if (m->kind != MK_OPT)
            return mk_wrong(m, p);
        if (p->nbinds != 1) {
            ck_error(p->loc, "some(...) binds exactly one name (or _)");
            mk_set(m, 0, p);
            return false;
        }
        return mk_set(m, 0, p);
    case PAT_NONE:
        if (m->kind != MK_OPT)
            return mk_wrong(m, p);
        return mk_set(m, 1, p);
    }
    return false;
}

/* ---- bindings ---- */

static Type *mk_bind_type(const Mk *m, const Pattern *p, int i)
{
    if (p->kind == PAT_SOME)
        return m->t->elem;
    return m->en->variants[p->variant].payload->fields[i].type;
}

static void mk_bind(Stmt *s, const Mk *m, Pattern *p)
{
    p->locals = NEW_ARRAY(Local *, p->nbinds + 1);
    Expr *subj = s->match.subject;
    for (int i = 0; i < p->nbinds; i++) {
        p->locals[i] = NULL;
        if (strcmp(p->binds[i], "_") == 0)
            continue;
        Loc at = p->bind_locs && i < 64 ? p->bind_locs[i] : p->loc;
        Local *l = ck_new_local(p->binds[i], at, mk_bind_type(m, p, i), ck.cur.fn);
        l->is_ref = l->is_mutable = s->match.is_ref;
        l->ref_init = s->match.is_ref ? subj : NULL;
        p->locals[i] = l;
        ck_declare(l);
    }
}

static bool mk_has_binds(const Pattern *p)
{
    for (int i = 0; i < p->nbinds; i++)
        if (strcmp(p->binds[i], "_") != 0)
            return true;
    return false;
}

/* ---- what is missing ---- */

static void mk_missing(const Mk *m, Stmt *s)
{
    if (m->kind == MK_ENUM || m->kind == MK_OPT) {
        StrBuf b = { 0 };
        int n = 0;
        for (int i = 0; i < m->nseen; i++) {
            if (m->seen[i])
                continue;
            const char *name = m->kind == MK_OPT ? (i == 0 ? "some(_)" : "none") : m->en->variants[i].name;
            sb_printf(&b, "%s%s", n++ ? ", " : "", name);
        }
        ck_error(s->loc, "match is not exhaustive: missing %s", b.data ? b.data : "");
        sb_free(&b);
        return;
    }
    ck_error(s->loc, "match on %s is not exhaustive: add a `_` arm", types_spell(m->t));
}

static bool mk_subject_ok(Stmt *s)
{
    Expr *e = s->match.subject;
    if (!s->match.is_ref)
        return true;
    if (!e->is_place) {
        ck_error(e->loc, "match ref needs a place (a variable, field or element)");
        return false;
    }
    return ck_place_mutable(e, "match ref on %s");
}

void ck_match(Stmt *s)
{
    Type *t = ck_any(&s->match.subject, false);
    Mk m;
    bool ok = !ck_is_err(t) && mk_setup(&m, t, s->match.subject->loc);
    if (ok)
        mk_subject_ok(s);
    for (int i = 0; i < s->match.narms; i++) {
        MatchArm *a = &s->match.arms[i];
        ck_push_block();
        for (int j = 0; ok && j < a->npats; j++) {
            Pattern *p = a->pats[j];
            if (!mk_pattern(&m, p))
                continue;
            if (a->npats > 1 && mk_has_binds(p))
                ck_error(p->loc, "alternatives joined by | cannot bind names");
            else if (a->npats == 1 && (p->kind == PAT_VARIANT || p->kind == PAT_SOME))
                mk_bind(s, &m, p);
        }
        if (a->body)
            ck_stmt(a->body);
        ck_pop_block();
    }
    if (!ok)
        return;
    if (!m.all)
        mk_missing(&m, s);
    s->match.last_is_else = m.all;
}
