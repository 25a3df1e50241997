// expect runtime error: tests/golden/rterr/life_match_ref_push.gs:10:5: runtime error: push moved storage that a live ref points into: use of freed storage
// `match ref` binds references into the matched place: here an element
// of a slice that the arm grows before writing through the binding.
enum Shape {
    Circle(r: f64)
    Square(side: f64)
}

fn grow(xs: ref []Shape) {
    xs.push(Shape.Square(1.0))
}

fn main() {
    var xs = make([]Shape, 0, 1)
    xs.push(Shape.Circle(2.0))
    match ref xs[0] {
        Circle(r) => {
            r *= 2.0
            grow(xs)
            r *= 2.0
        }
        _ => {}
    }
    println(xs.len)
}
