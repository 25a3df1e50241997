// Calls with the wrong number of arguments.
struct P { x: int }
fn two(a: int, b: int) -> int { return a + b }
fn (p: P) get(i: int) -> int { return p.x + i }
fn main() {
    two(1)
    two(1, 2, 3)
    let p = P{}
    p.get()
    let f = fn(x: int) {}
    f(1, 2)
    println(to_string(1, 2))
    var xs = make([]int)
}
