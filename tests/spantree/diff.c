/* diff.c — differential test of gs_span_tree against a plain model: a
 * sorted array of free spans searched linearly for first fit.
 *
 * Each seed runs OPS random operations (alloc of 1..1024 units and some far
 * larger, free of a random live span, resize in place, containment queries)
 * through phases that grow, churn and drain the live set, so the tree grows
 * tall, shrinks to nothing, collapses its root and hands spans back to the
 * tail. After every operation the tree's answer (offset, merged span,
 * success), tail and span count must equal the model's; its invariants
 * (gs_span_tree_check) and whole span list are checked after every
 * operation for the first FULL_OPS operations and every STRIDE-th after. Node memory comes from the
 * guarded test allocator; one seed in three also injects node-allocation
 * failures (fail-after-N), after which the tree must equal the unchanged
 * model. One seed in five scales the sizes so that spans pass INT32_MAX.
 * Not for: timing (bench/spantree).
 *
 * The last line names the variant that ran; with --want VARIANT a run on
 * another one is a skip or a failure (variant.h).
 *
 * usage: diff [--ops N] [--seeds N] [--first-seed S] [--want VARIANT] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gs_span_tree.h"
#include "testalloc.h"
#include "variant.h"

#define FULL_OPS 20000
#define STRIDE 7

/* ---- random numbers (splitmix64) ---- */

static uint64_t rng_state;

