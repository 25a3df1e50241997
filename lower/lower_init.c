/* lower_init.c — the order the global initialisers run in, as in Go
 * (https://go.dev/ref/spec#Package_initialization): repeatedly the
 * earliest global in declaration order that depends on no global still
 * waiting for its initialiser. A global depends on every global its
 * initialiser names and on every global named by a function it calls or
 * takes as a value (a closure included), through the bodies of the
 * functions those call or take, transitively. Globals without an
 * initialiser and constants hold their value from the start.
 * p->globals lists imported modules' globals before their importers'.
 *
 * lx_globals_init lowers each initialiser, in declaration order, into its
 * own range of gs__init_globals (its own temps and sites, ending with the
 * store); lx_init_order computes the order and moves the ranges. A direct
 * cycle between initialisers is the checker's error; a cycle only through
 * function bodies is not an error here: the globals on it run in
 * declaration order among themselves, after what they depend on outside
 * the cycle, and a function reading one not yet initialised sees its
 * zero value.
 *
 * Linear in the instructions of the initialisers and of the functions
 * they reach (items: the n initialisers, then those functions), plus a
 * heap of initialisers: one graph, its strongly connected components
 * (Tarjan), then Kahn's algorithm over the components taking the
 * earliest ready initialiser first. A component of functions is done
 * when every component it reaches is; an initialiser is ready when every
 * component it reaches is done — exactly its Go dependencies initialised
 * when there is no cycle.
 * Not for: the lowering of an initialiser (lower_expr.c). */
#include "lower_priv.h"

#include <string.h>

typedef struct Io {
    const IrProgram *ir;
    IrFunc *init;
    const LxInitRange *r;   /* per initialiser; r[n].start == init->nins */
    int n;                  /* initialisers: items 0..n-1 */
    int nitems, maxitems;   /* then the functions they reach: items n.. */
    const Global **gkeys;   /* Global -> initialiser, open addressing */
    int *gvals;
    unsigned gmask;
    int *fitem;             /* per ir_func_slot: the function's item, or -1 */
    const IrFunc **fn;      /* per item - n: the function */
    int *first;             /* per item: its first edge in succ (CSR) */
    int *succ;              /* edges: the items an item names, each once */
    int nsucc, capsucc;
    int *seen;              /* per item: the last item whose edges named it */
    int cur;                /* the item whose edges are being collected */
} Io;

static unsigned io_hash(const void *p)
{
    uintptr_t x = (uintptr_t)p;
    x ^= x >> 17;
    x *= 0x9E3779B1u;
    return (unsigned)(x ^ (x >> 15));
}

static int io_global(const Io *io, const Global *g)
{
    for (unsigned i = io_hash(g) & io->gmask; io->gkeys[i]; i = (i + 1) & io->gmask)
        if (io->gkeys[i] == g)
            return io->gvals[i];
    return -1;
}

static void io_edge(Io *io, int v)
{
    if (v < 0 || v == io->cur || io->seen[v] == io->cur)
        return;
    io->seen[v] = io->cur;
    io->succ = mem_grow(g_scratch, io->succ, &io->capsucc, io->nsucc, sizeof(int));
    io->succ[io->nsucc++] = v;
}

static void io_opd(const IrOpd *o, void *ctx)
{
    Io *io = ctx;
    if (o->kind == OPD_GLOBAL)
        io_edge(io, io_global(io, o->global));
}

/* The item of the function fn names (found the first time), or -1. */
static int io_func(Io *io, const FnInst *fn)
{
    int k = ir_func_slot(io->ir, fn);
    if (k < 0)
        return -1;
    if (io->fitem[k] < 0) {
        const IrFunc *f = ir_find_func(io->ir, fn);
        if (!f || io->nitems == io->maxitems)
            return -1;
        io->fitem[k] = io->nitems;
        io->fn[io->nitems - io->n] = f;
        io->seen[io->nitems] = -1;
        io->nitems++;
    }
    return io->fitem[k];
}

static void io_scan(Io *io, const IrFunc *f, int from, int to)
{
    for (int i = from; i < to; i++) {
        const IrIns *in = &f->ins[i];
        ir_each_read(in, io_opd, io);
        if (in->fn)
            io_edge(io, io_func(io, in->fn));
    }
}

/* Each item's edges; functions become items as they are first named, so
 * the loop reaches every function the initialisers reach. */
