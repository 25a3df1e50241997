// expect runtime error: tests/golden/rterr/facts_else.gs:7:16: runtime error: index 5 out of range for length 2
// The else block of `if i < xs.len` learns nothing about xs[i].
fn at(xs: []int, i: int) -> int {
    if i < xs.len {
        return xs[i]
    } else {
        return xs[i]
    }
}

fn main() {
    let xs = make([]int, 2)
    println(at(xs, 1))
    println(at(xs, 5))
}
