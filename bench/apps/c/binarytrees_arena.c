// langarena: Binarytrees::Arena depth iterations
//
// Hand-written C twin of bench/apps/binarytrees_arena.gs: each run builds
// node(0, depth) in one arena — an array malloc'd per run with room for 1024
// nodes, grown by realloc to twice its capacity when full — with children
// linked by index (-1 for none), adds the sum of item + 1 over the tree to
// the checksum (u32) and frees the arena.
// Usage: binarytrees_arena depth iterations expected_checksum.
#include "la.h"

static const char *NAME = "Binarytrees::Arena";

typedef struct {
    int32_t item, left, right; /* 12 bytes, as upstream and the Goose port */
} Node;

static Node *nodes;
static int64_t count, cap;
static int64_t depth;
static uint32_t result;

static int64_t add(int64_t item) {
    if (count == cap) {
        cap = la_max(1024, 2 * cap);
        nodes = la_realloc(nodes, (size_t)cap * sizeof *nodes);
    }
    nodes[count] = (Node){(int32_t)item, -1, -1};
    return count++;
}

static int64_t build(int64_t item, int64_t d) {
    int64_t i = add(item);
    if (d > 0) {
        int64_t half = (int64_t)1 << (d - 1);
        int64_t l = build(item - half, d - 1);
        int64_t r = build(item + half, d - 1);
        nodes[i].left = (int32_t)l;
        nodes[i].right = (int32_t)r;
    }
    return i;
}

static uint32_t check(int64_t i) {
    const Node n = nodes[i];
    uint32_t s = (uint32_t)(n.item + 1);
    if (n.left >= 0)
        s += check(n.left) + check(n.right);
    return s;
}

static void prepare(void) {}

static void run(int64_t it) {
    (void)it;
    cap = 1024;
    count = 0;
    nodes = la_alloc((size_t)cap * sizeof *nodes);
    int64_t root = build(0, depth);
    result += check(root);
    free(nodes);
    nodes = NULL;
    cap = count = 0;
}

static uint32_t checksum(void) { return result; }

int main(int argc, char **argv) {
    int64_t in[2], expected;
    la_args(argc, argv, NAME, "binarytrees_arena depth iterations expected_checksum", 2, in, &expected);
    depth = in[0];
    return la_harness(NAME, in[1], expected, prepare, run, checksum);
}
