// Two independent mistakes: each reported once, nothing in between.
fn main() {
    let x = (1 +
    let y = 2
    foo(1, 2
    bar(3)
    x = 1 y = 2
    println(x y)
}
