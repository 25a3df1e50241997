// expect runtime error: tests/golden/rterr/match_ref_index.gs:12:19: runtime error: index 3 out of range for length 3
// The place of a `match ref` is evaluated (and checked) once, before any
// arm runs.
enum Shape { Circle(r: f64), Empty }

fn main() {
    var xs: []Shape
    xs.push(Shape.Circle(1.0))
    xs.push(Shape.Empty)
    xs.push(Shape.Circle(2.0))
    for i in 0..4 {
        match ref xs[i] {
            Circle(r) => r += 1.0
            Empty => println("empty at", i)
        }
    }
}
