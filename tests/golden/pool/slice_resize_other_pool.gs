// expect runtime error: tests/golden/pool/slice_resize_other_pool.gs:9:13: runtime error: pool resize of a slice that is not a live span of this pool
// resize of a span of another pool.
import "pool"

fn main() {
    var q = pool.slice_pool[int]{}
    var other = pool.slice_pool[int]{}
    let a = other.alloc_slice(8)
    let c = q.resize(a, 2)
    println(c.len)
}
