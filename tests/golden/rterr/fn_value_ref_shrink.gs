// expect runtime error: tests/golden/rterr/fn_value_ref_shrink.gs:10:14: runtime error: index 2 out of range for length 2
// A call through a function value with a ref parameter may change the slice
// passed to it: the index check in the loop stays.
fn shrink(v: ref []int) { v.pop() }
fn main() {
    let g: fn(ref []int) = shrink
    var xs = []int{1, 2, 3, 4}
    var s = 0
    for i in 0..xs.len {
        s += xs[i]
        g(xs)
    }
    println(s)
}
