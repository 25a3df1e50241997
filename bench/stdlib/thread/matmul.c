/* matmul.c — the C peer of matmul.gs (bench/stdlib/thread/run.py): the
 * same matrices, loop order and row split, threads from pthread_create
 * (threads 0: on the calling thread). args: n threads reps. */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static int64_t n;
static double *a, *b, *c;

static void mul_rows(int64_t lo, int64_t hi) {
    for (int64_t i = lo; i < hi; i++) {
        double *row = c + i * n;
        for (int64_t j = 0; j < n; j++) row[j] = 0.0;
        for (int64_t k = 0; k < n; k++) {
            double x = a[i * n + k];
            const double *bk = b + k * n;
            for (int64_t j = 0; j < n; j++) row[j] += x * bk[j];
        }
    }
}

typedef struct { int64_t lo, hi; } job;

static void *run(void *p) {
    job *j = p;
    mul_rows(j->lo, j->hi);
    return NULL;
}

int main(int argc, char **argv) {
    if (argc < 4) return 2;
    n = atoll(argv[1]);
    int64_t threads = atoll(argv[2]), reps = atoll(argv[3]);
    a = calloc((size_t)(n * n), sizeof *a);
    b = calloc((size_t)(n * n), sizeof *b);
    c = calloc((size_t)(n * n), sizeof *c);
    for (int64_t i = 0; i < n; i++)
        for (int64_t j = 0; j < n; j++) {
            a[i * n + j] = (double)((i * 7 + j * 3) % 11 - 5);
            b[i * n + j] = (double)((i * 5 + j * 2) % 13 - 6);
        }
    pthread_t *t = calloc((size_t)(threads + 1), sizeof *t);
    job *jobs = calloc((size_t)(threads + 1), sizeof *jobs);
    for (int64_t r = 0; r < reps; r++) {
        if (threads == 0) {
            mul_rows(0, n);
            continue;
        }
        for (int64_t k = 0; k < threads; k++) {
            jobs[k] = (job){ k * n / threads, (k + 1) * n / threads };
            pthread_create(&t[k], NULL, run, &jobs[k]);
        }
        for (int64_t k = 0; k < threads; k++) pthread_join(t[k], NULL);
    }
    uint64_t sum = 0;
    for (int64_t i = 0; i < n * n; i++) sum = sum * 31 + (uint64_t)(int64_t)c[i];
    printf("checksum %llu pairs %lld\n", (unsigned long long)sum, (long long)(reps * n * n * n));
    return 0;
}
