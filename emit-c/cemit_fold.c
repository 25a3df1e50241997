/* cemit_fold.c — -O2: functions whose emitted C is the same become one
 * (instances of a generic function whose C does not spell its type
 * argument, helpers written twice). Exact by construction: a function is
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
 * and the functions that call one (a direct call is the only way C names
 * a function that may fold) call the kept one instead.
 * Never folded: main, closures (their environment's struct is named after
 * them) and functions used as values (their thunk's address is a value a
 * program may hold). Off under -g (a debugger names every instance) and
 * with --no-fold (to measure it). Same C in, same C out: every order is
 * emission order; hash tables only answer lookups.
 * Cost: only functions that share their signature (name left out), line
 * count and IR size with another are compared. Each is scanned once into
 * pieces (raw bytes, then one such name; every function's C name starts
 * with "gs", so only names starting so are looked up); a round hashes the
 * pieces with the names read anew and compares the bytes on a hash hit.
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

/* A hash of long runs of text, eight bytes at a step. */
static uint64_t cf_hash_text(const char *s, size_t n)
{
    uint64_t h = (uint64_t)n * 0x9e3779b97f4a7c15ull, w;
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        memcpy(&w, s + i, 8);
        h = (h ^ w) * 0xff51afd7ed558ccdull;
        h ^= h >> 32;
    }
    for (; i < n; i++)
        h = (h ^ (unsigned char)s[i]) * 1099511628211ull;
    return h;
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

/* ---- C text: the next name that may be a function's or a site's ---- */

/* Bytes by what they may start: CF_ID an identifier, CF_DIG a number,
 * CF_LIT a literal or comment, 0 nothing to look at (CF_DIG's bytes and
 * the letters are identifier bytes). */
enum { CF_ID = 1, CF_DIG = 2, CF_LIT = 4 };
static const uint8_t cf_class[256] = {
    ['"'] = CF_LIT, ['\''] = CF_LIT, ['/'] = CF_LIT,
    ['0'] = CF_DIG, ['1'] = CF_DIG, ['2'] = CF_DIG, ['3'] = CF_DIG, ['4'] = CF_DIG,
    ['5'] = CF_DIG, ['6'] = CF_DIG, ['7'] = CF_DIG, ['8'] = CF_DIG, ['9'] = CF_DIG, ['_'] = CF_ID,
    ['a'] = CF_ID, ['b'] = CF_ID, ['c'] = CF_ID, ['d'] = CF_ID, ['e'] = CF_ID, ['f'] = CF_ID,
    ['g'] = CF_ID, ['h'] = CF_ID, ['i'] = CF_ID, ['j'] = CF_ID, ['k'] = CF_ID, ['l'] = CF_ID,
    ['m'] = CF_ID, ['n'] = CF_ID, ['o'] = CF_ID, ['p'] = CF_ID, ['q'] = CF_ID, ['r'] = CF_ID,
    ['s'] = CF_ID, ['t'] = CF_ID, ['u'] = CF_ID, ['v'] = CF_ID, ['w'] = CF_ID, ['x'] = CF_ID,
    ['y'] = CF_ID, ['z'] = CF_ID, ['A'] = CF_ID, ['B'] = CF_ID, ['C'] = CF_ID, ['D'] = CF_ID,
    ['E'] = CF_ID, ['F'] = CF_ID, ['G'] = CF_ID, ['H'] = CF_ID, ['I'] = CF_ID, ['J'] = CF_ID,
    ['K'] = CF_ID, ['L'] = CF_ID, ['M'] = CF_ID, ['N'] = CF_ID, ['O'] = CF_ID, ['P'] = CF_ID,
    ['Q'] = CF_ID, ['R'] = CF_ID, ['S'] = CF_ID, ['T'] = CF_ID, ['U'] = CF_ID, ['V'] = CF_ID,
    ['W'] = CF_ID, ['X'] = CF_ID, ['Y'] = CF_ID, ['Z'] = CF_ID,
};

static uint8_t cf_cls(const char *s, size_t i) { return cf_class[(unsigned char)s[i]]; }

/* Past the literal or comment at s[i], or i + 1 for a lone '/'. */
static size_t cf_skip_lit(const char *s, size_t i, size_t n)
{
    char c = s[i];
    if (c == '"' || c == '\'') {
        for (i++; i < n && s[i] != c; i++)
            i += s[i] == '\\';
        return i + 1;
    }
    if (i + 1 < n && s[i + 1] == '*') {
        const char *e = strstr(s + i + 2, "*/");    /* the buffer is NUL-terminated */
        return e ? (size_t)(e - s) + 2 : n;
    }
    if (i + 1 < n && s[i + 1] == '/') {
        const char *e = memchr(s + i, '\n', n - i);
        return e ? (size_t)(e - s) : n;
    }
    return i + 1;
}

