// expect runtime error: tests/golden/pool/reusable_slice_free_twice_merged.gs:11:5: runtime error: pool free of a span already freed
// A double free after the span coalesced with its freed neighbour
// (the span's first element is inside a free span, not at its start).
fn main() {
    var s: reusable[] int
    let a = s.alloc(8)
    let b = s.alloc(8)
    let _c = s.alloc(8)
    s.free(a)
    s.free(b)
    s.free(b)
}
