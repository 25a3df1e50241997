// langarena: Binarytrees::Obj depth iterations
//
// Hand-written C twin of bench/apps/binarytrees_obj_{builtin,library}.gs:
// each run builds node(0, depth) — children node(item - 2^(d-1), d-1) and
// node(item + 2^(d-1), d-1) when d > 0 — as separately malloc'd nodes linked
// by pointer (parent first), adds the sum of item + 1 over the tree to the
// checksum (u32), and frees it children first. The Goose ports take a pool
// slot per node instead; here glibc malloc/free (tcache) plays that part.
// Usage: binarytrees_obj depth iterations expected_checksum.
#include "la.h"

static const char *NAME = "Binarytrees::Obj";

typedef struct Node {
    int64_t item;
    struct Node *left, *right;
} Node;

static int64_t depth;
static uint32_t result;

static Node *build(int64_t item, int64_t d) {
    Node *n = la_alloc(sizeof *n);
    n->item = item;
    n->left = n->right = NULL;
    if (d > 0) {
        int64_t half = (int64_t)1 << (d - 1);
        n->left = build(item - half, d - 1);
        n->right = build(item + half, d - 1);
    }
    return n;
}

static uint32_t check(const Node *n) {
    uint32_t s = (uint32_t)(n->item + 1);
    if (n->left)
        s += check(n->left) + check(n->right);
    return s;
}

static void release(Node *n) {
    if (n->left) {
        release(n->left);
        release(n->right);
    }
    free(n);
}

static void prepare(void) {}

static void run(int64_t it) {
    (void)it;
    Node *root = build(0, depth);
    result += check(root);
    release(root);
}

static uint32_t checksum(void) { return result; }

int main(int argc, char **argv) {
    int64_t in[2], expected;
    la_args(argc, argv, NAME, "binarytrees_obj depth iterations expected_checksum", 2, in, &expected);
    depth = in[0];
    return la_harness(NAME, in[1], expected, prepare, run, checksum);
}
