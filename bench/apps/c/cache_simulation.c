// langarena: Etc::CacheSimulation values size iterations
//
// Hand-written C twin of bench/apps/cache_simulation_{builtin,library}.gs:
// an LRU cache of capacity `size`; each run does 1000 operations on the key
// "item_" + next_int(values): a hit moves the node to the head of the
// recency list and replaces its value with "updated_<run>"; a miss evicts
// the tail when the cache is full and inserts "new_<run>" at the head. The
// checksum folds hits, misses and the final count.
//
// Memory: malloc'd list nodes linked by pointer; every key and value string
// is its own malloc'd buffer (each operation allocates its key, a hit frees
// it again, as the Goose ports do in their slice pool). The key -> node map
// is an open-addressing table of node pointers (linear probing on FNV-1a,
// backward-shift deletion), made once in prepare.
// Usage: cache_simulation values size iterations expected_checksum.
#include "la.h"

static const char *NAME = "Etc::CacheSimulation";
enum { OPS = 1000 };

typedef struct Text {
    char *p;
    int64_t len;
} Text;

typedef struct Node {
    Text key, value;
    uint64_t hash;
    struct Node *prev, *next;
} Node;

static Node **table;  /* node or NULL; a power of two >= 2 * capacity */
static uint64_t mask;
static Node *head, *tail;
static int64_t count, capacity, values;
static uint32_t hits, misses;

static int64_t digits(int64_t n) {
    int64_t d = 1;
    while (n >= 10) {
        n /= 10;
        d++;
    }
    return d;
}

/* prefix + decimal n in a new buffer. */
static Text make_text(const char *prefix, int64_t plen, int64_t n) {
    Text t = {la_alloc((size_t)(plen + digits(n))), plen + digits(n)};
    memcpy(t.p, prefix, (size_t)plen);
    for (int64_t i = t.len; i > plen; n /= 10)
        t.p[--i] = (char)('0' + n % 10);
    return t;
}

static uint64_t hash_text(Text t) {
    uint64_t h = 14695981039346656037ull;
    for (int64_t i = 0; i < t.len; i++)
        h = (h ^ (unsigned char)t.p[i]) * 1099511628211ull;
    return h;
}

/* The slot holding the node whose key is k, else the empty slot where k belongs. */
static uint64_t find(Text k, uint64_t h) {
    for (uint64_t i = h & mask;; i = (i + 1) & mask) {
        Node *n = table[i];
        if (!n || (n->hash == h && n->key.len == k.len && memcmp(n->key.p, k.p, (size_t)k.len) == 0))
            return i;
    }
}

/* Whether home lies cyclically in (i, j]. */
static int cyclic_in(uint64_t home, uint64_t i, uint64_t j) {
    return i <= j ? (i < home && home <= j) : (i < home || home <= j);
}

/* Empties slot i, moving later entries of its probe run back. */
static void table_remove(uint64_t i) {
    for (uint64_t j = i;;) {
        j = (j + 1) & mask;
        Node *n = table[j];
        if (!n)
            break;
        if (!cyclic_in(n->hash & mask, i, j)) {
            table[i] = n;
            i = j;
        }
    }
    table[i] = NULL;
}

static void unlink_node(Node *n) {
    if (n->prev)
        n->prev->next = n->next;
    else
        head = n->next;
    if (n->next)
        n->next->prev = n->prev;
    else
        tail = n->prev;
}

static void push_front(Node *n) {
    n->prev = NULL;
    n->next = head;
    if (head)
        head->prev = n;
    else
        tail = n;
    head = n;
}

static void evict(void) {
    Node *t = tail;
    table_remove(find(t->key, t->hash));
    unlink_node(t);
    free(t->key.p);
    free(t->value.p);
    free(t);
    count--;
}

static void op(int64_t it) {
    Text k = make_text("item_", 5, la_next_int(values));
    uint64_t h = hash_text(k);
    uint64_t slot = find(k, h);
    Node *found = table[slot];
    if (found) {
        hits++;
        free(k.p);
        unlink_node(found);
        push_front(found);
        free(found->value.p);
        found->value = make_text("updated_", 8, it);
        return;
    }
    misses++;
    if (count >= capacity) {
        evict();
        slot = find(k, h);
    }
    Node *n = la_alloc(sizeof *n);
    n->key = k;
    n->value = make_text("new_", 4, it);
    n->hash = h;
    table[slot] = n;
    push_front(n);
    count++;
}

static void prepare(void) {
    uint64_t n = 8;
    while ((int64_t)n < 2 * capacity)
        n *= 2;
    table = la_zalloc(n * sizeof *table);
    mask = n - 1;
}

static void run(int64_t it) {
    for (int i = 0; i < OPS; i++)
        op(it);
}

static uint32_t checksum(void) {
    uint32_t r = 5432;
    r = (r << 5) + hits;
    r = (r << 5) + misses;
    r = (r << 5) + (uint32_t)count;
    return r;
}

int main(int argc, char **argv) {
    int64_t in[3], expected;
    la_args(argc, argv, NAME, "cache_simulation values size iterations expected_checksum", 3, in, &expected);
    values = in[0];
    capacity = in[1];
    if (values < 1 || capacity < 1 || in[2] < 0) {
        fprintf(stderr, "%s: values and size must be >= 1, iterations >= 0\n", NAME);
        return 2;
    }
    return la_harness(NAME, in[2], expected, prepare, run, checksum);
}
