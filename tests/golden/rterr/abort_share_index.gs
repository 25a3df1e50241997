// expect runtime error: tests/golden/rterr/abort_share_index.gs:8:16: runtime error: index 7 out of range for length 4
// At -O2 both index checks of get2 jump to one shared abort block; the
// second one fails, so the block must report its site (line 8, the second
// index) and its values (7 and 4), not the first check's.
fn get2(xs: []int, i: int, j: int) -> int {
    let a = xs[i]
    println(a)
    return a + xs[j]
}

fn main() {
    var xs = make([]int, 4)
    xs[1] = 3
    println(get2(xs, 1, 7))
}
