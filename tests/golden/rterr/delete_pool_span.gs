// expect runtime error: tests/golden/rterr/delete_pool_span.gs:7:5: runtime error: delete of a pool span
// A slice_pool span is freed with its pool, never with delete.
import "pool"

fn main() {
    var q = pool.slice_pool[int]{}
    delete(q.alloc_slice(4))
}
