// A match on an enum or an integer lowers to an if chain whose IFs carry
// the key and their cases (IR_IF_SWITCH) for the emitter's switch; the
// last arm is the final else; bindings are loads of the payload (or, with
// match ref, addresses into it); the passes see ordinary IFs.
enum Shape { Circle(r: f64), Rect(w: f64, h: f64), Empty }

fn area(s: Shape) -> f64 {
    match s {
        Circle(r) => return r * r
        Rect(w, h) => return w * h
        Empty => return 0.0
    }
}

fn grow(s: ref Shape) {
    match ref s {
        Circle(r) => r += 1.0
        _ => {}
    }
}

fn bucket(n: int) -> int {
    match n {
        0 | 1 => return 0
        2..=4 => return 1
        _ => return 2
    }
}

fn main() {
    var s = Shape.Circle(1.0)
    grow(s)
    println(area(s), area(Shape.Rect(2.0, 3.0)), area(Shape.Empty), bucket(1), bucket(3), bucket(9))
}
