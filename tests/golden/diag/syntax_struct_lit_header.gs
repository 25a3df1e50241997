struct Point { x: int, y: int }

fn main() {
    let p = Point{x: 1, y: 2}
    if p == Point{x: 1, y: 2} {
        println("same")
    }
    if p == (Point{x: 1, y: 2}) {
        println("fine with parentheses")
    }
}
