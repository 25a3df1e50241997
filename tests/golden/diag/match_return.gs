enum Color { Red, Green, Blue }

fn name(c: Color) -> string {
    match c {
        Red => return "red"
        Green => return "green"
        Blue => println("blue")
    }
}

fn ok(c: Color) -> int {
    match c {
        Red => return 1
        _ => return 2
    }
}

fn main() {
    println(name(Color.Red), ok(Color.Red))
}
