// expect runtime error: tests/golden/rterr/life_reusable_span_after_free.gs:13:5: runtime error: use of freed storage
// A span of the builtin `reusable[] T` written through a copy of its
// header after the span was freed.
fn main() {
    var s: reusable[] int
    let a = s.alloc(3)
    let alias = a
    alias[0] = 1
    println(a[0])
    s.free(a)
    let b = s.alloc(3)
    println(b[0])
    alias[0] = 2
    println(b[0])
}
