// langarena: Sort::Quick size iterations
//
// Hand-written C twin of bench/apps/sort_quick.gs: quicksort (Hoare
// partition around the middle element, recursing on both sides) of a copy
// of `size` values per run (sort_common.h).
// Usage: sort_quick size iterations expected_checksum.
#include "sort_common.h"

static void quick_sort(int32_t *a, int64_t lo, int64_t hi) {
    if (lo >= hi)
        return;
    int32_t pivot = a[(lo + hi) / 2];
    int64_t i = lo, j = hi;
    while (i <= j) {
        while (a[i] < pivot)
            i++;
        while (a[j] > pivot)
            j--;
        if (i <= j) {
            int32_t t = a[i];
            a[i] = a[j];
            a[j] = t;
            i++;
            j--;
        }
    }
    quick_sort(a, lo, j);
    quick_sort(a, i, hi);
}

static void sort_array(int32_t *a, int64_t n) { quick_sort(a, 0, n - 1); }

int main(int argc, char **argv) {
    return sort_main(argc, argv, "Sort::Quick", "sort_quick size iterations expected_checksum");
}
