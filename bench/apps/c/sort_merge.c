// langarena: Sort::Merge size iterations
//
// Hand-written C twin of bench/apps/sort_merge.gs: top-down stable merge
// sort through a temporary array of the same length (malloc'd per run),
// merging into tmp and copying back with memcpy (sort_common.h).
// Usage: sort_merge size iterations expected_checksum.
#include "sort_common.h"

static void merge_sort(int64_t *a, int64_t *tmp, int64_t lo, int64_t hi) {
    if (hi - lo < 2)
        return;
    int64_t mid = lo + (hi - lo) / 2;
    merge_sort(a, tmp, lo, mid);
    merge_sort(a, tmp, mid, hi);
    int64_t i = lo, j = mid, k = lo;
    while (i < mid && j < hi) {
        if (a[j] < a[i])
            tmp[k++] = a[j++];
        else
            tmp[k++] = a[i++];
    }
    while (i < mid)
        tmp[k++] = a[i++];
    while (j < hi)
        tmp[k++] = a[j++];
    memcpy(a + lo, tmp + lo, (size_t)(hi - lo) * sizeof *a);
}

static void sort_array(int64_t *a, int64_t n) {
    int64_t *tmp = la_alloc((size_t)n * sizeof *tmp);
    merge_sort(a, tmp, 0, n);
    free(tmp);
}

int main(int argc, char **argv) {
    return sort_main(argc, argv, "Sort::Merge", "sort_merge size iterations expected_checksum");
}
