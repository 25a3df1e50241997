// More generics: generic functions calling generic functions, returning
// optionals and slices, instantiated with structs, slices and optionals;
// a generic struct holding a slice with methods that call each other.
struct Point { x: int, y: int }

struct List[T] { items: []T }

fn (l: ref List[T]) add(v: T) { l.items.push(v) }

fn (l: List[T]) get(i: int) -> ?T {
    if i < 0 || i >= l.items.len { return none }
    return l.items[i]
}

fn (l: List[T]) map_to_strings(f: fn(T) -> string) -> []string {
    var out: []string
    for x in l.items { out.push(f(x)) }
    return out
}

fn find_index[T](xs: []T, pred: fn(T) -> bool) -> ?int {
    for i, x in xs {
        if pred(x) { return i }
    }
    return none
}

fn repeat[T](v: T, n: int) -> []T {
    var out = make([]T, 0, n)
    for _i in 0..n { out.push(v) }
    return out
}

fn last[T](xs: []T) -> ?T {
    if xs.len == 0 { return none }
    return xs[xs.len - 1]
}

fn pair_up[A, B](a: A, b: B) -> string { return show(a) + "/" + show(b) }

fn show[T](v: T) -> string { return to_string(v) }

fn identity[T](v: T) -> T { return v }

fn main() {
    var pts = List[Point]{}
    pts.add(Point{x: 1, y: 2})
    pts.add(Point{x: 3, y: 4})
    println(pts.get(1).unwrap().y, pts.get(2) == none, pts.get(-1) == none)
    let names = pts.map_to_strings(fn(p: Point) -> string { return to_string(p.x) + ":" + to_string(p.y) })
    println(names.len, names[0], names[1])
    let idx = find_index(pts.items, fn(p: Point) -> bool { return p.x > 2 })
    println(idx.unwrap())
    let rs = repeat("ab", 3)
    println(rs.len, rs[2])
    let rr = repeat(repeat(7, 2), 3)
    println(rr.len, rr[2].len, rr[1][1])
    let ro = repeat(last(rs), 2)
    println(ro[1].unwrap())
    var empty: []f64
    println(last(empty) == none, last(repeat(2.5, 1)).unwrap())
    println(pair_up(1, 2.5), pair_up(identity(3), identity(4)))
    let u: u8 = 200
    println(show(u), show(identity(u) + 100))
    var lists = List[List[int]]{}
    var inner = List[int]{}
    inner.add(5)
    lists.add(inner)
    inner.add(6)
    println(lists.items[0].items.len, inner.items.len)
}
