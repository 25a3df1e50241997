// expect runtime error: tests/golden/pool/slice_free_other_pool.gs:7:5: runtime error: pool free of a slice that is not a live span of this pool
// Freeing a span of another pool.slice_pool of the same type, through a
// function (in main it is a compile error: diag/pool_free_other_pool_*).
import "pool"

fn free_in(q: ref pool.slice_pool[int], b: []int) {
    q.free(b)
}

fn main() {
    var q = pool.slice_pool[int]{}
    var other = pool.slice_pool[int]{}
    let _a = q.alloc_slice(8)
    let b = other.alloc_slice(8)
    free_in(q, b)
}
