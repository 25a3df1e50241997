// Methods by value (a copy) and by reference (the caller's place: a
// variable, field, element, or a ref parameter passed on).
struct Point { x: int, y: int }
struct Shape { name: string, origin: Point }

fn (p: Point) norm1() -> int { return abs(p.x) + abs(p.y) }
fn (p: ref Point) shift(dx: int) { p.x += dx }
fn (p: Point) moved_copy(dx: int) -> Point {
    var q = p
    q.shift(dx)
    return q
}
fn (p: Point) try_shift(dx: int) -> int {
    var c = p
    c.x += dx
    return c.x
}
fn (s: ref Shape) nudge() {
    s.origin.shift(1)
    s.origin.y -= 1
}

fn twice(p: ref Point) {
    p.shift(10)
    p.shift(10)
}

inline fn sq(x: int) -> int { return x * x }

fn main() {
    var p = Point{x: -3, y: 4}
    println(p.norm1())
    p.shift(5)
    println(p.x)
    let c = p.moved_copy(100)
    println(p.x, c.x)
    println(p.try_shift(1), p.x)
    twice(p)
    println(p.x)
    var s = Shape{name: "sq", origin: p}
    s.nudge()
    s.origin.shift(2)
    println(s.origin.x, s.origin.y, p.x)
    var pts = make([]Point, 3)
    pts[1].shift(4)
    twice(pts[2])
    println(pts[0].x, pts[1].x, pts[2].x)
    var arr: [2]Point
    arr[1].shift(-1)
    println(arr[1].x, arr[1].norm1())
    println(Point{x: 2, y: -2}.norm1(), sq(p.x))
}
