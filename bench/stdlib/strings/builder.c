/* builder.c — what a C programmer writes for strings.Builder: a buffer that
 * doubles with realloc and memcpy per piece; the same rounds, pieces and
 * checksum as builder.gs. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
    long rounds = argc > 1 ? atol(argv[1]) : 0;
    char piece[64];
    for (int i = 0; i < 64; i++)
        piece[i] = (char)('a' + i % 26);
    char *buf = NULL;
    size_t len = 0, cap = 0;
    uint64_t sum = 0;
    for (long r = 0; r < rounds; r++) {
        len = 0;
        for (long i = 0; i < 1048576; i++) {
            if (len + 64 > cap) {
                cap = cap ? cap * 2 : 64;
                buf = realloc(buf, cap);
                if (!buf)
                    return 1;
            }
            memcpy(buf + len, piece, 64);
            len += 64;
        }
        for (size_t k = (size_t)r; k < len; k += 65537)
            sum += (unsigned char)buf[k];
    }
    printf("checksum %llu pairs %ld\n", (unsigned long long)sum, rounds * 1048576);
    free(buf);
    return 0;
}
