// expect runtime error: tests/golden/pool/slice_resize_negative.gs:9:13: runtime error: pool alloc of negative length -1
// resize to a negative length.
import "pool"

fn main() {
    var q = pool.slice_pool[int]{}
    let a = q.alloc_slice(8)
    let m = a.len - 9
    let c = q.resize(a, m)
    println(c.len)
}