static void io_graph(Io *io)
{
    io->gmask = 16;
    while (io->gmask < (unsigned)io->n * 2 + 2)
        io->gmask *= 2;
    io->gkeys = SCRATCH_ARRAY(const Global *, io->gmask);
    io->gvals = SCRATCH_ARRAY(int, io->gmask);
    io->gmask--;
    for (int k = 0; k < io->n; k++) {
        unsigned i = io_hash(io->r[k].global) & io->gmask;
        while (io->gkeys[i])
            i = (i + 1) & io->gmask;
        io->gkeys[i] = io->r[k].global;
        io->gvals[i] = k;
    }
    io->maxitems = io->n + io->ir->nfuncs;
    io->fitem = SCRATCH_ARRAY(int, io->ir->fn_cap + 1);
    for (int k = 0; k <= io->ir->fn_cap; k++)
        io->fitem[k] = -1;
    io->fn = SCRATCH_ARRAY(const IrFunc *, io->ir->nfuncs + 1);
    io->first = SCRATCH_ARRAY(int, io->maxitems + 1);
    io->seen = SCRATCH_ARRAY(int, io->maxitems + 1);
    for (int k = 0; k < io->n; k++)
        io->seen[k] = -1;
    io->nitems = io->n;
    for (int u = 0; u < io->nitems; u++) {
        io->cur = u;
        io->first[u] = io->nsucc;
        if (u < io->n)
            io_scan(io, io->init, io->r[u].start, io->r[u + 1].start);
        else
            io_scan(io, io->fn[u - io->n], 0, io->fn[u - io->n]->nins);
    }
    io->first[io->nitems] = io->nsucc;
}

/* Tarjan's strongly connected components, without recursion: comp per
 * item; returns how many. */
static int io_scc(const Io *io, int *comp)
{
    int N = io->nitems, next = 0, ncomp = 0, sp = 0, cp = 0;
    int *index = SCRATCH_ARRAY(int, N), *low = SCRATCH_ARRAY(int, N);
    int *stack = SCRATCH_ARRAY(int, N), *calls = SCRATCH_ARRAY(int, N);
    int *edge = SCRATCH_ARRAY(int, N);
    bool *on = SCRATCH_ARRAY(bool, N);
    for (int v = 0; v < N; v++)
        index[v] = -1;
    for (int r = 0; r < N; r++) {
        if (index[r] >= 0)
            continue;
        index[r] = low[r] = next++;
        edge[r] = io->first[r];
        stack[sp++] = r;
        on[r] = true;
        calls[cp++] = r;
        while (cp > 0) {
            int v = calls[cp - 1];
            if (edge[v] < io->first[v + 1]) {
                int w = io->succ[edge[v]++];
                if (index[w] < 0) {
                    index[w] = low[w] = next++;
                    edge[w] = io->first[w];
                    stack[sp++] = w;
                    on[w] = true;
                    calls[cp++] = w;
                } else if (on[w] && index[w] < low[v]) {
                    low[v] = index[w];
                }
                continue;
            }
            cp--;
            if (low[v] == index[v]) {
                int w;
                do {
                    w = stack[--sp];
                    on[w] = false;
                    comp[w] = ncomp;
                } while (w != v);
                ncomp++;
            }
            if (cp > 0 && low[v] < low[calls[cp - 1]])
                low[calls[cp - 1]] = low[v];
        }
    }
    return ncomp;
}

/* ---- a min-heap of initialisers ---- */

typedef struct IoHeap {
    int *a;
    int len;
} IoHeap;

static void io_push(IoHeap *h, int k)
{
    int i = h->len++;
    while (i > 0 && h->a[(i - 1) / 2] > k) {
        h->a[i] = h->a[(i - 1) / 2];
        i = (i - 1) / 2;
    }
    h->a[i] = k;
}

static int io_pop(IoHeap *h)
{
    int top = h->a[0], last = h->a[--h->len], i = 0;
    for (;;) {
        int c = 2 * i + 1;
        if (c >= h->len)
            break;
        if (c + 1 < h->len && h->a[c + 1] < h->a[c])
            c++;
        if (h->a[c] >= last)
            break;
        h->a[i] = h->a[c];
        i = c;
    }
    if (h->len > 0)
        h->a[i] = last;
    return top;
}

/* The components in dependency order (Kahn), the earliest ready
 * initialiser first: order[0..n) gets the initialisers. */
