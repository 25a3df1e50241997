// expect runtime error: tests/golden/pool/reusable_slice_free_twice.gs:8:5: runtime error: pool free of a span already freed
// Freeing a span of `reusable[] T` twice.
fn main() {
    var s: reusable[] int
    let a = s.alloc(8)
    let _b = s.alloc(4)
    s.free(a)
    s.free(a)
}
