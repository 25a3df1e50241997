// expect runtime error: tests/golden/rterr/life_global_copied_out.gs:18:13: runtime error: use of freed storage
// A near miss of the confined-global rule (lower/pass_fields.c): the
// global's header is returned by a function (`keep`), so the global is
// not confined, and the copy used after a push moved the storage must
// stop.
var g: []int

fn keep() -> []int { return g }

fn main() {
    g = make([]int, 1, 1)
    g[0] = 4
    let h = keep()
    println(h[0])
    for i in 0..8 {
        g.push(i)
    }
    println(h[0])
}
