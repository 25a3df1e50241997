// expect runtime error: tests/golden/pool/reusable_slice_free_whole_subslice.gs:7:5: runtime error: pool free of a slice that is not a live span of this pool
// xs[0:xs.len] is a sub-slice (as for delete), not the span.
fn main() {
    var s: reusable[] int
    let a = s.alloc(8)
    let all = a[0:a.len]
    s.free(all)
}
