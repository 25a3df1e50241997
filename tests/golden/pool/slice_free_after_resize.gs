// expect runtime error: tests/golden/pool/slice_free_after_resize.gs:11:5: runtime error: pool free of a span already freed
// Freeing the old slice after a resize moved it.
import "pool"

fn main() {
    var q = pool.slice_pool[int]{}
    let a = q.alloc_slice(4)
    let _b = q.alloc_slice(4)
    let c = q.resize(a, 100)
    println(c.len)
    q.free(a)
}
