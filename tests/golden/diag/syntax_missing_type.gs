fn add(a: int, b:) -> int {
    return a + b
}

fn main() {
    var x:
    let y: = 3
    println(add(1, 2))
}
