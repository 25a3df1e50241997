// k <= xs.len without k >= 0 does not prove xs[k:xs.len]: the check stays.
// Twin of ir/proven_slices.gs.
// expect runtime error: tests/golden/rterr/bce_slice_unproven.gs:6:16: runtime error: slice start -1 out of range
fn suffix(xs: []int, k: int) -> int {
    if k <= xs.len {
        return xs[k:xs.len].len
    }
    return 0
}

fn main() {
    let xs = make([]int, 4)
    println(suffix(xs, -1))
}
