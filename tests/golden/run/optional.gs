// Optionals: none, assigning a value, == none, is_some, unwrap, or; values copy.
struct P { x: int, y: int }
struct Node { val: int, next: ?int }

fn find(xs: []int, v: int) -> ?int {
    for i, x in xs {
        if x == v { return i }
    }
    return none
}

fn main() {
    var o: ?int = none
    println(o == none, o != none, o.is_some(), o.or(7))
    o = 5
    println(o == none, o != none, o.is_some(), o.or(7), o.unwrap())
    var xs = make([]int, 4)
    xs[2] = 42
    println(find(xs, 42).unwrap(), find(xs, 9) == none, find(xs, 9).or(-1))
    var op: ?P
    println(op == none)
    op = P{x: 1, y: 2}
    var copy = op
    println(copy.unwrap().x, op.unwrap().y)
    let n = Node{val: 3}
    println(n.next == none, n.next.or(-5))
    let n2 = Node{val: 4, next: 0}
    println(n2.next.unwrap(), n2.next.is_some())
    var os: ?string = "hi"
    println(os.unwrap() + "!", os.or("no"))
    os = none
    println(os.or("no"))
    var ob: ?bool = false
    println(ob.is_some(), ob.unwrap())
    var ou: ?u8 = 255
    println(ou.unwrap())
    var arr: [3]?int
    arr[1] = 10
    println(arr[0] == none, arr[1].unwrap())
    let f: ?f64 = 2.5
    println(f.unwrap() * 2.0)
}
