// One unused variable: goose check warns and exits 0, goose run warns on
// stderr and runs the program (tests/warnings/warnings_test.py).
fn main() {
    let a = 1
    println(3)
}
