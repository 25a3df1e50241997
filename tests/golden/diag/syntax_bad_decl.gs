let x = 5

fn main() {
    println(1)
}

struct S { a: int b: int }

fn (a: int, b: int) two() {}
