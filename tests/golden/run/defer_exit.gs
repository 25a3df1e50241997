// exit: 4
// exit stops the program at once: no deferred statement runs.
fn stop() {
    defer println("not printed")
    println("stopping")
    exit(4)
}
fn main() {
    defer println("not printed either")
    stop()
}
