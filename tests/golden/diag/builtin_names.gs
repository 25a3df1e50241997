// A struct may not take the name of a builtin type (the type name would
// always mean the builtin, so the struct could never be used), and make's
// message counts the type: it needs a length.
struct int { x: i64 }
struct string { y: int }
struct Point { x: int }

fn main() {
    let a = make([]int)
    let b = make([]int, 1, 2, 3)
    let p = Point{x: 1}
    println(a.len, b.len, p.x)
}
