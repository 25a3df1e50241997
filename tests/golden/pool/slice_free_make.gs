// expect runtime error: tests/golden/pool/slice_free_make.gs:9:5: runtime error: pool free of a slice that is not a live span of this pool
// Freeing a slice from make into a pool.slice_pool.
import "pool"

fn main() {
    var q = pool.slice_pool[int]{}
    let _a = q.alloc_slice(8)
    let m = make([]int, 8)
    q.free(m)
}
