// expect runtime error: tests/golden/rterr/move_from_mismatch.gs:4:5: runtime error: move_from length mismatch: 2 != 5
fn main() {
    let xs = make([]int, 6)
    move_from(xs[0:2], xs[1:6])
}
