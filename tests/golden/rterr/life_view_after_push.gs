// expect runtime error: tests/golden/rterr/life_view_after_push.gs:9:13: runtime error: use of freed storage
// A view taken before a push that moved the slice: the push gave the old
// storage back, so reading through the view stops.
fn main() {
    var xs = []int{1, 2, 3, 4}
    let v = xs[0:2]
    xs.push(5) // full (len 4, cap 4): moves
    println(xs.len, v.len)
    println(v[0])
}
