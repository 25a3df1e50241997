// BCE rule: a constant index into a fixed array, a constant divisor and a
// constant shift count in range need no check.
// Adversarial twins: rterr/index_array.gs, rterr/div_zero.gs.
fn f(x: int) -> int {
    var a: [4]int
    a[3] = x
    return a[3] / 7 + (x << 3)
}

fn main() {
    println(f(5))
}
