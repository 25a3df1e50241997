// expect runtime error: tests/golden/pool/reusable_slice_alloc_negative.gs:6:13: runtime error: pool alloc of negative length -1
// alloc of a negative length from `reusable[] T`.
fn main() {
    var s: reusable[] u8
    let n = 3 - 4
    let a = s.alloc(n)
    println(a.len)
}
