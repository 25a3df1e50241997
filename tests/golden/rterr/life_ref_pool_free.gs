// expect runtime error: tests/golden/rterr/life_ref_pool_free.gs:9:5: runtime error: pool free of storage that a live ref points into: use of freed storage
// A ref into a slice-pool span whose callee frees that span.
import "pool"

var p = pool.slice_pool[int]{}
var span: []int

fn drop(x: ref int) {
    p.free(span)
    x = 5
}

fn main() {
    span = p.alloc_slice(4)
    drop(span[1])
    println("not reached")
}
