// Every check is an explicit operation with its own site (file:line:col):
// index, slice bounds, pop, unwrap, f64 -> int, assert with and without
// message, and panic. At -O1+ a constant index into a fixed array and the
// index of `for i in 0..xs.len` (xs unchanged in the loop) are proven.
fn pick(xs: []int, i: int, s: string) -> int {
    let arr = [1, 2, 3]
    let t = xs[1:i]
    return xs[i] + arr[2] + t.len + s[0] as int
}

fn total(xs: []int) -> int {
    var t = 0
    for i in 0..xs.len { t += xs[i] }
    return t
}

fn main() {
    var xs = make([]int, 4)
    xs.push(5)
    let last = xs.pop()
    let o: ?int = 3
    assert last == 5
    assert o.unwrap() == 3, "o holds 3"
    let f = 2.9
    println(pick(xs, 2, "A"), f as i32, total(xs))
    if xs.len > 10 { panic("too long") }
}
