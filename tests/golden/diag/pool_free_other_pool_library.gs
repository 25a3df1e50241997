// A free that names a span of another pool.slice_pool is a compile error
// when both pools are plain variables used only through their methods (a
// copy of a pool shares its spans) and the span is a let of a non-empty
// alloc_slice.
import "pool"

var g = pool.slice_pool[u8]{}

fn main() {
    var q = pool.slice_pool[u8]{}
    var other = pool.slice_pool[u8]{}
    let a = q.alloc_slice(8)
    let b = other.alloc_slice(1)
    let c = g.alloc_slice(16)
    let d = q.resize(a, 32)
    other.free(a)
    q.free(b)
    g.free(b)
    q.free(c)
    let f = fn() { other.free(c) }
    f()
    q.free(d)
}
