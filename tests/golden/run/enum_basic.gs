// Enums: plain enums (==, !=, `as int`, zero value), enums with payloads
// built positionally and by field name, their zero value (the first
// variant with a zero payload), enums in fields, slices, arguments and
// results, and methods with value and ref receivers.
enum Color { Red, Green, Blue }

enum Shape {
    Circle(r: f64)
    Rect(w: f64, h: f64)
    Empty
}

struct Sprite { name: string, shape: Shape, tint: Color }

fn (c: Color) name() -> string {
    match c {
        Red => return "red"
        Green => return "green"
        Blue => return "blue"
    }
}

fn (c: ref Color) next() {
    match c {
        Red => c = Color.Green
        Green => c = Color.Blue
        Blue => c = Color.Red
    }
}

fn (s: Shape) area() -> f64 {
    match s {
        Circle(r) => return 3.0 * r * r
        Rect(w, h) => return w * h
        Empty => return 0.0
    }
}

fn grow(s: Shape, k: f64) -> Shape {
    match s {
        Circle(r) => return Shape.Circle(r * k)
        Rect(w, h) => return Shape.Rect(h: h * k, w: w * k)
        Empty => return s
    }
}

fn main() {
    let g = Color.Green
    var z: Color
    println(g as int, z as int, Color.Blue as int, Color.Blue as u8)
    println(g == Color.Green, g != Color.Green, z == Color.Red, g != z)
    println(g.name(), z.name())
    z.next()
    z.next()
    println(z.name())
    z.next()
    println(z.name())

    let c = Shape.Circle(r: 2.0)
    let r = Shape.Rect(2.0, 3.5)
    var e: Shape
    println(c.area(), r.area(), Shape.Empty.area(), e.area())
    println(grow(c, 2.0).area(), grow(r, 2.0).area())
    e = r
    println(e.area())

    var sprites: []Sprite
    sprites.push(Sprite{name: "sun", shape: Shape.Circle(1.0), tint: Color.Red})
    sprites.push(Sprite{name: "box", shape: Shape.Rect(w: 1.0, h: 4.0)})
    sprites.push(Sprite{name: "none"})
    var total = 0.0
    for s in sprites {
        total += s.shape.area()
        println(s.name, s.tint.name(), s.shape.area())
    }
    println(total)
    let shapes = [Shape.Empty, Shape.Circle(1.0), Shape.Rect(1.0, 1.0)]
    var n = 0
    for s in shapes {
        match s {
            Empty => {}
            _ => n += 1
        }
    }
    println(n)
    delete(sprites)
}
