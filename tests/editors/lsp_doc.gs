// The document of tests/editors/run_lsp.py: the script edits it in memory
// and asks the server about the names below by searching this text.
import "strings"

struct Point {
    x: int
    y: int
}

fn (p: Point) norm1() -> int {
    return p.x + p.y
}

enum Shape { Circle(r: int), Empty }

fn add(a: int, b: int) -> int {
    return a + b
}

fn main() {
    let p = Point{x: 1, y: 2}
    var total = add(p.x, 3)
    total += p.norm1()
    let sh = Shape.Circle(2)
    match sh {
        Circle(r) => total += r
        Empty => {}
    }
    println(total, strings.contains("abc", "b"))
}
