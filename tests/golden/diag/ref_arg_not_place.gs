// A ref parameter or receiver needs a mutable place.
struct P { x: int }
fn bump(r: ref int) { r += 1 }
fn (p: ref P) move(d: int) { p.x += d }
fn get() -> P { return P{} }
fn main() {
    var v = 1
    bump(v)
    bump(5)
    let k = 1
    bump(k)
    get().move(1)
    let p = P{}
    p.move(1)
    var q = P{}
    q.move(1)
    bump(q.x)
    let xs = make([]int, 1)
    bump(xs[0])
    xs.push(1)
}
