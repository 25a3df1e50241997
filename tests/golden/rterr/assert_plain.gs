// expect runtime error: tests/golden/rterr/assert_plain.gs:5:5: runtime error: assertion failed
fn main() {
    let x = 3
    assert x > 0
    assert x > 5
}
