// A closure may not capture a reference.
fn apply(f: fn() -> int) -> int { return f() }
fn bump(r: ref int) -> int {
    return apply(fn() -> int { return r + 1 })
}
fn main() {
    var x = 1
    println(bump(x))
}
