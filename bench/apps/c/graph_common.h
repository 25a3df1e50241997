/* graph_common.h — the graph of Graph::BFS / DFS / AStar, built in prepare,
 * and the main shared by graph_bfs.c, graph_dfs.c and graph_astar.c.
 * adj[v] is v's adjacency array of int32_t, as upstream's int (malloc'd, deg[v] used of cap[v], grown by
 * realloc to twice its capacity, 4 at first), neighbours in the order they
 * were added. add_edge(u, v) appends v to u's list, then u to v's. Chain:
 * add_edge(i, i-1) for i = 1..V-1; jumps: for each v, next_int(jumps)
 * times, u = v + next_int(jump_len) - jump_len / 2, added when it is
 * another vertex. Each run adds search(0, V-1) (defined by the includer)
 * to the checksum (u32). */
#ifndef GRAPH_COMMON_H
#define GRAPH_COMMON_H
#include "la.h"

static int64_t vertices, jumps, jump_len;
static int32_t **adj;
static int32_t *deg, *cap;
static uint32_t result;

static void append(int64_t u, int64_t v) {
    if (deg[u] == cap[u]) {
        cap[u] = cap[u] ? 2 * cap[u] : 4;
        adj[u] = la_realloc(adj[u], (size_t)cap[u] * sizeof **adj);
    }
    adj[u][deg[u]++] = (int32_t)v;
}

static void add_edge(int64_t u, int64_t v) {
    append(u, v);
    append(v, u);
}

static void build_graph(void) {
    adj = la_zalloc((size_t)vertices * sizeof *adj);
    deg = la_zalloc((size_t)vertices * sizeof *deg);
    cap = la_zalloc((size_t)vertices * sizeof *cap);
    for (int64_t i = 1; i < vertices; i++)
        add_edge(i, i - 1);
    for (int64_t v = 0; v < vertices; v++) {
        int64_t n = la_next_int(jumps);
        for (int64_t k = 0; k < n; k++) {
            int64_t u = v + la_next_int(jump_len) - jump_len / 2;
            if (u >= 0 && u < vertices && u != v)
                add_edge(v, u);
        }
    }
}

static void search_prepare(void);
static int64_t search(int64_t start, int64_t target);

static void prepare(void) {
    build_graph();
    search_prepare();
}

static void run(int64_t it) {
    (void)it;
    result += (uint32_t)search(0, vertices - 1);
}

static uint32_t checksum(void) { return result; }

static int graph_main(int argc, char **argv, const char *name, const char *usage) {
    int64_t in[4], expected;
    la_args(argc, argv, name, usage, 4, in, &expected);
    vertices = in[0];
    jumps = in[1];
    jump_len = in[2];
    if (vertices < 1 || jumps < 1 || jump_len < 1) {
        fprintf(stderr, "%s: vertices, jumps and jump_len must be >= 1\n", name);
        return 2;
    }
    return la_harness(name, in[3], expected, prepare, run, checksum);
}
#endif
