// langarena: Graph::BFS vertices jumps jump_len iterations
//
// Hand-written C twin of bench/apps/graph_bfs_{builtin,library}.gs: each
// run adds the length of a shortest path from 0 to vertices-1, found
// breadth first, to the checksum (graph_common.h). The queue of
// (vertex, distance) steps and the visited flags are arrays malloc'd once
// in prepare (each vertex is queued at most once, so V steps suffice).
// Usage: graph_bfs vertices jumps jump_len iterations expected_checksum.
#include "graph_common.h"

typedef struct {
    int32_t v, dist;
} Step;

static unsigned char *visited;
static Step *queue;

static void search_prepare(void) {
    visited = la_alloc((size_t)vertices);
    queue = la_alloc((size_t)vertices * sizeof *queue);
}

static int64_t search(int64_t start, int64_t target) {
    if (start == target)
        return 0;
    memset(visited, 0, (size_t)vertices);
    int64_t head = 0, tail = 0;
    visited[start] = 1;
    queue[tail++] = (Step){(int32_t)start, 0};
    while (head < tail) {
        Step s = queue[head++];
        const int32_t *ns = adj[s.v];
        for (int64_t k = 0, d = deg[s.v]; k < d; k++) {
            int32_t n = ns[k];
            if (n == target)
                return s.dist + 1;
            if (!visited[n]) {
                visited[n] = 1;
                queue[tail++] = (Step){n, s.dist + 1};
            }
        }
    }
    return -1;
}

int main(int argc, char **argv) {
    return graph_main(argc, argv, "Graph::BFS",
                      "graph_bfs vertices jumps jump_len iterations expected_checksum");
}
