// Rust's is_none() and Rust's some(x) as a call: the hints say how Goose
// writes them.
fn half(n: int) -> ?int {
    if n % 2 == 0 {
        return some(n / 2)
    }
    return none
}
fn main() {
    let o: ?int = half(3)
    if o.is_none() {
        println("odd")
    }
}
