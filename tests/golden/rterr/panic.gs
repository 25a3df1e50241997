// expect runtime error: tests/golden/rterr/panic.gs:4:5: runtime error: panic: something bad happened
fn main() {
    let what = "bad"
    panic("something " + what + " happened")
}
