// A program: its test file joins the module main, fn main and all.
fn double(x: int) -> int {
    return x * 2
}

fn main() {
    println(double(21))
}
