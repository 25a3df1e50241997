enum Shape { Circle(r: f64), Rect(w: f64, h: f64), Empty }

fn main() {
    let s = Shape.Empty
    match s {
        Circle(a, b) => {}
        Square => {}
        Rect(w, h) | Empty => {}
        _ => {}
    }
    let n = 3
    match n {
        "three" => {}
        Circle(r) => {}
        5..5 => {}
        9..=2 => {}
        300_u8 => {}
        _ => {}
    }
    let f = 1.5
    match f { _ => {} }
    match ref Shape.Empty { _ => {} }
    let t = Shape.Circle(1.0)
    match ref t { Circle(r) => r = 2.0, _ => {} }
    match t { Circle(r) => r = 2.0, _ => {} }
    let o: ?int = 1
    match o { some => {}, none => {} }
}
