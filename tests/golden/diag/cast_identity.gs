// An identity `as` does not hide a closure, and other conversions stay errors.
fn mk(x: int) -> fn() -> int {
    let f = fn() -> int { return x }
    return f as fn() -> int
}

fn main() {
    let f = fn() -> int { return 3 }
    var h = f as fn() -> int
    println(true as int)
    println(1 as bool)
    println("a" as []u8)
}
