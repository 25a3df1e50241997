/* variant.c — the span-tree tests' verdict on the variant they ran (see
 * variant.h). */
#include "variant.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gs_span_tree.h"

static const char *const st_variants[] = { "scalar", "sse2", "avx2", "avx512" };

static bool st_known(const char *name) {
    size_t i;
    for (i = 0; i < sizeof st_variants / sizeof st_variants[0]; i++)
        if (!strcmp(name, st_variants[i]))
            return true;
    return false;
}

#if defined(__x86_64__) && !defined(__TINYC__) && (defined(__GNUC__) || defined(__clang__))
static bool st_cpu_has(const char *name) {
    __builtin_cpu_init();
    if (!strcmp(name, "sse2"))
        return true;
    if (!strcmp(name, "avx2"))
        return __builtin_cpu_supports("avx") && __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi") &&
               __builtin_cpu_supports("bmi2");
    return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
           __builtin_cpu_supports("avx512dq") && __builtin_cpu_supports("avx512vl") &&
           __builtin_cpu_supports("bmi") && __builtin_cpu_supports("bmi2");
}
#elif defined(__x86_64__)
/* TinyCC: SSE2 is part of x86-64; the wider variants are not asked about */
static bool st_cpu_has(const char *name) {
    return !strcmp(name, "sse2");
}
#else
static bool st_cpu_has(const char *name) {
    (void)name;
    return false;
}
#endif

bool st_cpu_runs(const char *variant) {
    const char *lacks = getenv("SPANTREE_CPU_LACKS");
    if (lacks && !strcmp(lacks, variant))
        return false;
    return !strcmp(variant, "scalar") || st_cpu_has(variant);
}

st_outcome st_outcome_of(int failures, const char *want, const char *ran, bool cpu_runs_want) {
    if (failures > 0)
        return ST_FAIL;
    if (!want || !strcmp(want, ran))
        return ST_PASS;
    return cpu_runs_want ? ST_FAIL : ST_SKIPPED;
}

const char *st_want(int argc, char **argv) {
    int i;
    for (i = 1; i + 1 < argc; i++)
        if (!strcmp(argv[i], "--want")) {
            if (!st_known(argv[i + 1])) {
                fprintf(stderr, "--want %s: not a variant (scalar, sse2, avx2, avx512)\n", argv[i + 1]);
                exit(2);
            }
            return argv[i + 1];
        }
    return NULL;
}

int st_finish(const char *what, int failures, const char *want) {
    const char *ran = gs_span_tree_variant();
    st_outcome o = st_outcome_of(failures, want, ran, want ? st_cpu_runs(want) : true);
    if (o == ST_PASS) {
        printf("PASS %s (variant %s)\n", what, ran);
        return 0;
    }
    if (o == ST_SKIPPED) {
        printf("SKIP %s: wanted the %s variant, which this CPU cannot run; ran %s, whose checks held\n", what,
               want, ran);
        return ST_SKIP;
    }
    if (failures > 0)
        printf("FAIL %s: %d checks failed (variant %s)\n", what, failures, ran);
    else
        printf("FAIL %s: wanted the %s variant, which this CPU runs, but %s ran (not compiled in?)\n", what,
               want, ran);
    return 1;
}
