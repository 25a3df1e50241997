// langarena: Graph::DFS vertices jumps jump_len iterations
//
// Hand-written C twin of bench/apps/graph_dfs_{builtin,library}.gs: each
// run adds the start-target distance a depth-first search with pruning
// finds (a stack of (vertex, distance); pop; skip a visited vertex or one
// no closer than the best; mark it; the target updates the best, other
// unvisited neighbours are pushed) to the checksum (graph_common.h). The
// stack is a growable array (realloc doubling) kept over the runs.
// Usage: graph_dfs vertices jumps jump_len iterations expected_checksum.
#include "graph_common.h"

typedef struct {
    int32_t v, dist;
} Step;

static unsigned char *visited;
static Step *stack;
static int64_t stack_cap;

static void search_prepare(void) {
    visited = la_alloc((size_t)vertices);
    stack_cap = 1024;
    stack = la_alloc((size_t)stack_cap * sizeof *stack);
}

static int64_t search(int64_t start, int64_t target) {
    if (start == target)
        return 0;
    memset(visited, 0, (size_t)vertices);
    int64_t top = 0;
    stack[top++] = (Step){(int32_t)start, 0};
    int32_t best = INT32_MAX;
    while (top > 0) {
        Step s = stack[--top];
        if (visited[s.v] || s.dist >= best)
            continue;
        visited[s.v] = 1;
        const int32_t *ns = adj[s.v];
        for (int64_t k = 0, d = deg[s.v]; k < d; k++) {
            int32_t n = ns[k];
            if (n == target) {
                best = la_min(best, s.dist + 1);
            } else if (!visited[n]) {
                if (top == stack_cap) {
                    stack_cap *= 2;
                    stack = la_realloc(stack, (size_t)stack_cap * sizeof *stack);
                }
                stack[top++] = (Step){n, s.dist + 1};
            }
        }
    }
    return best == INT32_MAX ? -1 : best;
}

int main(int argc, char **argv) {
    return graph_main(argc, argv, "Graph::DFS",
                      "graph_dfs vertices jumps jump_len iterations expected_checksum");
}
