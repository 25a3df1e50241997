// expect runtime error: tests/golden/pool/slice_free_builtin_span.gs:7:5: runtime error: pool free of a slice that is not a live span of this pool
// Freeing a span of a `reusable[] T` into a pool.slice_pool, through a
// function (in main it is a compile error: diag/pool_free_other_pool_*).
import "pool"

fn free_in(q: ref pool.slice_pool[int], b: []int) {
    q.free(b)
}

fn main() {
    var q = pool.slice_pool[int]{}
    var s: reusable[] int
    let _a = q.alloc_slice(8)
    let b = s.alloc(8)
    free_in(q, b)
}