static void io_order(const Io *io, int *order)
{
    int N = io->nitems, n = io->n;
    int *comp = SCRATCH_ARRAY(int, N);
    int nc = io_scc(io, comp);
    /* Per component: its initialisers in declaration order (CSR), and how
     * many edges it has to components not yet done. */
    int *gfirst = SCRATCH_ARRAY(int, nc + 1);
    int *gmem = SCRATCH_ARRAY(int, n + 1), *gpos = SCRATCH_ARRAY(int, nc);
    int *wait = SCRATCH_ARRAY(int, nc), *rfirst = SCRATCH_ARRAY(int, nc + 1);
    for (int k = 0; k < n; k++)
        gfirst[comp[k] + 1]++;
    for (int c = 0; c < nc; c++)
        gfirst[c + 1] += gfirst[c];
    for (int k = 0; k < n; k++)
        gmem[gfirst[comp[k]] + gpos[comp[k]]++] = k;
    /* Reversed edges between components: who waits for whom. */
    for (int u = 0; u < N; u++)
        for (int e = io->first[u]; e < io->first[u + 1]; e++)
            if (comp[io->succ[e]] != comp[u]) {
                wait[comp[u]]++;
                rfirst[comp[io->succ[e]] + 1]++;
            }
    for (int c = 0; c < nc; c++)
        rfirst[c + 1] += rfirst[c];
    int *rpos = SCRATCH_ARRAY(int, nc);
    int *rev = SCRATCH_ARRAY(int, rfirst[nc] + 1);
    for (int u = 0; u < N; u++)
        for (int e = io->first[u]; e < io->first[u + 1]; e++) {
            int cv = comp[io->succ[e]];
            if (cv != comp[u])
                rev[rfirst[cv] + rpos[cv]++] = comp[u];
        }
    IoHeap heap = { SCRATCH_ARRAY(int, n + 1), 0 };
    int *done = SCRATCH_ARRAY(int, nc + 1), ndone = 0, m = 0;
    memset(gpos, 0, sizeof(int) * (size_t)nc);
    /* A component ready: functions only are done at once; one with
     * initialisers offers its first, the rest one after another. */
#define IO_READY(c)                                          \
    do {                                                     \
        if (gfirst[(c) + 1] == gfirst[c])                    \
            done[ndone++] = (c);                             \
        else                                                 \
            io_push(&heap, gmem[gfirst[c]]);                 \
    } while (0)
    for (int c = 0; c < nc; c++)
        if (wait[c] == 0)
            IO_READY(c);
    for (;;) {
        while (ndone > 0) {
            int c = done[--ndone];
            for (int e = rfirst[c]; e < rfirst[c + 1]; e++)
                if (--wait[rev[e]] == 0)
                    IO_READY(rev[e]);
        }
        if (heap.len == 0)
            break;
        int k = io_pop(&heap), c = comp[k];
        order[m++] = k;
        if (gfirst[c] + ++gpos[c] < gfirst[c + 1])
            io_push(&heap, gmem[gfirst[c] + gpos[c]]);
        else
            done[ndone++] = c;
    }
#undef IO_READY
    if (m != n)
        fatal_internal("global initialisers: %d of %d ordered", m, n);
}

/* ---- moving the ranges ---- */

static int io_site(void *smap, int s)
{
    return ((const int *)smap)[s];
}

/* The ranges in the new order, with temps and sites numbered as if they
 * had been lowered in it. */
static void io_move(IrFunc *f, const LxInitRange *r, int n, const int *order)
{
    IrFunc src = ir_rebuild(f);
    int *tmap = SCRATCH_ARRAY(int, src.ntemps + 1), *smap = SCRATCH_ARRAY(int, src.nsites + 1);
    IrClone map = { tmap, src.ntemps, io_site, NULL, smap };
    int nt = 0, ns = 0;
    for (int j = 0; j < n; j++) {
        const LxInitRange *a = &r[order[j]], *b = a + 1;
        for (int t = a->temp; t < b->temp; t++)
            tmap[t] = nt++;
        for (int s = a->site; s < b->site; s++)
            smap[s] = ns++;
    }
    for (int j = 0; j < n; j++)
        for (int i = r[order[j]].start; i < r[order[j] + 1].start; i++)
            ir_clone_ins(f, &src.ins[i], &map);
    Type **temps = mem_dup(g_scratch, src.temps, sizeof(Type *) * (size_t)src.ntemps);
    IrSite *sites = mem_dup(g_scratch, src.sites, sizeof(IrSite) * (size_t)src.nsites);
    for (int t = 0; t < src.ntemps; t++)
        f->temps[tmap[t]] = temps[t];
    for (int s = 0; s < src.nsites; s++)
        f->sites[smap[s]] = sites[s];
}

void lx_init_order(IrProgram *ir, IrFunc *init, const LxInitRange *r, int n)
{
    if (n < 2)
        return;
    ArenaMark m = mem_mark(g_scratch);
    Io io = { .ir = ir, .init = init, .r = r, .n = n };
    io_graph(&io);
    int *order = SCRATCH_ARRAY(int, n);
    io_order(&io, order);
    int k = 0;
    while (k < n && order[k] == k)
        k++;
    if (k < n)
        io_move(init, r, n, order);
    mem_release(g_scratch, m);
}
