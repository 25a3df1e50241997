// expect runtime error: tests/golden/pool/reusable_slice_free_other_pool.gs:9:5: runtime error: pool free of a slice that is not a live span of this pool
// Freeing a span of another `reusable[] T` of the same type.
fn main() {
    var s: reusable[] int
    var t: reusable[] int
    let a = s.alloc(8)
    let b = t.alloc(8)
    t.free(b)
    t.free(a)
}
