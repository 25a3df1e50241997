/* cemit_fold.c — -O2: functions whose emitted C is the same become one
 * (generic instances such as a helper over []i32 and []u32, or over two
 * structs of one layout, often are). Exact by construction: a function is
 * folded into an earlier one only when their C text, signature included,
 * is byte for byte the same once three kinds of names are read as what
 * they stand for:
 *   - the function's own name (a recursive call) is read as "itself";
 *   - the name of another function is read as the function it was folded
 *     into (so a caller of folded instances folds in a later round);
 *   - a check site `gs_siteN` is read as the first site of equal contents
 *     (file, line, column, what): two instances of one generic body report
 *     at the same place with the same message, through their own records.
 * Rounds repeat until none folds more (classes only ever merge, so what
 * was equal stays equal). The first function of a class in emission order
 * is kept; the others lose their prototype, definition and site records,
 * and every name of them in the rest of the C becomes the kept one's.
 * Never folded: main, closures (their environment's struct is named after
 * them) and functions used as values (their thunk's address is a value a
 * program may hold). Off under -g (a debugger names every instance) and
 * with --no-fold (to measure it). Same C in, same C out: every order is
 * emission order; hash tables only answer lookups.
 * Not for: deciding what is equal beyond the text (no IR comparison). */
#include "cemit_priv.h"

#include <string.h>

/* ---- a table of byte strings (open addressing) to ints ---- */

typedef struct CfTab {
    const char **key;
    size_t *len;
    int *val;
    size_t cap;            /* a power of two, at least twice the entries */
} CfTab;

static size_t cf_hash(const char *s, size_t n)
{
    uint64_t h = 1469598103934665603ull;    /* FNV-1a */
    for (size_t i = 0; i < n; i++)
        h = (h ^ (unsigned char)s[i]) * 1099511628211ull;
    return (size_t)h;
}

static CfTab cf_tab_new(Arena *a, size_t entries)
{
    CfTab t = { .cap = 16 };
    while (t.cap < 2 * entries + 2)
        t.cap *= 2;
    t.key = mem_alloc(a, sizeof(char *) * t.cap);
    t.len = mem_alloc(a, sizeof(size_t) * t.cap);
    t.val = mem_alloc(a, sizeof(int) * t.cap);
    return t;
}

/* The value of key s, or -1; with add >= 0 an absent key gets that value. */
static int cf_tab_get(CfTab *t, const char *s, size_t n, int add)
{
    size_t i = cf_hash(s, n) & (t->cap - 1);
    for (; t->key[i]; i = (i + 1) & (t->cap - 1))
        if (t->len[i] == n && !memcmp(t->key[i], s, n))
            return t->val[i];
    if (add >= 0) {
        t->key[i] = s;
        t->len[i] = n;
        t->val[i] = add;
    }
    return -1;
}

/* ---- C tokens: identifiers, and what to copy without looking inside ---- */

