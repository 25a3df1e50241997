// expect runtime error: tests/golden/pool/reusable_slice_free_make.gs:7:5: runtime error: pool free of a slice that is not a live span of this pool
// Freeing a slice from make into a `reusable[] T`.
fn main() {
    var s: reusable[] int
    let _a = s.alloc(4)
    let m = make([]int, 4)
    s.free(m)
}
