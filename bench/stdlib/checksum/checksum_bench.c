/* checksum_bench.c — the C arms of bench/stdlib/checksum/run.py: the same
 * program as checksum_bench.gs with OpenSSL's SHA256() (libcrypto) and
 * zlib's crc32(). OpenSSL picks its code at run time (SHA extensions,
 * AVX2, SSSE3 or plain x86-64); run.py selects one with OPENSSL_ia32cap. */
#include <openssl/sha.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

int main(int argc, char **argv)
{
    if (argc != 4)
        return 2;
    const char *algo = argv[1];
    long size = atol(argv[2]), reps = atol(argv[3]);
    uint8_t *data = malloc((size_t)size);
    uint64_t x = 12345;
    for (long i = 0; i < size; i++) {
        x = x * 6364136223846793005u + 1442695040888963407u;
        data[i] = (uint8_t)(x >> 56);
    }
    uint64_t acc = 0;
    for (long r = 0; r < reps; r++) {
        data[(r * 7919) % size] ^= 1;
        uint64_t v = 0;
        if (strcmp(algo, "sha256") == 0) {
            uint8_t d[32];
            SHA256(data, (size_t)size, d);
            for (int k = 0; k < 8; k++)
                v |= (uint64_t)d[k] << (8 * k);
        } else {
            v = crc32(0, data, (uInt)size);
        }
        acc = acc * 31 + v;
    }
    printf("checksum %llu pairs %ld\n", (unsigned long long)acc, reps);
    free(data);
    return 0;
}
