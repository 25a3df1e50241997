// exit: 3
// fn main() -> int: the result is the process exit status.
fn main() -> int {
    println("bye")
    return 3
}
