// A helper module imported by tests (not itself a test: no .out).
import "./units"

const UNIT: int = 10

var created: int = 0

struct Point { x: int, y: int }

struct Rect { min: Point, max: Point }

fn point(x: int, y: int) -> Point {
    created += 1
    return Point{x: x, y: y}
}

fn area(r: Rect) -> int { return (r.max.x - r.min.x) * (r.max.y - r.min.y) }

fn (r: Rect) width() -> int { return r.max.x - r.min.x }

fn (p: ref Point) scale(k: int) {
    p.x *= k
    p.y *= k
}

fn bigger[T](a: T, b: T) -> T {
    if a > b { return a }
    return b
}

fn describe(r: Rect) -> string { return units.label(area(r)) }
