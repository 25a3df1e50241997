// expect runtime error: tests/golden/rterr/life_global_deleted.gs:17:13: runtime error: use of freed storage
// A near miss of the confined-global rule: the global is deleted by a
// called function, so its header is no longer its storage's, and the
// read after the call stops (a global that is only indexed, pushed and
// given fresh slices would need no check at all).
var g: []int

fn drop() { delete(g) }

fn main() {
    g = make([]int, 3)
    g[0] = 7
    println(g[0])
    drop()
    var other = make([]int, 3)
    other[0] = 9
    println(g[0])
}
