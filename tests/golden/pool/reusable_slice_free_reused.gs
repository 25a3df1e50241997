// expect runtime error: tests/golden/pool/reusable_slice_free_reused.gs:10:5: runtime error: pool free of a span already freed
// A stale slice whose storage now belongs to a longer live span.
fn main() {
    var s: reusable[] int
    let a = s.alloc(4)
    let _b = s.alloc(4)
    s.free(a)
    let c = s.alloc(2)
    println(c.len)
    s.free(a)
}
