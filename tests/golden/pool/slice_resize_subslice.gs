// expect runtime error: tests/golden/pool/slice_resize_subslice.gs:8:13: runtime error: pool resize of a slice that is not a live span of this pool
// resize of a sub-slice of a live span.
import "pool"

fn main() {
    var q = pool.slice_pool[int]{}
    let a = q.alloc_slice(8)
    let c = q.resize(a[1:4], 2)
    println(c.len)
}
