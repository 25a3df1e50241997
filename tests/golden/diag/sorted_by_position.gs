// Diagnostics come out sorted by line and column, as Go's do, whatever
// order the checker found them in (declarations are checked before
// bodies, so the struct's error at line 8 was found before line 6's).
fn main() {
    let a: int = "one"
    let b: bool = 2
}
struct S { a: nosuch }
fn g() { let y: int = true }
