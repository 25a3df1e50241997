// Each failure is its test's own; the tests after it still run.
fn test_assert_fails() {
    println("before the assert")
    assert half(7) == 4
}

fn test_assert_message() {
    assert half(8) == 5, format("half(8) is {}", half(8))
}

fn test_passes() {
    assert half(8) == 4
}

fn test_index_in_module() {
    let xs = []int{1, 2, 3}
    println(pick(xs, 3))
}

fn test_exit_status() {
    exit(3)
}

fn test_panic() {
    panic("gave up")
}

fn test_last_passes() {
    assert pick([]int{4, 5}, 1) == 5
}
