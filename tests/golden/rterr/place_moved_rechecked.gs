// expect runtime error: tests/golden/rterr/place_moved_rechecked.gs:14:5: runtime error: index 2 out of range for length 2
// The place of `g[2] += cut()` is checked first (g has 4 elements), then
// the value replaces g by a shorter slice: the place is rebuilt and checked
// again before the store, which would otherwise write to the old storage.
var g: []int
fn cut() -> int {
    g = make([]int, 2)
    return 5
}
fn main() {
    g = make([]int, 4)
    g[1] += cut()
    println(g[1])
    g[2] += cut()
    println("not reached")
}
