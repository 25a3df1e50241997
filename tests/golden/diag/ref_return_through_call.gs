// A reference returned through a ref-returning call (or a let bound to one)
// must be rooted where the call's ref arguments are: a ref parameter, a
// global or a slice element, never a local or a value parameter.
struct P { x: int }
var g: P
fn id(r: ref int) -> ref int { return r }
fn pick(a: ref P, b: ref P) -> ref P { return a }
fn through_call() -> ref int {
    var x = 1
    return id(x)
}
fn through_let(p: P) -> ref int {
    var q = P{}
    let r = pick(g, q)
    return r.x
}
fn ok_param(a: ref P) -> ref int {
    let r = pick(a, g)
    return id(r.x)
}
fn ok_slice(xs: []P) -> ref P { return pick(xs[0], g) }
fn main() {}
