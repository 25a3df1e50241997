fn main() {
    let x: int
    var y
    println(x, y)
}
