// Optionals compare only with none and must be unwrapped to be used.
fn main() {
    let o: ?int = 5
    let p: ?int = none
    if o == p {}
    if o == 5 {}
    let x = o + 1
    let y = none
    if none == none {}
}