static uint64_t rng(void) {
    uint64_t z = (rng_state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static int64_t rng_below(int64_t n) {
    return (int64_t)(rng() % (uint64_t)n);
}

static int64_t size_scale = 1; /* > 1: lengths pass INT32_MAX (the tree converts to int64 nodes) */

static int64_t rand_size(void) {
    int64_t r = rng_below(100);
    if (r < 90)
        return (1 + rng_below(1024)) * size_scale - rng_below(size_scale);
    if (r < 98)
        return (1025 + rng_below(16384)) * size_scale - rng_below(size_scale);
    return 1 + rng_below(100000 * size_scale);
}

/* ---- the model ---- */

typedef struct model {
    gs_span *s; /* free spans, sorted by offset */
    int64_t n, cap;
    int64_t tail, limit;
} model;

static void m_insert(model *m, int64_t pos, gs_span sp) {
    if (m->n == m->cap) {
        m->cap = m->cap ? 2 * m->cap : 64;
        m->s = (gs_span *)realloc(m->s, (size_t)m->cap * sizeof *m->s);
    }
    memmove(&m->s[pos + 1], &m->s[pos], (size_t)(m->n - pos) * sizeof *m->s);
    m->s[pos] = sp;
    m->n++;
}

static void m_remove(model *m, int64_t pos) {
    memmove(&m->s[pos], &m->s[pos + 1], (size_t)(m->n - pos - 1) * sizeof *m->s);
    m->n--;
}

static int64_t m_alloc(model *m, int64_t n) {
    int64_t i, off;
    for (i = 0; i < m->n; i++) {
        if (m->s[i].len >= n) {
            off = m->s[i].off;
            m->s[i].off += n;
            m->s[i].len -= n;
            if (m->s[i].len == 0)
                m_remove(m, i);
            return off;
        }
    }
    if (n > m->limit - m->tail)
        return -1;
    off = m->tail;
    m->tail += n;
    return off;
}

/* Index of the first free span with offset > off. */
static int64_t m_upper(const model *m, int64_t off) {
    int64_t lo = 0, hi = m->n;
    while (lo < hi) {
        int64_t mid = (lo + hi) / 2;
        if (m->s[mid].off <= off)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

static gs_span m_free(model *m, int64_t off, int64_t n) {
    int64_t pos = m_upper(m, off);
    gs_span sp;
    sp.off = off;
    sp.len = n;
    if (pos > 0 && m->s[pos - 1].off + m->s[pos - 1].len == off) {
        pos--;
        sp.off = m->s[pos].off;
        sp.len += m->s[pos].len;
        m_remove(m, pos);
    }
    if (pos < m->n && m->s[pos].off == sp.off + sp.len) {
        sp.len += m->s[pos].len;
        m_remove(m, pos);
    }
    if (sp.off + sp.len == m->tail)
        m->tail = sp.off;
    else
        m_insert(m, pos, sp);
    return sp;
}

static bool m_resize(model *m, int64_t off, int64_t old_n, int64_t new_n, gs_span *merged) {
    int64_t end = off + old_n, d = new_n - old_n, pos;
    merged->off = end;
    merged->len = 0;
    if (d <= 0) {
        if (d < 0)
            *merged = m_free(m, off + new_n, -d);
        return true;
    }
    if (end == m->tail) {
        if (d > m->limit - m->tail)
            return false;
        m->tail += d;
        return true;
    }
    pos = m_upper(m, end) - 1;
    if (pos < 0 || m->s[pos].off != end || m->s[pos].len < d)
        return false;
    m->s[pos].off += d;
    m->s[pos].len -= d;
    if (m->s[pos].len == 0)
        m_remove(m, pos);
    return true;
}

static bool m_overlaps(const model *m, int64_t off, int64_t n) {
    int64_t i;
    if (off < 0 || n < 0 || off + n > m->tail)
        return true;
    if (n == 0)
        return false; /* an empty range overlaps nothing */
    for (i = 0; i < m->n; i++)
        if (m->s[i].off < off + n && off < m->s[i].off + m->s[i].len)
            return true;
    return false;
}

/* ---- comparing ---- */

typedef struct collect {
    gs_span *s;
    int64_t n, cap;
} collect;

static void collect_fn(void *ctx, gs_span sp) {
    collect *c = (collect *)ctx;
    if (c->n == c->cap) {
        c->cap = c->cap ? 2 * c->cap : 64;
        c->s = (gs_span *)realloc(c->s, (size_t)c->cap * sizeof *c->s);
    }
    c->s[c->n++] = sp;
}

static uint64_t seed_now;
static int64_t op_now;
static const char *op_name = "";

static void fail(const char *what, int64_t a, int64_t b) {
    fprintf(stderr, "FAIL seed %llu op %lld (%s): %s (%lld, %lld)\n", (unsigned long long)seed_now,
            (long long)op_now, op_name, what, (long long)a, (long long)b);
    exit(1);
}

static void compare(const gs_span_tree *t, const model *m, collect *c, bool full) {
    const char *e = full ? gs_span_tree_check(t) : NULL;
    int64_t i;
    if (e)
        fail(e, 0, 0);
    if (t->tail != m->tail)
        fail("tail differs", t->tail, m->tail);
    if (t->nspans != m->n)
        fail("span count differs", t->nspans, m->n);
    if (!full)
        return;
    c->n = 0;
    gs_span_tree_visit(t, collect_fn, c);
    if (c->n != m->n)
        fail("visited span count differs", c->n, m->n);
    for (i = 0; i < m->n; i++)
        if (c->s[i].off != m->s[i].off || c->s[i].len != m->s[i].len)
            fail("span differs at index", i, c->s[i].off - m->s[i].off);
}

static void same_span(gs_span a, gs_span b) {
    if (a.off != b.off || a.len != b.len)
        fail("merged span differs", a.off - b.off, a.len - b.len);
}

/* ---- one seed ---- */

typedef struct live {
    gs_span *s;
    int64_t n, cap;
} live;

static void live_add(live *l, int64_t off, int64_t n) {
    if (l->n == l->cap) {
        l->cap = l->cap ? 2 * l->cap : 64;
        l->s = (gs_span *)realloc(l->s, (size_t)l->cap * sizeof *l->s);
    }
    l->s[l->n].off = off;
    l->s[l->n].len = n;
    l->n++;
}

typedef struct run {
    gs_span_tree t;
    model m;
    live l;
    collect c;
    st_alloc a;
    bool inject;
    int64_t refused; /* operations refused for want of a node */
    int64_t max_spans, max_live, collapses;
    int32_t max_height;
} run;

static void do_alloc(run *r) {
    int64_t n = rand_size();
    int64_t got, want;
    op_name = "alloc";
    got = gs_span_tree_alloc(&r->t, n);
    want = m_alloc(&r->m, n);
    if (got != want)
        fail("alloc placed differently", got, want);
    if (got >= 0) {
        if (gs_span_tree_overlaps_free(&r->t, got, n))
            fail("a fresh allocation overlaps free space", got, n);
        live_add(&r->l, got, n);
    }
}

static void do_free(run *r) {
    int64_t i = rng_below(r->l.n);
    gs_span sp = r->l.s[i], got, want;
    op_name = "free";
    if (!gs_span_tree_free(&r->t, sp.off, sp.len, &got)) {
        if (!r->inject)
            fail("free refused without failure injection", sp.off, sp.len);
        r->refused++;
        return;
    }
    want = m_free(&r->m, sp.off, sp.len);
    same_span(got, want);
    r->l.s[i] = r->l.s[--r->l.n];
}

static void do_resize(run *r) {
    int64_t i = rng_below(r->l.n), n;
    gs_span sp = r->l.s[i], got, want;
    bool ok, mok;
    op_name = "resize";
    n = rng_below(3) == 0 ? 1 + rng_below(sp.len) : sp.len + 1 + rng_below(2048 * size_scale);
    ok = gs_span_tree_resize_in_place(&r->t, sp.off, sp.len, n, &got);
    if (!ok && n < sp.len) {
        if (!r->inject)
            fail("shrink refused without failure injection", sp.off, n);
        r->refused++;
        return;
    }
    mok = m_resize(&r->m, sp.off, sp.len, n, &want);
    if (ok != mok)
        fail("resize success differs", ok, mok);
    if (ok) {
        same_span(got, want);
        r->l.s[i].len = n;
    }
}

static void do_query(run *r) {
    int64_t off, n;
    op_name = "overlaps";
    if (r->l.n > 0 && rng_below(2)) {
        gs_span sp = r->l.s[rng_below(r->l.n)];
        off = sp.off + rng_below(sp.len) - rng_below(4);
        n = 1 + rng_below(sp.len + 4);
    } else {
        off = rng_below(r->m.tail + 64) - 8;
        n = rng_below(2048);
    }
    if (gs_span_tree_overlaps_free(&r->t, off, n) != m_overlaps(&r->m, off, n))
        fail("overlaps_free differs", off, n);
}

/* The phase decides the mix: grow to `target` live spans, churn around it,
 * then drain to empty so everything returns to the tail. */
static void step(run *r, int64_t target, int phase) {
    int64_t p = rng_below(100);
    int64_t alloc_pct = phase == 0 ? (r->l.n < target ? 70 : 45) : phase == 1 ? 48 : 20;
    if (r->inject && rng_below(50) == 0)
        r->a.fail_after = rng_below(3);
    else if (r->inject && rng_below(8) == 0)
        r->a.fail_after = -1;
    if (p < 8)
        do_query(r);
    else if (r->l.n == 0 || p < 8 + alloc_pct)
        do_alloc(r);
    else if (p < 8 + alloc_pct + 12)
        do_resize(r);
    else
        do_free(r);
}

static void run_seed(uint64_t seed, int64_t ops) {
    run r;
    gs_span_allocator mem;
    int64_t i, target = 0, phase_len = ops / 6 > 0 ? ops / 6 : 1;
    memset(&r, 0, sizeof r);
    seed_now = seed;
    rng_state = seed * 0x2545F4914F6CDD1DULL + 1;
    st_alloc_init(&r.a);
    mem = st_alloc_hooks(&r.a);
    r.inject = seed % 3 == 0;
    size_scale = seed % 5 == 2 ? (int64_t)1 << 22 : 1;
    r.m.limit = seed % 4 == 1 ? 4000000 : INT64_MAX; /* some seeds run out of room */
    gs_span_tree_init_with(&r.t, &mem, r.m.limit);
    for (i = 0; i < ops; i++) {
        int phase = (int)((i / phase_len) % 3);
        if (i % phase_len == 0)
            target = 200 + rng_below(phase == 0 ? 4000 : 400);
        int32_t h = r.t.root ? r.t.height : -1;
        op_now = i;
        step(&r, target, phase);
        if (r.t.root && r.t.height < h)
            r.collapses++;
        r.max_height = r.t.height > r.max_height ? r.t.height : r.max_height;
        r.max_spans = r.t.nspans > r.max_spans ? r.t.nspans : r.max_spans;
        r.max_live = r.l.n > r.max_live ? r.l.n : r.max_live;
        compare(&r.t, &r.m, &r.c, i < FULL_OPS || i % STRIDE == 0);
        if (i % 4096 == 0)
            st_alloc_verify(&r.a);
    }
    /* drain: every live span back, the tail must return to 0 */
    r.a.fail_after = -1;
    while (r.l.n > 0) {
        op_now = i++;
        do_free(&r);
        compare(&r.t, &r.m, &r.c, r.l.n % 64 == 0);
    }
    if (r.t.tail != 0 || r.t.root != NULL || r.t.nnodes != 0)
        fail("drained tree not empty", r.t.tail, r.t.nnodes);
    st_alloc_verify(&r.a);
    gs_span_tree_destroy(&r.t);
    if (r.a.live != 0)
        fail("nodes leaked after destroy", r.a.live, r.a.allocs);
    printf("seed %llu: %lld ops; up to %lld live, %lld free spans, height %d; %lld root collapses; "
           "%lld node allocs, %lld refused, %lld ops refused: ok\n",
           (unsigned long long)seed, (long long)ops, (long long)r.max_live, (long long)r.max_spans,
           (int)r.max_height, (long long)r.collapses, (long long)r.a.allocs, (long long)r.a.failures,
           (long long)r.refused);
    free(r.m.s);
    free(r.l.s);
    free(r.c.s);
}

static int usage(void) {
    fprintf(stderr, "usage: diff [--ops N] [--seeds N] [--first-seed S] [--want VARIANT]\n");
    return 2;
}

int main(int argc, char **argv) {
    int64_t ops = 60000, seeds = 6, first = 1, i;
    const char *want = st_want(argc, argv);
    char what[96];
    for (i = 1; i < argc; i += 2) {
        if (i + 1 == argc)
            return usage();
        if (!strcmp(argv[i], "--ops"))
            ops = atoll(argv[i + 1]);
        else if (!strcmp(argv[i], "--seeds"))
            seeds = atoll(argv[i + 1]);
        else if (!strcmp(argv[i], "--first-seed"))
            first = atoll(argv[i + 1]);
        else if (strcmp(argv[i], "--want"))
            return usage();
    }
    for (i = 0; i < seeds; i++)
        run_seed((uint64_t)(first + i), ops);
    snprintf(what, sizeof what, "spantree differential: %lld seeds x %lld ops", (long long)seeds, (long long)ops);
    return st_finish(what, 0, want);
}
