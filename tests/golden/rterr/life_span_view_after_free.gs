// expect runtime error: tests/golden/rterr/life_span_view_after_free.gs:16:13: runtime error: use of freed storage
// A view of a slice-pool span used after the span was freed and its place
// handed to a new span of the same length: the view would read the new
// span's bytes.
import "pool"

fn main() {
    var q = pool.slice_pool[u8]{}
    let a = q.alloc_slice(5)
    a[4] = 7
    let v = a[2:5]
    println(v[2])
    q.free(a)
    let b = q.alloc_slice(5)
    b[4] = 9
    println(v[2])
}
