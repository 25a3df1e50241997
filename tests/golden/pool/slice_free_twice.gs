// expect runtime error: tests/golden/pool/slice_free_twice.gs:11:5: runtime error: pool free of a span already freed
// Freeing a span of pool.slice_pool twice.
import "pool"

fn main() {
    var q = pool.slice_pool[int]{}
    let a = q.alloc_slice(8)
    let b = q.alloc_copy(a)
    q.free(b)
    q.free(a)
    q.free(b)
}