static bool cf_ident_start(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
static bool cf_ident_char(char c) { return cf_ident_start(c) || (c >= '0' && c <= '9'); }

/* The end of the token at s[i] (i < n): an identifier, a number (with its
 * suffix: 0x1fu is no name), a string or character literal, a comment, or
 * one byte. *ident says whether it is an identifier. */
static size_t cf_token_end(const char *s, size_t i, size_t n, bool *ident)
{
    char c = s[i];
    *ident = cf_ident_start(c);
    if (*ident || (c >= '0' && c <= '9')) {
        for (i++; i < n; i++) {
            bool exp = (s[i] == '+' || s[i] == '-') && strchr("eEpP", s[i - 1]) && !*ident;
            if (!cf_ident_char(s[i]) && !(s[i] == '.' && !*ident) && !exp)
                break;
        }
        return i;
    }
    if (c == '"' || c == '\'') {
        for (i++; i < n && s[i] != c; i++)
            i += s[i] == '\\';
        return i < n ? i + 1 : n;
    }
    if (c == '/' && i + 1 < n && s[i + 1] == '*') {
        const char *e = strstr(s + i + 2, "*/");    /* the buffer is NUL-terminated */
        return e && (size_t)(e - s) + 2 <= n ? (size_t)(e - s) + 2 : n;
    }
    if (c == '/' && i + 1 < n && s[i + 1] == '/') {
        while (i < n && s[i] != '\n')
            i++;
        return i;
    }
    return i + 1;
}

/* ---- the state of one folding ---- */

typedef struct CfFn {
    size_t start, end;      /* its C in the functions' buffer */
    bool candidate;
} CfFn;

typedef struct Cf {
    Cm *cm;
    const char *text;       /* the functions' C, NUL-terminated */
    CfFn *fns;              /* by index in ir->funcs */
    int nfns;
    CfTab names;            /* function cname -> index */
    int *site_canon;        /* site number -> the first number of equal contents */
    int *rep;               /* union-find: the parent; a root is its class's first */
} Cf;

static int cf_find(Cf *cf, int i)
{
    while (cf->rep[i] != i)
        i = cf->rep[i] = cf->rep[cf->rep[i]];
    return i;
}

static bool cf_union(Cf *cf, int a, int b)
{
    a = cf_find(cf, a);
    b = cf_find(cf, b);
    if (a == b)
        return false;
    if (a < b)
        cf->rep[b] = a;
    else
        cf->rep[a] = b;
    return true;
}

static bool cf_site_token(const char *s, size_t n, int *num)
{
    if (n <= 7 || memcmp(s, "gs_site", 7))
        return false;
    int v = 0;
    for (size_t i = 7; i < n; i++) {
        if (s[i] < '0' || s[i] > '9' || v > 100000000)
            return false;
        v = v * 10 + (s[i] - '0');
    }
    *num = v;
    return true;
}

static void cf_site_keys(Cf *cf, const IrFunc *f, const int *num, CfTab *seen)
{
    for (int i = 0; num && i < f->nsites; i++) {
        if (num[i] < 0)
            continue;
        const IrSite *s = &f->sites[i];
        SrcFile *sf = src_get(s->loc.file);
        const char *path = sf ? sf->path : "?";
        const char *k = mem_printf(g_scratch, "%zu:%s:%d:%d:%c%s", strlen(path), path, s->loc.line,
                                   s->loc.col, s->what ? 'w' : '-', s->what ? s->what : "");
        int first = cf_tab_get(seen, k, strlen(k), num[i]);
        cf->site_canon[num[i]] = first >= 0 ? first : num[i];
    }
}

/* Function i's C with the names read as the header comment says: its own
 * name is "@", a function's is its class's first, a site its first twin. */
static void cf_normalise(Cf *cf, int i, StrBuf *b)
{
    const char *s = cf->text;
    b->len = 0;
    for (size_t p = cf->fns[i].start, e = cf->fns[i].end; p < e;) {
        bool ident;
        size_t q = cf_token_end(s, p, e, &ident);
        int j, site;
        if (ident && (j = cf_tab_get(&cf->names, s + p, q - p, -1)) >= 0)
            sb_puts(b, j == i ? "@" : cf->cm->ir->funcs[cf_find(cf, j)]->cname);
        else if (ident && cf_site_token(s + p, q - p, &site) && site < cf->cm->nsites)
            sb_printf(b, "gs_site%d", cf->site_canon[site]);
        else
            sb_putn(b, s + p, q - p);
        p = q;
    }
}

/* One round: each candidate joins the class of the first whose text is
 * the same. Returns whether any class grew. */
static bool cf_round(Cf *cf)
{
    ArenaMark m = mem_mark(g_scratch);
    CfTab seen = cf_tab_new(g_scratch, (size_t)cf->nfns);
    StrBuf b = { 0 };
    bool grew = false;
    for (int i = 0; i < cf->nfns; i++) {
        if (!cf->fns[i].candidate)
            continue;
        cf_normalise(cf, i, &b);
        const char *k = mem_strndup(g_scratch, b.data ? b.data : "", b.len);
        int first = cf_tab_get(&seen, k, b.len, i);
        if (first >= 0)
            grew |= cf_union(cf, first, i);
    }
    sb_free(&b);
    mem_release(g_scratch, m);
    return grew;
}

static bool cf_candidate(const Cm *cm, const IrFunc *f)
{
    return f->reachable && f->fn && !f->fn->is_closure && f->ncaptures == 0 && !f->used_as_value &&
           f->fn != cm->ir->prog->main_fn;
}

void cm_fold_plan(Cm *cm, const StrBuf *fns, const size_t *start, const size_t *end, int **nums)
{
    const IrProgram *ir = cm->ir;
    cm->fold_to = NEW_ARRAY(int, ir->nfuncs + 1);
    for (int i = 0; i < ir->nfuncs; i++)
        cm->fold_to[i] = i;
    if (cm->o->opt_level < 2 || cm->o->no_fold || cm->o->debug_names || !fns->len)
        return;
    Cf cf = { .cm = cm, .text = fns->data, .nfns = ir->nfuncs, .rep = cm->fold_to };
    ArenaMark m = mem_mark(g_scratch);
    cf.fns = SCRATCH_ARRAY(CfFn, ir->nfuncs + 1);
    cf.names = cf_tab_new(g_scratch, (size_t)ir->nfuncs);
    cf.site_canon = SCRATCH_ARRAY(int, cm->nsites + 1);
    CfTab seen = cf_tab_new(g_scratch, (size_t)cm->nsites);
    cf_site_keys(&cf, ir->init, nums[ir->nfuncs], &seen);
    for (int i = 0; i < ir->nfuncs; i++) {
        const IrFunc *f = ir->funcs[i];
        cf.fns[i] = (CfFn){ start[i], end[i], cf_candidate(cm, f) };
        if (f->reachable)
            cf_tab_get(&cf.names, f->cname, strlen(f->cname), i);
        cf_site_keys(&cf, f, nums[i], &seen);
    }
    while (cf_round(&cf))
        ;
    for (int i = 0; i < ir->nfuncs; i++)
        cf_find(&cf, i);        /* every entry its class's first */
    mem_release(g_scratch, m);
}

bool cm_fold_gone(const Cm *cm, int i) { return cm->fold_to && cm->fold_to[i] != i; }

/* The functions' C into out, without the folded functions (their ranges
 * in skip, ascending) and with every name of one read as the kept one. */
void cm_fold_write(Cm *cm, const StrBuf *fns, const size_t *start, const size_t *end, StrBuf *out)
{
    const IrProgram *ir = cm->ir;
    ArenaMark m = mem_mark(g_scratch);
    CfTab folded = cf_tab_new(g_scratch, (size_t)ir->nfuncs);
    int nfolded = 0;
    for (int i = 0; i < ir->nfuncs; i++)
        if (cm_fold_gone(cm, i) && ++nfolded)
            cf_tab_get(&folded, ir->funcs[i]->cname, strlen(ir->funcs[i]->cname), i);
    if (!nfolded) {
        sb_putn(out, fns->data, fns->len);
        mem_release(g_scratch, m);
        return;
    }
    const char *s = fns->data;
    int next = 0;           /* the next function whose range may be skipped */
    for (size_t p = 0; p < fns->len;) {
        while (next < ir->nfuncs && (!cm_fold_gone(cm, next) || end[next] <= p))
            next++;
        if (next < ir->nfuncs && p == start[next]) {
            p = end[next];
            continue;
        }
        size_t stop = next < ir->nfuncs ? start[next] : fns->len;
        bool ident;
        size_t q = cf_token_end(s, p, stop, &ident);
        int j = ident ? cf_tab_get(&folded, s + p, q - p, -1) : -1;
        if (j >= 0)
            sb_puts(out, ir->funcs[cm->fold_to[j]]->cname);
        else
            sb_putn(out, s + p, q - p);
        p = q;
    }
    mem_release(g_scratch, m);
}
