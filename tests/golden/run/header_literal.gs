// A struct literal in an if, while or for header must be parenthesised.
struct Limit { n: int }
struct Bag { items: []int }

fn main() {
    if (Limit{n: 3}).n == 3 { println("if ok") }
    var i = 0
    while i < (Limit{n: 4}).n { i += 1 }
    println(i)
    var b = Bag{}
    b.items.push(5)
    b.items.push(6)
    for v in (Bag{items: b.items}).items { print(v, "") }
    println()
    for k in 0..(Limit{n: 2}).n { print(k, "") }
    println()
    let l = Limit{n: 1}
    if l.n == 1 { println("plain ok") }
}
