// expect runtime error: tests/golden/pool/reusable_slice_free_other_pool.gs:5:5: runtime error: pool free of a slice that is not a live span of this pool
// Freeing a span of another `reusable[] T` of the same type, through a
// function (in main it is a compile error: diag/pool_free_other_pool_*).
fn free_in(s: ref reusable[] int, a: []int) {
    s.free(a)
}

fn main() {
    var s: reusable[] int
    var t: reusable[] int
    let a = s.alloc(8)
    let b = t.alloc(8)
    t.free(b)
    free_in(t, a)
}
