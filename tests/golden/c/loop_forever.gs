// A `while` loop is emitted as `for (;;) { if (!c) break; ... }`, never as
// `while (c)`: C11 lets a compiler assume that a loop with a non-constant
// controlling expression and no I/O ends, and clang -O2 deleted
// `while i != 0 { i += 2 }`, which with an odd u8 i must never end.
fn spin(start: u8) -> u8 {
    var i = start
    while i != 0 { i += 2 }
    return i
}

fn main() {
    println(spin(4))
}
