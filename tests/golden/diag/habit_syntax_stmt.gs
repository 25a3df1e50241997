// Statements written as in Go, Rust, Python or C: each stops the parser
// once, with a hint line saying what Goose writes.
fn main() {
    x := 5
    let mut y = 1
    if y > 0 and y < 3 { println(y) }
    if not y { println(y) }
    let z = y > 0 ? 1 : 2
    println!("hi")
    let v = Vec::new()
    inc(&y)
    let w = *y
    let r = ref y
    for i := 0; i < 3; i += 1 {
    }
    if y == 1 { println(1) } elif y == 2 { println(2) }
    if (y > 0) println(y)
    while y < 3 y += 1
}
