// expect runtime error: tests/golden/rterr/life_if_arm_delete.gs:17:13: runtime error: use of freed storage
// A check after an if whose else arm deletes the storage must stay: the
// check before the if proves nothing after it (a near miss of the
// dedupe across if / else, which keeps only what holds at the end of
// both arms).
fn main() {
    var xs = make([]int, 4)
    let ys = xs
    ys[1] = 7
    println(ys[1])
    if args().len > 5 {
        println("many")
    } else {
        delete(xs)
    }
    var zs = make([]int, 4)
    println(ys[1], zs[1])
}
