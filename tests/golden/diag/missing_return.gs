// Control must not reach the end of a function with a result.
fn a(x: int) -> int {
    if x > 0 {
        return 1
    }
}
fn b(x: int) -> int {
    if x > 0 { return 1 } else { return 2 }
}
fn c() -> int {
    while true {
    }
}
fn d() -> int {
    while true {
        break
    }
}
fn e() -> int {
    panic("never")
}
fn f(x: int) -> int {
    for i in 0..x { return i }
}
fn main() {}
