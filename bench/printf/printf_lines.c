/* The C peer of printf_lines.gs: the same lines through stdio's printf. */
#include <stdio.h>

int main(void) {
    double x = 0.5;
    for (long i = 0; i < 1000000; i++) {
        printf("%ld %g\n", i, x);
        x = x * 1.0000003 + 0.25;
    }
    return 0;
}
