// expect runtime error: tests/golden/pool/reusable_slice_free_subslice.gs:6:5: runtime error: pool free of a slice that is not a live span of this pool
// Freeing a sub-slice of a live span of `reusable[] T`.
fn main() {
    var s: reusable[] u8
    let a = s.alloc(8)
    s.free(a[2:5])
}
