// expect runtime error: tests/golden/rterr/life_span_resize_in_place.gs:12:13: runtime error: use of freed storage
// The old header after a resize that stayed in place (the span ends at the
// tail): a resize gives the span a new tag either way, so the old header
// is an error whether or not the span moved, as the reference says ("b
// must not be used afterwards").
import "pool"

fn main() {
    var q = pool.slice_pool[int]{}
    let a = q.alloc_slice(4)
    let c = q.resize(a, 8)
    println(a[0])
    println(c.len)
}
