// Generic structs with arguments, methods on them (type parameters bound by
// the receiver), nested instantiations.
struct Pair[A, B] { first: A, second: B }

struct Stack[T] { items: []T }

struct Box[T] { val: T }

fn (s: ref Stack[T]) push_item(v: T) { s.items.push(v) }

fn (s: ref Stack[T]) pop_item() -> T { return s.items.pop() }

fn (s: Stack[T]) size() -> int { return s.items.len }

fn (s: Stack[T]) peek() -> ?T {
    if s.items.len == 0 { return none }
    return s.items[s.items.len - 1]
}

fn (p: Pair[A, B]) swapped() -> Pair[B, A] {
    return Pair[B, A]{first: p.second, second: p.first}
}

fn make_pair[A, B](a: A, b: B) -> Pair[A, B] {
    return Pair[A, B]{first: a, second: b}
}

fn main() {
    let p = Pair[int, string]{first: 1, second: "one"}
    println(p.first, p.second)
    let q = p.swapped()
    println(q.first, q.second)
    var s = Stack[int]{}
    s.push_item(1)
    s.push_item(2)
    s.push_item(3)
    println(s.size(), s.peek().unwrap(), s.pop_item(), s.size())
    var names = Stack[string]{}
    println(names.peek() == none)
    names.push_item("x")
    println(names.peek().or("?"), names.size())
    let bb = Box[Box[int]]{val: Box[int]{val: 7}}
    println(bb.val.val)
    let pp = Pair[Box[f64], [2]int]{first: Box[f64]{val: 1.5}, second: [3, 4]}
    println(pp.first.val, pp.second[1])
    let mp = make_pair(true, 2.5)
    println(mp.first, mp.second)
    var copy = p
    copy.first = 2
    println(p.first, copy.first)
    var ps = Stack[Pair[int, int]]{}
    ps.push_item(Pair[int, int]{first: 1, second: 2})
    println(ps.pop_item().second)
}
