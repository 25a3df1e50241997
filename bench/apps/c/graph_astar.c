// langarena: Graph::AStar vertices jumps jump_len iterations
//
// Hand-written C twin of bench/apps/graph_astar_{builtin,library}.gs: A*
// from 0 to vertices-1 with h(v) = target - v, g[] = infinity, a binary
// min-heap on f (push sifts up past strictly greater parents; pop sifts the
// last entry down towards the smaller child, the left one on a tie), and
// in_open / closed flags; a vertex is pushed only when not already open.
// Each run adds g of the target to the checksum (graph_common.h). g, the
// flags and the heap are arrays malloc'd once in prepare (a vertex is
// pushed at most once: it is closed when popped).
// Usage: graph_astar vertices jumps jump_len iterations expected_checksum.
#include "graph_common.h"

typedef struct {
    int32_t v, f;
} Entry;

static int32_t *g;
static unsigned char *in_open, *closed;
static Entry *heap;
static int64_t heap_len;

static void search_prepare(void) {
    g = la_alloc((size_t)vertices * sizeof *g);
    in_open = la_alloc((size_t)vertices);
    closed = la_alloc((size_t)vertices);
    heap = la_alloc((size_t)vertices * sizeof *heap);
}

static void heap_push(Entry e) {
    int64_t i = heap_len++;
    while (i > 0) {
        int64_t p = (i - 1) / 2;
        if (heap[p].f <= e.f)
            break;
        heap[i] = heap[p];
        i = p;
    }
    heap[i] = e;
}

static Entry heap_pop(void) {
    Entry top = heap[0];
    Entry e = heap[--heap_len];
    int64_t n = heap_len;
    if (n > 0) {
        int64_t i = 0;
        for (;;) {
            int64_t c = 2 * i + 1;
            if (c >= n)
                break;
            if (c + 1 < n && heap[c + 1].f < heap[c].f)
                c++;
            if (heap[c].f >= e.f)
                break;
            heap[i] = heap[c];
            i = c;
        }
        heap[i] = e;
    }
    return top;
}

static int64_t search(int64_t start, int64_t target) {
    for (int64_t i = 0; i < vertices; i++)
        g[i] = INT32_MAX;
    memset(in_open, 0, (size_t)vertices);
    memset(closed, 0, (size_t)vertices);
    heap_len = 0;
    g[start] = 0;
    heap_push((Entry){(int32_t)start, (int32_t)(target - start)});
    in_open[start] = 1;
    while (heap_len > 0) {
        int32_t cur = heap_pop().v;
        in_open[cur] = 0;
        if (cur == target)
            return g[cur];
        closed[cur] = 1;
        const int32_t *ns = adj[cur];
        for (int64_t k = 0, d = deg[cur]; k < d; k++) {
            int32_t n = ns[k];
            if (closed[n])
                continue;
            int32_t t = g[cur] + 1;
            if (t < g[n]) {
                g[n] = t;
                if (!in_open[n]) {
                    heap_push((Entry){n, (int32_t)(t + target - n)});
                    in_open[n] = 1;
                }
            }
        }
    }
    return -1;
}

int main(int argc, char **argv) {
    return graph_main(argc, argv, "Graph::AStar",
                      "graph_astar vertices jumps jump_len iterations expected_checksum");
}
