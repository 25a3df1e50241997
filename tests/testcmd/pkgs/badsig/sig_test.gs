// test_ functions must be `fn test_x()`.
fn test_with_param(n: int) {
}

fn test_with_result() -> int {
    return 1
}

fn test_fine() {
}
