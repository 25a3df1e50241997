// Explicit type arguments: required when a type parameter appears only in
// the result, allowed at any generic call; `a[i](x)` still indexes a slice
// of functions.
import "sort"

fn zero[T]() -> T {
    var z: T
    return z
}
fn pick[T](a: T, b: T) -> T { return b }
fn conv[A, B](a: A) -> B { return a as B }
fn make_n[T](n: int) -> []T { return make([]T, n) }
fn pair[T](a: T, b: T) -> []T { return []T{a, b} }
fn inner[T](x: T) -> T {
    let z = zero[T]()
    return pick[T](z, x)
}
fn parse[T](s: string) -> T {
    var v: T = 0
    for i in 0..s.len { v = v * 10 + (s[i] - '0') as T }
    return v
}

struct Box[T] { v: T }
fn (b: Box[T]) cast[U]() -> U { return b.v as U }

fn twice(x: int) -> int { return x * 2 }
fn thrice(x: int) -> int { return x * 3 }
struct Ops { fs: []fn(int) -> int }
struct Holder { b: Box[int], ops: Ops }
var gfs: []fn(int) -> int

fn main() {
    println(zero[int](), zero[string]().len, zero[bool]())
    println(pick[u8](1, 200), pick[f64](1.0, 2.5))
    println(conv[int, u8](300), conv[u8, i64](255))
    println(make_n[string](3).len, inner[f64](2.5), inner[int](9))
    let p = pair[u16](65535, 7)
    println(p[0], p[1])
    println(parse[u8]("200"), parse[int]("123456789012"))
    let b = Box[int]{v: 258}
    println(b.cast[u8](), b.cast[f64]())

    var xs = []int{3, 1, 2}
    sort.sort[int](xs)
    println(xs[0], xs[1], xs[2])
    var ss = []string{"b", "c", "a"}
    sort.sort_by[string](ss, fn(a: string, b: string) -> bool { return a > b })
    println(ss[0], ss[1], ss[2])

    let fs = []fn(int) -> int{twice, thrice}
    let i = 1
    println(fs[i](5), fs[0](5))
    let ops = Ops{fs: fs}
    println(ops.fs[i](7))
    gfs = fs
    println(gfs[i](1))
    let h = Holder{b: Box[int]{v: 300}, ops: ops}
    println(h.b.cast[u8](), h.ops.fs[i](4))
}
