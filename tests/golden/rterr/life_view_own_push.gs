// expect runtime error: tests/golden/rterr/life_view_own_push.gs:16:21: runtime error: use of freed storage
// A near miss of two proof rules (lower/pass_live.c): a push keeps its own
// slice's header live, and a view is live when its base is; but a view
// made before the push moved the storage is not the base's new header,
// so its use after the push stops.
fn main() {
    var xs = make([]int, 1, 1)
    xs[0] = 3
    var n = 0
    for i in 0..4 {
        let v = xs[0:1]
        n += v[0]
        xs.push(i)
        n += xs[0]
        if i == 0 {
            println(v[0] + n)
        }
    }
}
