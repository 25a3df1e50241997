// With no arguments args() is empty.
fn main() {
    println(args().len)
}
