/* mul_gmp.c — the GMP arm of bench/stdlib/bigint/run.py: mpz_mul of
 * 3^20959 by 7^11833 (10,000 digits each) `rounds` times (argv[1]) into
 * one mpz_t, then `checksum <low 64 bits of the product> pairs <rounds>`.
 * Built with -DCONTROL it multiplies twice per round: the positive
 * control, an arm known to take longer. */
#include <gmp.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    long rounds = argc > 1 ? atol(argv[1]) : 1;
    mpz_t a, b, z;
    mpz_inits(a, b, z, NULL);
    mpz_ui_pow_ui(a, 3, 20959);
    mpz_ui_pow_ui(b, 7, 11833);
    for (long i = 0; i < rounds; i++) {
        mpz_mul(z, a, b);
#ifdef CONTROL
        mpz_mul(z, b, a);
#endif
    }
    unsigned long long v = rounds > 0 ? (unsigned long long)mpz_getlimbn(z, 0) : 0;
    printf("checksum %llu pairs %ld\n", v, rounds);
    return 0;
}
