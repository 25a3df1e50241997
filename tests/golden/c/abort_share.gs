// At -O2 the checks of one kind in one function share one abort block:
// each failing check stores its site and values in function-scope
// variables and jumps to the block at the end of the function, which calls
// gs_fail_<kind> once. Two index checks and two slices (end and start
// checks each) share three blocks; the division check, the only one of its
// kind, keeps its direct call. -O0 keeps a direct call at every check.
fn pick(xs: []int, i: int, j: int, d: int) -> int {
    let a = xs[i:j]
    let b = xs[1:i]
    return xs[i] + xs[j - 1] + a.len + b.len + 100 / d
}

// A void function that can end: it returns before the blocks.
fn show(bs: []u8, i: int) {
    if i >= 0 {
        println(bs[i], bs[i - 1])
    }
}

fn main() {
    var xs = make([]int, 5)
    xs[2] = 7
    println(pick(xs, 2, 5, 4))
    var bs = make([]u8, 3)
    bs[1] = 9
    show(bs, 2)
}
