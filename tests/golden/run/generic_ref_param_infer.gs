// A type parameter named only in a `ref` parameter's type is inferred from
// the place passed (not "cannot infer type parameter T"): the place's type
// is matched against the referenced type, as a receiver's is.
struct Box[T] { v: T }
fn get[T](b: ref Box[T]) -> T { return b.v }
fn bump[T](x: ref T, by: T) { x += by }
fn fill[T](xs: ref []T, v: T) { xs.push(v) }
fn main() {
    var b = Box[int]{v: 3}
    var s = Box[string]{v: "goose"}
    println(get(b), get(s))
    var n: u8 = 250
    bump(n, 5)
    var xs: []f64
    fill(xs, 1.5)
    println(n, xs.len, xs[0])
}
