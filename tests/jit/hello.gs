// hello.gs — the program the jit tests run: a line of output and a runtime call.
fn main() {
    println("hello from the jit", to_string(6 * 7))
}
