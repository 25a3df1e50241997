// expect runtime error: tests/golden/pool/slice_free_builtin_span.gs:10:5: runtime error: pool free of a slice that is not a live span of this pool
// Freeing a span of a `reusable[] T` into a pool.slice_pool.
import "pool"

fn main() {
    var q = pool.slice_pool[int]{}
    var s: reusable[] int
    let a = q.alloc_slice(8)
    let b = s.alloc(8)
    q.free(b)
}
