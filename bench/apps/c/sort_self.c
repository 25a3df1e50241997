// langarena: Sort::Self size iterations
//
// Hand-written C twin of bench/apps/sort_self.gs: the standard library's
// sort, which in C is qsort (glibc's, with a comparison callback) where
// the Goose port calls its sort.sort (an insertion-sorted-runs, bottom-up
// merge sort specialised for int). So this row compares the two standard
// libraries' sorts, not one algorithm (sort_common.h).
// Usage: sort_self size iterations expected_checksum.
#include "sort_common.h"

static int cmp_i32(const void *pa, const void *pb) {
    int32_t a = *(const int32_t *)pa, b = *(const int32_t *)pb;
    return (a > b) - (a < b);
}

static void sort_array(int32_t *a, int64_t n) { qsort(a, (size_t)n, sizeof *a, cmp_i32); }

int main(int argc, char **argv) {
    return sort_main(argc, argv, "Sort::Self", "sort_self size iterations expected_checksum");
}
