// ref parameters and receivers are pointers; a place passed to them has its
// address taken; a function returning ref T returns T*, and a let binding
// it keeps the pointer.
struct Counter { n: int, hits: [4]int }

fn (c: ref Counter) bump(by: int) { c.n += by }

fn slot(c: ref Counter, i: int) -> ref int { return c.hits[i] }

fn main() {
    var c = Counter{}
    c.bump(3)
    c.bump(4)
    let r = slot(c, 2)
    r += 9
    let copy: int = slot(c, 2)
    println(c.n, c.hits[2], copy)
}
