// expect runtime error: tests/golden/pool/slice_free_after_shrink.gs:11:5: runtime error: pool free of a span already freed
// Freeing the old slice after a resize shrank it in place: the live span
// starts at the same element but is shorter, so the old slice is not it.
import "pool"

fn main() {
    var q = pool.slice_pool[int]{}
    let a = q.alloc_slice(8)
    let b = q.resize(a, 3)
    println(b.len)
    q.free(a)
}
