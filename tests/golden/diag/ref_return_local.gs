// A returned reference must outlive the call.
struct Box { v: int }
var counter: int = 0
fn to_local() -> ref int {
    var x = 1
    return x
}
fn to_param(b: Box) -> ref int {
    return b.v
}
fn to_temp() -> ref int {
    return 5
}
fn ok_param(b: ref Box) -> ref int { return b.v }
fn ok_slice(xs: []int) -> ref int { return xs[0] }
fn ok_global() -> ref int { return counter }
fn main() {}
