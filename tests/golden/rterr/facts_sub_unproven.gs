// expect runtime error: tests/golden/rterr/facts_sub_unproven.gs:6:24: runtime error: index -1 out of range for length 3
// xs[i - 1] is proven only when i > 0 is known (golden/ir/loop_bound.gs,
// pair); i >= 0 is not enough.
fn pair(xs: []int, i: int) -> int {
    if i >= 0 {
        return xs[i] + xs[i - 1]
    }
    return 0
}

fn main() {
    let xs = make([]int, 3)
    println(pair(xs, 0))
}
