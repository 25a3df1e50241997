enum Color { Red, Green, Blue }
enum Shape { Circle(r: f64), Rect(w: f64, h: f64), Empty }
enum Tree[T] { Leaf(v: T), Node(kids: []Tree[T]) }

fn f(x: int) -> int { return x }

fn main() {
    let a = Shape.Circle(1.0)
    let b = Shape.Empty
    println(a == b)
    println(a as int)
    let c = Color.Purple
    let d = Shape.Circle
    let e = Color.Red(1)
    let g = Shape.Rect(1.0)
    let h = Shape.Rect(w: 1.0, d: 2.0)
    let i = Shape.Rect(w: 1.0, w: 2.0)
    let j = Tree.Leaf(1)
    let k = f(x: 1)
    let l = Shape{}
    println(a.r)
    let m: Tree[int] = Tree.Leaf("s")
}
