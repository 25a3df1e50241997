enum Color { Red, Green, Blue }
enum Shape { Circle(r: f64), Rect(w: f64, h: f64), Empty }

fn main() {
    let c = Color.Red
    match c {
        Red => {}
    }
    let s = Shape.Empty
    match s {
        Circle(r) => {}
        Empty => {}
    }
    let o: ?int = 3
    match o { some(x) => {} }
    match o { none => {} }
    let n = 5
    match n {
        0 => {}
        1..10 => {}
    }
    let u: u8 = 3
    match u { 0..255 => {} }
    let b = true
    match b { true => {} }
    let str = "x"
    match str { "x" => {} }
}
