// A slice literal: its elements are evaluated left to right into
// temporaries before one allocation of length and capacity 3, then stored;
// []int{} allocates nothing.
var n: int = 0
fn next() -> int {
    n += 1
    return n
}
fn main() {
    let xs = []int{next(), next() * 10, next()}
    let e = []int{}
    println(xs[0], xs[1], xs[2], e.len)
    delete(xs)
}
