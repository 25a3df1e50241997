fn main() {
    let x = 1 @ 2
    let y = x # comment
    println(x, y)
}
