// A call of a function without result has no value.
fn nothing() {}
fn main() {
    let x = nothing()
    println(nothing())
    return 5
}
