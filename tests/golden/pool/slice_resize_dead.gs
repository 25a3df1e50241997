// expect runtime error: tests/golden/pool/slice_resize_dead.gs:10:13: runtime error: use of freed storage
// resize of a span that was freed.
import "pool"

fn main() {
    var q = pool.slice_pool[int]{}
    let a = q.alloc_slice(4)
    let _b = q.alloc_slice(4)
    q.free(a)
    let c = q.resize(a, 8)
    println(c.len)
}
