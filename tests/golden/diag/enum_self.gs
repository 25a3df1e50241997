enum List { Nil, Cons(head: int, tail: List) }
enum Dup { A, B, A }
enum Nothing {}

fn main() {
}
