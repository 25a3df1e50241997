// let freezes every part of a struct or fixed-array value, but not the
// storage a slice points at.
struct Point { x: int, y: int }
struct Line { a: Point, b: Point }
fn main() {
    let p = Point{x: 1, y: 2}
    p.x = 3
    let l = Line{}
    l.a.y = 4
    let arr = [1, 2, 3]
    arr[0] = 9
    let xs = make([]int, 3)
    xs[0] = 1
    let v = xs[1:3]
    v[0] = 2
    xs.push(4)
}
