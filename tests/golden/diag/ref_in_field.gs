// A reference may be a parameter, a let binding or a result, nothing else.
struct Holder { r: ref int }
var global_ref: ref int
fn f(xs: []ref int) {}
fn g() {
    var v: ref int
    let o: ?ref int = none
}
fn main() {}
