// expect runtime error: tests/golden/rterr/copy_into_mismatch.gs:5:5: runtime error: copy_into length mismatch: 3 != 4
fn main() {
    let a = make([]int, 3)
    let b = make([]int, 4)
    copy_into(a, b)
}