/* A number goes on with '.' and with a sign after an exponent's letter. */
static bool cf_number_char(const char *s, size_t j)
{
    return s[j] == '.' || ((s[j] == '+' || s[j] == '-') && strchr("eEpP", s[j - 1]));
}

/* The first identifier starting with "gs" at or after s[i] (before n),
 * skipping other identifiers, numbers (0x1fu is no name; 1e+5 one
 * number), literals and comments; returns its start (n when none) and
 * sets *end past it. */
static size_t cf_next_name(const char *s, size_t i, size_t n, size_t *end)
{
    while (i < n) {
        uint8_t k = cf_cls(s, i);
        if (!k) {
            i++;
        } else if (k == CF_LIT) {
            i = cf_skip_lit(s, i, n);
        } else {
            size_t j = i + 1;
            while (j < n && ((cf_cls(s, j) & (CF_ID | CF_DIG)) || (k == CF_DIG && cf_number_char(s, j))))
                j++;
            if (k == CF_ID && s[i] == 'g' && s[i + 1] == 's' && j - i > 2) {
                *end = j;
                return i;
            }
            i = j;
        }
    }
    *end = n;
    return n;
}

/* ---- the state of one folding ---- */

/* Raw bytes, then a name read as what it stands for (none in a last piece). */
enum { CF_NONE, CF_SELF, CF_FN, CF_SITE };
typedef struct CfPiece {
    size_t raw;             /* offset of the raw bytes in the text */
    uint32_t len;
    uint8_t kind;
    int ref;                /* CF_FN: the function's index; CF_SITE: the canonical site */
} CfPiece;

