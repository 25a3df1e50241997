// expect runtime error: tests/golden/rterr/facts_write_between.gs:8:13: runtime error: index 2 out of range for length 1
// An earlier xs[i] does not cover a later one once xs changed in between.
fn main() {
    var xs = make([]int, 3)
    let i = 2
    println(xs[i])
    xs = xs[0:1]
    println(xs[i])
}
