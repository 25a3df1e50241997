// A function that fails on one path but returns on another is not
// noreturn (only every-path failures are emitted cold and noreturn).
fn check(c: bool) {
    if c { return }
    panic("not c")
}

fn fail_if(c: bool) {
    if c { panic("c") }
}

fn main() {
    check(true)
    fail_if(false)
    println("returned")
}
