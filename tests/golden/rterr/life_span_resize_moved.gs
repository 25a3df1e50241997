// expect runtime error: tests/golden/rterr/life_span_resize_moved.gs:15:13: runtime error: use of freed storage
// The old header after a resize that moved the span (the next span is
// live, so growing cannot happen in place): it names freed storage.
import "pool"

fn main() {
    var q = pool.slice_pool[int]{}
    let a = q.alloc_slice(4)
    let keep = q.alloc_slice(4)
    a[0] = 1
    let c = q.resize(a, 100)
    println(c.len, c[0], keep.len)
    let d = q.alloc_slice(4)
    d[0] = 5
    println(a[0])
}
