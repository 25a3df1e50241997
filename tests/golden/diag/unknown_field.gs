// Fields and methods that do not exist.
struct P { x: int }
fn main() {
    let p = P{x: 1, z: 2}
    println(p.y)
    p.nope()
    let n = 5
    println(n.len)
    let s = "abc"
    println(s.cap)
}
