// A name may not be declared twice in the same block or module; an inner
// block may shadow.
fn dup() {}
fn dup() {}
struct S { a: int, a: int }
fn params(x: int) {
    let x = 2
}
fn main() {
    let a = 1
    var a = 2
    {
        let a = 3
    }
    for _, _ in [1, 2] {}
}
