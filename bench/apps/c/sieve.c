// langarena: Etc::Sieve limit iterations
//
// Hand-written C twin of bench/apps/sieve.gs: a sieve of Eratosthenes up to
// `limit` each run over one flags array (malloc'd once, memset each run);
// the checksum (u32) adds the last prime and the count of primes of every
// run. Usage: sieve limit iterations expected_checksum.
#include "la.h"

static const char *NAME = "Etc::Sieve";
static int64_t limit;
static unsigned char *flags;
static uint32_t result;

static void prepare(void) { flags = la_alloc((size_t)limit + 1); }

static void run(int64_t it) {
    (void)it;
    memset(flags, 0, (size_t)limit + 1);
    int64_t last = 0, count = 0;
    for (int64_t i = 2; i <= limit; i++) {
        if (!flags[i]) {
            last = i;
            count++;
            for (int64_t j = i * i; j <= limit; j += i)
                flags[j] = 1;
        }
    }
    result += (uint32_t)(last + count);
}

static uint32_t checksum(void) { return result; }

int main(int argc, char **argv) {
    int64_t in[2], expected;
    la_args(argc, argv, NAME, "sieve limit iterations expected_checksum", 2, in, &expected);
    limit = in[0];
    if (limit < 0) {
        fprintf(stderr, "%s: limit must be >= 0\n", NAME);
        return 2;
    }
    return la_harness(NAME, in[1], expected, prepare, run, checksum);
}
