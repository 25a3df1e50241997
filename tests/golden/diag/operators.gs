// Operators and the types they are defined on.
fn main() {
    let f = 1.5
    let a = f % 2.0
    let b = "a" - "b"
    let c = true + false
    let d = 1 << 2.0
    let e = f & 1.0
    let g = "s" as int
    let h = -"x"
    let i = ~f
    var s = "x"
    s *= 2
}
