// A pattern names the variant alone (Rust's `Shape::Circle(r)` habit).
enum Shape { Circle(r: f64), Empty }
fn main() {
    let s = Shape.Circle(1.0)
    match s {
        Shape.Circle(r) => println(r),
        _ => {}
    }
}
