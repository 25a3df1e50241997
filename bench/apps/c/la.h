/* la.h — the LangArena harness shared by the hand-written C versions in
 * bench/apps/c/: the suite's RNG, argument parsing, the monotonic clock and
 * the one output line, so each <slug>.c holds only its benchmark.
 *
 * Same protocol as the Goose ports (bench/apps/README.md): reset the RNG,
 * prepare, W warm-up runs (max(1, iterations * 2 / 10)), reset the RNG,
 * `iterations` timed runs (CLOCK_MONOTONIC around them only), checksum;
 * print `<Name>: OK in <s>s` (three decimals) or
 * `<Name>: ERR[actual=<a>, expected=<e>]` with exit status 1. Bad
 * arguments: a message on stderr, exit status 2.
 * Not for: anything Goose-specific; no Goose runtime is linked. */
#ifndef LA_H
#define LA_H

#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L /* clock_gettime under -std=c11 */
#endif

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* LangArena's RNG: next_int(max) = (last * max) / 139968 after the update. */
static int64_t la_rng_last = 42;

static inline void la_rng_reset(void) { la_rng_last = 42; }

static inline int64_t la_next_int(int64_t max) {
    la_rng_last = (la_rng_last * 3877 + 29573) % 139968;
    return la_rng_last * max / 139968;
}

static inline double la_next_float(double max) {
    la_rng_last = (la_rng_last * 3877 + 29573) % 139968;
    return max * (double)la_rng_last / 139968.0;
}

static inline int64_t la_max(int64_t a, int64_t b) { return a > b ? a : b; }
static inline int64_t la_min(int64_t a, int64_t b) { return a < b ? a : b; }

/* malloc that exits (status 3) instead of returning NULL. */
static inline void *la_alloc(size_t n) {
    void *p = malloc(n ? n : 1);
    if (!p) {
        fprintf(stderr, "out of memory (%zu bytes)\n", n);
        exit(3);
    }
    return p;
}

static inline void *la_realloc(void *old, size_t n) {
    void *p = realloc(old, n ? n : 1);
    if (!p) {
        fprintf(stderr, "out of memory (%zu bytes)\n", n);
        exit(3);
    }
    return p;
}

static inline void *la_zalloc(size_t n) {
    void *p = calloc(n ? n : 1, 1);
    if (!p) {
        fprintf(stderr, "out of memory (%zu bytes)\n", n);
        exit(3);
    }
    return p;
}

/* A decimal integer argument, else exit 2. */
static int64_t la_arg_int(const char *name, const char *s) {
    char *end;
    long long v = strtoll(s, &end, 10);
    if (*s == 0 || *end != 0) {
        fprintf(stderr, "%s: bad argument '%s'\n", name, s);
        exit(2);
    }
    return (int64_t)v;
}

/* The inputs argv[1..n] and the expected checksum argv[n+1], else exit 2. */
static void la_args(int argc, char **argv, const char *name, const char *usage, int n,
                    int64_t *inputs, int64_t *expected) {
    if (argc != n + 2) {
        fprintf(stderr, "usage: %s\n", usage);
        exit(2);
    }
    for (int i = 0; i < n; i++)
        inputs[i] = la_arg_int(name, argv[i + 1]);
    *expected = la_arg_int(name, argv[n + 1]);
}

static inline int64_t la_clock_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + (int64_t)ts.tv_nsec;
}

/* Prints the suite line; returns the exit status. */
static int la_report(const char *name, uint32_t sum, int64_t expected, int64_t ns) {
    if ((int64_t)sum == expected) {
        printf("%s: OK in %.3fs\n", name, (double)ns / 1e9);
        return 0;
    }
    printf("%s: ERR[actual=%u, expected=%lld]\n", name, sum, (long long)expected);
    return 1;
}

/* The harness: prepare, warm-ups, timed runs, report. run and checksum are
 * the benchmark's; the calls are direct after inlining (static functions
 * passed as constants). */
static inline int la_harness(const char *name, int64_t iterations, int64_t expected,
                             void (*prepare)(void), void (*run)(int64_t), uint32_t (*checksum)(void)) {
    la_rng_reset();
    prepare();
    int64_t warm = la_max(1, iterations * 2 / 10);
    for (int64_t i = 0; i < warm; i++)
        run(i);
    la_rng_reset();
    int64_t t0 = la_clock_ns();
    for (int64_t i = 0; i < iterations; i++)
        run(i);
    int64_t t1 = la_clock_ns();
    return la_report(name, checksum(), expected, t1 - t0);
}

#endif
