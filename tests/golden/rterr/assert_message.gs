// expect runtime error: tests/golden/rterr/assert_message.gs:4:9: runtime error: assertion failed: x must be even
fn check(x: int) {
    if x >= 0 {
        assert x % 2 == 0, "x must be even"
    }
}

fn main() {
    check(4)
    check(7)
}
