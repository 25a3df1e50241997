// expect runtime error: tests/golden/pool/slice_alloc_negative.gs:8:13: runtime error: pool alloc of negative length -5
// alloc_slice of a negative length, inside an expression.
import "pool"

fn main() {
    var q = pool.slice_pool[u8]{}
    let n = -5
    println(q.alloc_slice(n).len)
}
