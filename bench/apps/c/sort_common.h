/* sort_common.h — prepare/run/main shared by sort_quick.c, sort_merge.c and
 * sort_self.c: `prepare` draws `size` values with next_int(1000000); each
 * run copies them into a new malloc'd array, sorts it with SORT_FN (defined
 * by the includer), adds data[next_int(size)] + sorted[next_int(size)] to
 * the checksum (u32) and frees the copy. */
#ifndef SORT_COMMON_H
#define SORT_COMMON_H
#include "la.h"

static int64_t size;
static int32_t *data; /* upstream's int32_t */
static uint32_t result;

static void sort_array(int32_t *a, int64_t n);

static void prepare(void) {
    data = la_alloc((size_t)size * sizeof *data);
    for (int64_t i = 0; i < size; i++)
        data[i] = (int32_t)la_next_int(1000000);
}

static void run(int64_t it) {
    (void)it;
    int32_t *sorted = la_alloc((size_t)size * sizeof *sorted);
    memcpy(sorted, data, (size_t)size * sizeof *sorted);
    sort_array(sorted, size);
    int64_t a = la_next_int(size), b = la_next_int(size);
    result += (uint32_t)data[a] + (uint32_t)sorted[b];
    free(sorted);
}

static uint32_t checksum(void) { return result; }

static int sort_main(int argc, char **argv, const char *name, const char *usage) {
    int64_t in[2], expected;
    la_args(argc, argv, name, usage, 2, in, &expected);
    size = in[0];
    if (size < 1) {
        fprintf(stderr, "%s: size must be >= 1\n", name);
        return 2;
    }
    return la_harness(name, in[1], expected, prepare, run, checksum);
}
#endif
