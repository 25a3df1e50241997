// expect runtime error: tests/golden/rterr/version_limit_grows.gs:9:14: runtime error: index 6 out of range for length 6
// The limit is a field reached through a ref and the loop raises it: the
// versioning test taken before the loop (limit < xs.len) does not hold later.
struct G { xs: []int, limit: int }
fn walk(g: ref G) -> int {
    var t = 0
    var j = 0
    while j <= g.limit {
        t += g.xs[j]
        g.limit += 1
        j += 1
    }
    return t
}
fn main() {
    println("before")
    var g = G{xs: make([]int, 6), limit: 3}
    println(walk(g))
}
