// langarena: Compress::LZWEncode size iterations
//
// Hand-written C twin of bench/apps/lzw_encode_{builtin,library}.gs: LZW
// compression of `size` bytes of "ABRACADABRA" repeated. Each run starts a
// dictionary of the 256 one-byte strings and walks the input: when cur + b
// is in the dictionary, cur becomes cur + b; otherwise cur's code is
// emitted (2 bytes), cur + b becomes the next code and cur becomes b; at the
// end cur is emitted. The checksum adds the output's length of every run.
//
// Memory: every string is its own malloc'd buffer, as the original makes a
// new string for each cur + b (each input byte mallocs the candidate; it
// becomes cur, the old cur freed, or a dictionary entry); the dictionary's
// strings are freed at the end of a run. The string -> code map is an
// open-addressing table (linear probing, FNV-1a extended byte by byte,
// doubled at half full); dictionary, hashes and output are growable arrays
// kept over the runs.
// Usage: lzw_encode size iterations expected_checksum.
#include "la.h"

static const char *NAME = "Compress::LZWEncode";
#define FNV_BASIS 14695981039346656037ull
#define FNV_PRIME 1099511628211ull

typedef struct {
    unsigned char *p;
    int64_t len;
} Str;

static unsigned char *data;
static int64_t size;
static Str *dict;
static uint64_t *hashes;
static int64_t dict_len, dict_cap;
static int64_t *table;  /* code or -1; a power of two, at most half full */
static uint64_t mask;
static unsigned char *out;
static int64_t out_len, out_cap;
static uint32_t result;

static inline uint64_t fnv_step(uint64_t h, unsigned char b) { return (h ^ b) * FNV_PRIME; }

static uint64_t find(Str s, uint64_t h) {
    for (uint64_t i = h & mask;; i = (i + 1) & mask) {
        int64_t code = table[i];
        if (code < 0 || (hashes[code] == h && dict[code].len == s.len &&
                         memcmp(dict[code].p, s.p, (size_t)s.len) == 0))
            return i;
    }
}

static void fill_table(uint64_t n) {
    table = la_alloc(n * sizeof *table);
    mask = n - 1;
    memset(table, 0xff, n * sizeof *table);
}

static void grow(void) {
    uint64_t n = (mask + 1) * 2;
    free(table);
    fill_table(n);
    for (int64_t code = 0; code < dict_len; code++) {
        uint64_t i = hashes[code] & mask;
        while (table[i] >= 0)
            i = (i + 1) & mask;
        table[i] = code;
    }
}

static void add(Str s, uint64_t h, uint64_t slot) {
    if (dict_len == dict_cap) {
        dict_cap = dict_cap ? 2 * dict_cap : 1024;
        dict = la_realloc(dict, (size_t)dict_cap * sizeof *dict);
        hashes = la_realloc(hashes, (size_t)dict_cap * sizeof *hashes);
    }
    table[slot] = dict_len;
    dict[dict_len] = s;
    hashes[dict_len++] = h;
    if ((uint64_t)dict_len * 2 > mask + 1)
        grow();
}

static void emit(int64_t code) {
    if (out_len + 2 > out_cap) {
        out_cap = out_cap ? 2 * out_cap : 1024;
        out = la_realloc(out, (size_t)out_cap);
    }
    out[out_len++] = (unsigned char)(code >> 8);
    out[out_len++] = (unsigned char)code;
}

static Str single(unsigned char b) {
    Str s = {la_alloc(1), 1};
    s.p[0] = b;
    return s;
}

static void prepare(void) {
    static const char src[] = "ABRACADABRA";
    data = la_alloc((size_t)size);
    for (int64_t i = 0; i < size; i++)
        data[i] = (unsigned char)src[i % 11];
    fill_table(1024);
}

static void run(int64_t it) {
    (void)it;
    for (int b = 0; b < 256; b++) {
        Str s = single((unsigned char)b);
        uint64_t h = fnv_step(FNV_BASIS, (unsigned char)b);
        add(s, h, find(s, h));
    }
    out_len = 0;
    Str cur = {NULL, 0};
    uint64_t cur_h = FNV_BASIS;
    int64_t cur_code = -1;
    for (int64_t i = 0; i < size; i++) {
        unsigned char b = data[i];
        Str cand = {la_alloc((size_t)cur.len + 1), cur.len + 1};
        if (cur.len)
            memcpy(cand.p, cur.p, (size_t)cur.len);
        cand.p[cur.len] = b;
        uint64_t h = fnv_step(cur_h, b);
        uint64_t slot = find(cand, h);
        free(cur.p);
        if (table[slot] >= 0) {
            cur = cand;
            cur_h = h;
            cur_code = table[slot];
        } else {
            emit(cur_code);
            add(cand, h, slot);
            cur = single(b);
            cur_h = fnv_step(FNV_BASIS, b);
            cur_code = b;
        }
    }
    if (cur.len > 0)
        emit(cur_code);
    free(cur.p);
    for (int64_t code = 0; code < dict_len; code++)
        free(dict[code].p);
    dict_len = 0;
    memset(table, 0xff, (mask + 1) * sizeof *table);
    result += (uint32_t)out_len;
}

static uint32_t checksum(void) { return result; }

int main(int argc, char **argv) {
    int64_t in[2], expected;
    la_args(argc, argv, NAME, "lzw_encode size iterations expected_checksum", 2, in, &expected);
    size = in[0];
    if (size < 0 || in[1] < 0) {
        fprintf(stderr, "%s: size and iterations must be >= 0\n", NAME);
        return 2;
    }
    return la_harness(NAME, in[1], expected, prepare, run, checksum);
}
