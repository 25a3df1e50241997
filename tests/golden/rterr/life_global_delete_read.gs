// expect runtime error: tests/golden/rterr/life_global_delete_read.gs:13:13: runtime error: use of freed storage
// A near miss of the confined-global rule (lower/pass_fields.c): a global
// deleted and then given a fresh slice at once stays confined, but here
// it is read between the delete and the new slice, so it is not, and the
// read stops.
var g: []int

fn main() {
    g = make([]int, 2)
    g[0] = 1
    println(g[0])
    delete(g)
    println(g[0])
    g = make([]int, 2)
    println(g.len)
}
