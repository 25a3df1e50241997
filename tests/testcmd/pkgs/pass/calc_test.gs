// Passing tests: their output is shown with -v only.
fn test_add() {
    assert add(2, 3) == 5
}

fn test_sum_prints() {
    println("summing")
    assert sum([]int{1, 2, 3}) == 6, "1 + 2 + 3"
}

// Not a test: a helper without the test_ prefix.
fn helper() -> int {
    return 1
}

// Not a test: a method.
struct Box {
    v: int
}

fn (b: Box) test_method() {
}
