// expect runtime error: tests/golden/pool/reusable_slice_free_prefix.gs:8:5: runtime error: pool free of a slice that is not a live span of this pool
// Freeing a sub-slice that starts where its span starts but is
// shorter.
fn main() {
    var s: reusable[] u8
    let a = s.alloc(8)
    let _b = s.alloc(8)
    s.free(a[0:4])
}
