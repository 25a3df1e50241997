// exit: 7
// exit(code) ends the program from anywhere; stdout written before is flushed.
fn stop(code: int) {
    println("stopping")
    exit(code)
}

fn main() {
    print("partial ")
    stop(7)
    println("not reached")
}
