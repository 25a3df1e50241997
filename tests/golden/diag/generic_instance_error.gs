// A type error inside a generic body is reported at the line in the body,
// with a note for every instantiation site that led there.
fn sub[T](a: T, b: T) -> T { return a - b }
fn twice[T](a: T) -> T { return sub(a, a) }
fn main() {
    println(twice(3))
    println(twice("no"))
    println(sub(true, false))
}
