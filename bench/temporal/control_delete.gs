// Positive control for the prototype: a copied header read after delete
// (issue 27's example). Built by check_control.sh: every variant must stop
// with "use of freed storage" (status 101); the plain build prints 5.
fn main() {
    var xs = make([]int, 4)
    let ys = xs
    delete(xs)
    var zs = make([]int, 4)
    zs[1] = 5
    println(ys[1])
}
