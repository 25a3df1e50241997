// The sample of tests/editors/check_grammar.py: each line below is named
// there with the scopes its tokens must get.
import "strings"

const LIMIT: u32 = 0xff_u32

/* a block comment
   over two lines */
struct Point {
    x: int
    y: f64
}

enum Shape { Circle(r: f64), Empty }

fn (p: ref Point) scale(k: f64) -> Point {
    p.y *= k
    return Point{x: LIMIT as int, y: p.y}
}

fn add(a: int, b: int) -> int {
    return a + b
}

fn main() {
    let small = 255_u8
    var f = 2.5e3
    let s = "tab\there \x41 \"q\" é"
    let c = '\n'
    let d = 'x'
    var n = add(1, 2)
    n <<= 2
    if n >= 4 && small != 0 {
        println(s, c, d, f, strings.contains(s, "q"))
    }
    for i in 0..3 {
        n += i as int
    }
    let o: ?Point = none
    match n {
        0..=3 => println("small")
        _ => {}
    }
    assert (!o.is_some())
}
