// let bindings, parameters, loop variables and constants are not assignable.
const LIMIT: int = 10
fn f(x: int) {
    x = 3
}
fn main() {
    let a = 5
    a = 6
    a += 1
    LIMIT = 11
    for i in 0..3 {
        i = 2
    }
    var ok = 1
    ok = 2
}
