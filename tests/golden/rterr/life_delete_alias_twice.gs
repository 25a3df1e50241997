// expect runtime error: tests/golden/rterr/life_delete_alias_twice.gs:10:5: runtime error: delete of storage already deleted
// Deleting storage through a copy after the original was deleted and the
// block reused would free another slice's storage: it stops instead.
fn main() {
    var xs = make([]int, 4)
    let ys = xs
    delete(xs)
    var zs = make([]int, 4)
    zs[0] = 1
    delete(ys)
    println(zs[0])
}
