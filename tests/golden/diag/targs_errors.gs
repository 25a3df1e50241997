// Explicit type arguments: their count, where they are allowed, and the
// message that says how to write them when inference fails.
import "sort"
fn zero[T]() -> T {
    var z: T
    return z
}
fn pick[T](a: T, b: T) -> T { return a }
fn conv[A, B](a: A) -> B { return a as B }
fn plain(x: int) -> int { return x }
struct Box[T] { v: T }
fn (b: Box[T]) get() -> T { return b.v }
fn (b: Box[T]) as_[U]() -> U { return b.v as U }
fn main() {
    let a = zero()
    let c = conv(3)
    let d = pick[int, int](1, 2)
    let e = plain[int](3)
    let f = println[int](3)
    let g = pick[u8](1, 300)
    let h = pick[[]int](1, 2)
    let xs = []int{1}
    let k = xs[int](3)
    let bx = Box[int]{v: 1}
    let m = bx.get[int]()
    let n = bx.as_()
    let o = bx.as_[u8]()
    var ys = []int{2}
    ys.push[int](3)
    sort.sort()
    let q = sort.sort_by[int, int](ys, fn(a: int, b: int) -> bool { return a < b })
    let r = zero[Nope]()
}
