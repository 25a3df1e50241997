// A free that names a span of another `reusable[] T` is a compile error when
// both pools are plain variables used only through their methods (a copy of
// a pool shares its spans) and the span is a let of a non-empty alloc.
const N: int = 4

var g: reusable[] int

fn main() {
    var s: reusable[] int
    var t: reusable[] int
    let a = s.alloc(8)
    let b = t.alloc(N)
    let c = g.alloc(2)
    t.free(a)
    s.free(b)
    (s).free(c)
    g.free(a)
    defer t.free(c)
}
