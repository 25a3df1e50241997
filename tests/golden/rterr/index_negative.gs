// expect runtime error: tests/golden/rterr/index_negative.gs:2:43: runtime error: index -1 out of range for length 3
fn get(xs: []int, i: int) -> int { return xs[i] }

fn main() {
    let xs = make([]int, 3)
    println(get(xs, 0))
    println(get(xs, -1))
}
