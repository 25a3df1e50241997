// expect runtime error: tests/golden/rterr/life_if_then_delete.gs:13:13: runtime error: use of freed storage
// A check after an if without else whose arm deletes the storage must
// stay (the path through the arm reaches it).
fn main() {
    var xs = make([]int, 4)
    let ys = xs
    ys[1] = 7
    println(ys[1])
    if args().len == 0 {
        delete(xs)
    }
    var zs = make([]int, 4)
    println(ys[1], zs[1])
}
