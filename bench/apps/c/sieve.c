// langarena: Etc::Sieve limit iterations
//
// Hand-written C twin of bench/apps/sieve.gs, as upstream's: a byte per
// number up to `limit` made and freed each run, the multiples of every
// prime up to sqrt(limit) struck out, the odd numbers counted; the checksum
// (u32) adds the last prime and the count of primes of every run.
// Usage: sieve limit iterations expected_checksum.
#include "la.h"

static const char *NAME = "Etc::Sieve";
static int64_t limit;
static uint32_t result;

static void prepare(void) {}

static void run(int64_t it) {
    (void)it;
    unsigned char *primes = la_alloc((size_t)limit + 1);
    memset(primes, 1, (size_t)limit + 1);
    primes[0] = 0;
    primes[1] = 0;
    int64_t sqrt_limit = 0; /* floor(sqrt(limit)), as upstream's (int)sqrt((double)limit), without libm */
    while ((sqrt_limit + 1) * (sqrt_limit + 1) <= limit)
        sqrt_limit++;
    for (int64_t p = 2; p <= sqrt_limit; p++)
        if (primes[p] == 1)
            for (int64_t m = p * p; m <= limit; m += p)
                primes[m] = 0;
    int64_t last = 2, count = 1;
    for (int64_t n = 3; n <= limit; n += 2)
        if (primes[n] == 1) {
            last = n;
            count++;
        }
    free(primes);
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
