// Type arguments are inferred from the arguments, or it is an error.
fn zero[T]() -> T {
    var z: T
    return z
}
fn pick[T](a: T, b: T) -> T { return a }
fn main() {
    let a = zero()
    let b = pick(1, "s")
    let c = pick(1, 2)
    let d: u8 = pick(c, 3)
    let f = pick
}
