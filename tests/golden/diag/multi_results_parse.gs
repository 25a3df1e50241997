// Syntax errors in result lists.
fn f() -> () { }
fn main() {
    let (a, 1) = g()
}
fn two() -> (int, int) {
    return 1, 2
}
