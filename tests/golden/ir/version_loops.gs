// -O2 loop versioning (lower/pass_version.c): a loop whose index checks one
// guard before it can prove runs as `if guard { loop without them } else
// { the loop as it was }`. A range loop to a bound that is not the slice's
// length, and a strided while loop over a global slice. Adversarial twins:
// rterr/version_for_short.gs, rterr/version_while_past.gs,
// rterr/version_while_negative.gs, rterr/version_while_step.gs,
// run/version_early_exit.gs.
var flags: []bool

fn prefix_sum(xs: []int, n: int) -> int {
    var s = 0
    for k in 0..n {
        s += xs[k]
    }
    return s
}

fn mark(start: int, step: int, limit: int) -> int {
    var j = start
    var marked = 0
    while j <= limit {
        flags[j] = true
        marked += 1
        j += step
    }
    return marked
}

fn main() {
    let xs = make([]int, 5)
    flags = make([]bool, 20)
    println(prefix_sum(xs, 3), mark(4, 2, 19))
}
