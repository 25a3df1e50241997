// match ref: bindings are references into the matched place (a local, a
// field, a slice element, a ref parameter); plain match binds copies.
enum Shape { Circle(r: f64), Rect(w: f64, h: f64), Empty }

struct Scene { main: Shape, all: []Shape }

fn scale(s: ref Shape, k: f64) {
    match ref s {
        Circle(r) => r *= k
        Rect(w, h) => {
            w *= k
            h *= k
        }
        Empty => {}
    }
}

fn area(s: Shape) -> f64 {
    match s {
        Circle(r) => return 3.0 * r * r
        Rect(w, h) => return w * h
        Empty => return 0.0
    }
}

fn main() {
    var s = Shape.Circle(1.0)
    match ref s { Circle(r) => r *= 2.0, _ => {} }
    println(area(s))
    match s {
        Circle(r) => {
            s = Shape.Empty
            println(r, area(s))
        }
        _ => {}
    }
    var sc = Scene{main: Shape.Rect(1.0, 2.0)}
    sc.all.push(Shape.Circle(1.0))
    sc.all.push(Shape.Rect(2.0, 2.0))
    scale(sc.main, 3.0)
    for i in 0..sc.all.len {
        scale(sc.all[i], 2.0)
        match ref sc.all[i] {
            Rect(_, h) => h += 1.0
            _ => {}
        }
    }
    println(area(sc.main), area(sc.all[0]), area(sc.all[1]))
    var o: ?int = 4
    match ref o { some(v) => v += 1, none => {} }
    println(o.unwrap())
    delete(sc.all)
}
