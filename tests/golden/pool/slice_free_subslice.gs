// expect runtime error: tests/golden/pool/slice_free_subslice.gs:8:5: runtime error: pool free of a slice that is not a live span of this pool
// Freeing a sub-slice of a live span of pool.slice_pool.
import "pool"

fn main() {
    var q = pool.slice_pool[u8]{}
    let a = q.alloc_slice(8)
    q.free(a[2:5])
}
