// expect runtime error: tests/golden/pool/slice_free_other_pool.gs:10:5: runtime error: pool free of a slice that is not a live span of this pool
// Freeing a span of another pool.slice_pool of the same type.
import "pool"

fn main() {
    var q = pool.slice_pool[int]{}
    var other = pool.slice_pool[int]{}
    let a = q.alloc_slice(8)
    let b = other.alloc_slice(8)
    q.free(b)
}
