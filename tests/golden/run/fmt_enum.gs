// The debug form of enums: a variant without payload prints its name, one
// with a payload its name and fields (`Circle(r: 1.5)`), inside structs,
// slices, optionals and generic enums too; width pads an enum like any
// non-number (left-aligned unless an alignment is given).
enum Color { Red, Green, Blue }
enum Shape { Circle(r: f64), Rect(w: f64, h: f64), Empty }
enum Tree[T] { Leaf(v: T), Node(kids: []Tree[T]) }
struct P { c: Color, s: Shape, name: string }

fn main() {
    println(Color.Green)
    println(Shape.Rect(2.0, 3.5), Shape.Empty)
    let p = P{c: Color.Blue, s: Shape.Circle(1.5), name: "a\"b"}
    println(p)
    printf("{:?} [{:>8}] [{:8}] {}\n", Shape.Circle(r: 0.5), Color.Red, Color.Red, []Color{Color.Red, Color.Blue})
    let o: ?Shape = Shape.Empty
    println(o, to_string(Color.Blue))
    let t: Tree[string] = Tree.Node([]Tree[string]{Tree.Leaf("x"), Tree.Node([]Tree[string]{})})
    println(t)
    let s = format("{}|{:^12}|", Shape.Rect(w: 1.0, h: 2.0), Color.Green)
    println(s, s.len)
    delete(s)
}
