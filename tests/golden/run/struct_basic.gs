// Structs: literals with omitted fields (zero), copy on assignment, nesting,
// fields separated by `,` or newline, declarations in any order.
struct Line {
    a: Point
    b: Point
    label: string
}

struct Point { x: int, y: int }

struct Mixed { flag: bool, n: u8, f: f64, s: string, xs: []int, o: ?int, arr: [2]int }

fn moved(p: Point, dx: int) -> Point {
    var q = p
    q.x += dx
    return q
}

fn main() {
    let p = Point{x: 1, y: 2}
    var q = p
    q.x = 10
    println(p.x, q.x)
    let r = Point{y: 5}
    let e = Point{}
    println(r.x, r.y, e.x, e.y)
    var l = Line{a: p, b: Point{x: 3, y: 4}, label: "L"}
    var l2 = l
    l2.a.x = 100
    l2.label = "M"
    println(l.a.x, l2.a.x, l.label, l2.label, l.b.y)
    let m = moved(l.b, 7)
    println(m.x, l.b.x)
    let z = Mixed{}
    println(z.flag, z.n, z.f, z.s.len, z.xs.len, z.o == none, z.arr[1])
    var ps = make([]Point, 2)
    ps[1].y = 9
    ps[1].x += 2
    println(ps[1].x, ps[1].y, ps[0].y)
    var pp = ps[1]
    pp.y = 0
    println(ps[1].y)
    var ls: [2]Line
    ls[0].b.y = 4
    println(ls[0].b.y, ls[1].b.y)
    let pt = Point{x: -3, y: Point{x: 8}.x}
    println(pt.x, pt.y)
}
