// A statement that does not parse inside make's type argument, which is
// parsed speculatively: the speculation ends (it once looped, growing without
// bound) and the call is parsed again as an expression.
fn main() {
    let s = make([fn() { , }], 2)
}
