// expect runtime error: tests/golden/rterr/life_fresh_span_freed.gs:15:5: runtime error: use of freed storage
// A near miss of the fresh-header rule (lower/pass_live.c): a slice just
// allocated from a span pool is live, so its uses right after the alloc
// need no check; here it is freed between the alloc and the use (through
// a copy, which the proof cannot tell from another span), so the use is
// checked and stops.
fn main() {
    var s: reusable[] u8
    let a = s.alloc(3)
    a[0] = 1
    let b = a
    println(a[0], b.len)
    s.free(b)
    let c = s.alloc(3)
    a[1] = 2
    println(c.len)
}