typedef struct CfFn {
    size_t start, end;      /* its C in the functions' buffer */
    bool candidate;
    CfPiece *pieces;
    int npieces;
    uint64_t raw_hash;      /* of every raw byte */
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

/* A site's contents as bytes: file id, line and column, then its message
 * (a 0 byte before it, a 1 byte for none). */
static size_t cf_site_key(const IrSite *s, char **out)
{
    int32_t pos[3] = { s->loc.file, s->loc.line, s->loc.col };
    size_t n = s->what ? strlen(s->what) : 0;
    char *k = mem_alloc(g_scratch, sizeof pos + 1 + n);
    memcpy(k, pos, sizeof pos);
    k[sizeof pos] = s->what ? 0 : 1;
    memcpy(k + sizeof pos + 1, s->what ? s->what : "", n);
    *out = k;
    return sizeof pos + 1 + n;
}

static void cf_site_keys(Cf *cf, const IrFunc *f, const int *num, CfTab *seen)
{
    for (int i = 0; num && i < f->nsites; i++) {
        if (num[i] < 0)
            continue;
        char *k;
        size_t n = cf_site_key(&f->sites[i], &k);
        int first = cf_tab_get(seen, k, n, num[i]);
        cf->site_canon[num[i]] = first >= 0 ? first : num[i];
    }
}

/* ---- scanning a function once ---- */

/* What the name s[p, q) in function i stands for; CF_NONE: raw bytes. */
static int cf_classify(Cf *cf, int i, size_t p, size_t q, int *ref)
{
    int site;
    if ((*ref = cf_tab_get(&cf->names, cf->text + p, q - p, -1)) >= 0)
        return *ref == i ? CF_SELF : CF_FN;
    if (cf_site_token(cf->text + p, q - p, &site) && site < cf->cm->nsites) {
        *ref = cf->site_canon[site];
        return CF_SITE;
    }
    return CF_NONE;
}

static void cf_scan(Cf *cf, int i)
{
    CfFn *fn = &cf->fns[i];
    int cap = 16;
    fn->pieces = SCRATCH_ARRAY(CfPiece, cap);
    fn->raw_hash = 1469598103934665603ull;
    size_t raw = fn->start, q;
    for (size_t p = fn->start;; p = q) {
        p = cf_next_name(cf->text, p, fn->end, &q);
        CfPiece c = { .raw = raw, .len = (uint32_t)(p - raw), .kind = CF_NONE };
        if (p < fn->end && (c.kind = (uint8_t)cf_classify(cf, i, p, q, &c.ref)) == CF_NONE)
            continue;       /* a name that stays as it is: part of the raw bytes */
        if (fn->npieces == cap)
            fn->pieces = mem_grow(g_scratch, fn->pieces, &cap, fn->npieces, sizeof(CfPiece));
        fn->pieces[fn->npieces++] = c;
        fn->raw_hash = fn->raw_hash * 31 + cf_hash_text(cf->text + c.raw, c.len);
        if (p >= fn->end)
            break;
        raw = q;
    }
}

/* ---- one round ---- */

/* What a piece's name reads as this round (its kind says which table). */
static int cf_piece_ref(Cf *cf, const CfPiece *c)
{
    return c->kind == CF_FN ? cf_find(cf, c->ref) : c->kind == CF_SITE ? c->ref : 0;
}

static uint64_t cf_round_hash(Cf *cf, int i)
{
    const CfFn *fn = &cf->fns[i];
    uint64_t h = fn->raw_hash ^ (uint64_t)fn->npieces;
    for (int k = 0; k < fn->npieces; k++)
        h = (h ^ (uint64_t)(fn->pieces[k].kind * 0x9e3779b9u + (unsigned)cf_piece_ref(cf, &fn->pieces[k]))) *
            1099511628211ull;
    return h;
}

static bool cf_same(Cf *cf, int a, int b)
{
    const CfFn *x = &cf->fns[a], *y = &cf->fns[b];
    if (x->npieces != y->npieces || x->raw_hash != y->raw_hash)
        return false;
    for (int k = 0; k < x->npieces; k++) {
        const CfPiece *c = &x->pieces[k], *d = &y->pieces[k];
        if (c->len != d->len || c->kind != d->kind || cf_piece_ref(cf, c) != cf_piece_ref(cf, d) ||
            memcmp(cf->text + c->raw, cf->text + d->raw, c->len))
            return false;
    }
    return true;
}

/* Each scanned function joins the class of the first whose pieces read
 * the same. Returns whether any class grew. */
static bool cf_round(Cf *cf, const int *scanned, int n)
{
    ArenaMark m = mem_mark(g_scratch);
    size_t cap = 16;
    while (cap < 2 * (size_t)n + 2)
        cap *= 2;
    int *slot = SCRATCH_ARRAY(int, cap);        /* 1 + index into scanned, 0 empty */
    uint64_t *hash = SCRATCH_ARRAY(uint64_t, n + 1);
    bool grew = false;
    for (int k = 0; k < n; k++) {
        hash[k] = cf_round_hash(cf, scanned[k]);
        size_t s = (size_t)hash[k] & (cap - 1);
        for (; slot[s]; s = (s + 1) & (cap - 1)) {
            int j = slot[s] - 1;
            if (hash[j] == hash[k] && cf_same(cf, scanned[j], scanned[k]))
                break;
        }
        if (slot[s])
            grew |= cf_union(cf, scanned[slot[s] - 1], scanned[k]);
        else
            slot[s] = k + 1;
    }
    mem_release(g_scratch, m);
    return grew;
}

/* ---- what may fold ---- */

static bool cf_candidate(const Cm *cm, const IrFunc *f)
{
    return f->reachable && f->fn && !f->fn->is_closure && f->ncaptures == 0 && !f->used_as_value &&
           f->fn != cm->ir->prog->main_fn && !strncmp(f->cname, "gs", 2);
}

/* Its signature without its name, its line count and its IR's size: a
 * function no other shares this with is not compared (a filter only:
 * what folds is decided on the text). */
static const char *cf_shape(const Cf *cf, int i)
{
    const CfFn *fn = &cf->fns[i];
    const char *name = cf->cm->ir->funcs[i]->cname, *s = cf->text + fn->start;
    size_t n = strlen(name);
    const char *at = strstr(s, name);
    while (at && at[n] != '(')      /* the name as declared, not inside another */
        at = strstr(at + 1, name);
    const char *eol = at ? strchr(at, '\n') : NULL;
    if (!at || !eol || eol >= cf->text + fn->end)
        return NULL;
    int lines = 0;
    for (const char *p = s; p < cf->text + fn->end && (p = memchr(p, '\n', (size_t)(cf->text + fn->end - p)));
         p++)
        lines++;
    const char *line = at;
    while (line > s && line[-1] != '\n')
        line--;
    const IrFunc *f = cf->cm->ir->funcs[i];
    return mem_printf(g_scratch, "%d:%d:%d:%.*s%.*s", lines, f->nins, f->ntemps, (int)(at - line), line,
                      (int)(eol - at - n), at + n);
}

/* The candidates whose shape another shares, scanned, in emission order. */
static int cf_scan_alike(Cf *cf, int *scanned)
{
    const char **shape = SCRATCH_ARRAY(const char *, cf->nfns + 1);
    CfTab first = cf_tab_new(g_scratch, (size_t)cf->nfns);
    bool *twin = SCRATCH_ARRAY(bool, cf->nfns + 1);
    for (int i = 0; i < cf->nfns; i++) {
        if (!cf->fns[i].candidate || !(shape[i] = cf_shape(cf, i)))
            continue;
        int j = cf_tab_get(&first, shape[i], strlen(shape[i]), i);
        if (j >= 0)
            twin[i] = twin[j] = true;
    }
    int n = 0;
    for (int i = 0; i < cf->nfns; i++)
        if (twin[i]) {
            cf_scan(cf, i);
            scanned[n++] = i;
        }
    return n;
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
    for (int k = 0; k < cm->nsites; k++)
        cf.site_canon[k] = k;
    CfTab seen = cf_tab_new(g_scratch, (size_t)cm->nsites);
    cf_site_keys(&cf, ir->init, nums[ir->nfuncs], &seen);
    for (int i = 0; i < ir->nfuncs; i++) {
        const IrFunc *f = ir->funcs[i];
        cf.fns[i] = (CfFn){ .start = start[i], .end = end[i], .candidate = cf_candidate(cm, f) };
        if (f->reachable)
            cf_tab_get(&cf.names, f->cname, strlen(f->cname), i);
        cf_site_keys(&cf, f, nums[i], &seen);
    }
    int *scanned = SCRATCH_ARRAY(int, ir->nfuncs + 1);
    int n = cf_scan_alike(&cf, scanned);
    while (n > 1 && cf_round(&cf, scanned, n))
        ;
    for (int i = 0; i < ir->nfuncs; i++)
        cf_find(&cf, i);        /* every entry its class's first */
    mem_release(g_scratch, m);
}

bool cm_fold_gone(const Cm *cm, int i) { return cm->fold_to && cm->fold_to[i] != i; }

/* Whether f's C names a folded function: only a direct call names a
 * function that may fold (closures and functions used as values, named
 * by values and thunks, never fold; the entry names main). */
static bool cf_calls_folded(const Cm *cm, const IrFunc *f, const PtrSet *gone)
{
    for (int k = 0; k < f->nins; k++)
        if (f->ins[k].op == IR_CALL && f->ins[k].fn && ir_set_has(gone, f->ins[k].fn))
            return true;
    return false;
}

/* s[from, to) into out, every name of a folded function read as the kept one's. */
static void cf_copy_renamed(const Cm *cm, const char *s, size_t from, size_t to, CfTab *folded, StrBuf *out)
{
    size_t q;
    for (size_t p = cf_next_name(s, from, to, &q); p < to; p = cf_next_name(s, q, to, &q)) {
        int j = cf_tab_get(folded, s + p, q - p, -1);
        if (j < 0)
            continue;
        sb_putn(out, s + from, p - from);
        sb_puts(out, cm->ir->funcs[cm->fold_to[j]]->cname);
        from = q;
    }
    sb_putn(out, s + from, to - from);
}

/* The functions' C into out, without the folded functions and with every
 * call of one calling the kept one. */
void cm_fold_write(Cm *cm, const StrBuf *fns, const size_t *start, const size_t *end, StrBuf *out)
{
    const IrProgram *ir = cm->ir;
    ArenaMark m = mem_mark(g_scratch);
    CfTab folded = cf_tab_new(g_scratch, (size_t)ir->nfuncs);
    PtrSet gone = { 0 };
    for (int i = 0; i < ir->nfuncs; i++)
        if (cm_fold_gone(cm, i)) {
            cf_tab_get(&folded, ir->funcs[i]->cname, strlen(ir->funcs[i]->cname), i);
            ir_set_add(&gone, ir->funcs[i]->fn);
        }
    const char *s = fns->data;
    size_t pos = ir->nfuncs ? start[0] : fns->len;     /* the initialiser's C ends here */
    if (gone.len && cf_calls_folded(cm, ir->init, &gone))
        cf_copy_renamed(cm, s, 0, pos, &folded, out);
    else
        sb_putn(out, s, pos);
    for (int i = 0; gone.len && i < ir->nfuncs; i++) {
        sb_putn(out, s + pos, start[i] - pos);          /* the thunk before, if any */
        if (!cm_fold_gone(cm, i) && ir->funcs[i]->reachable && cf_calls_folded(cm, ir->funcs[i], &gone))
            cf_copy_renamed(cm, s, start[i], end[i], &folded, out);
        else if (!cm_fold_gone(cm, i))
            sb_putn(out, s + start[i], end[i] - start[i]);
        pos = end[i];
    }
    sb_putn(out, s + pos, fns->len - pos);
    mem_release(g_scratch, m);
}
