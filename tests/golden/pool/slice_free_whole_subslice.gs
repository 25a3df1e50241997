// expect runtime error: tests/golden/pool/slice_free_whole_subslice.gs:8:5: runtime error: pool free of a slice that is not a live span of this pool
// xs[0:xs.len] of a slice_pool span is a sub-slice, not the span.
import "pool"

fn main() {
    var q = pool.slice_pool[int]{}
    let a = q.alloc_slice(8)
    q.free(a[0:a.len])
}
