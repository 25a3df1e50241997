// langarena: Sort::Merge size iterations
//
// Hand-written C twin of bench/apps/sort_merge.gs: upstream's top-down
// merge sort (each merge copies its range into a temporary array of the
// same length, malloc'd per run, and merges the halves back) of int32_t
// values (sort_common.h).
// Usage: sort_merge size iterations expected_checksum.
#include "sort_common.h"

static void merge(int32_t *a, int32_t *tmp, int64_t lo, int64_t mid, int64_t hi) {
    for (int64_t i = lo; i <= hi; i++)
        tmp[i] = a[i];
    int64_t i = lo, j = mid + 1, k = lo;
    while (i <= mid && j <= hi) {
        if (tmp[i] <= tmp[j])
            a[k++] = tmp[i++];
        else
            a[k++] = tmp[j++];
    }
    while (i <= mid)
        a[k++] = tmp[i++];
}

static void merge_sort(int32_t *a, int32_t *tmp, int64_t lo, int64_t hi) {
    if (lo >= hi)
        return;
    int64_t mid = (lo + hi) / 2;
    merge_sort(a, tmp, lo, mid);
    merge_sort(a, tmp, mid + 1, hi);
    merge(a, tmp, lo, mid, hi);
}

static void sort_array(int32_t *a, int64_t n) {
    int32_t *tmp = la_alloc((size_t)n * sizeof *tmp);
    merge_sort(a, tmp, 0, n - 1);
    free(tmp);
}

int main(int argc, char **argv) {
    return sort_main(argc, argv, "Sort::Merge", "sort_merge size iterations expected_checksum");
}
