// The debug form: print, println, eprintln, {} and {:?} of composite
// values, to_string of any type, strings quoted inside composites.
import "map"

struct Point {
    x: int
    y: int
}

struct Pair[A, B] {
    a: A
    b: B
}

struct Empty {
}

struct Node {
    name: string
    kids: []Node
}

struct Shape {
    name: string
    at: Point
    tags: []string
    scale: ?f64
    grid: [2][2]u8
    flag: bool
    e: Empty
}

fn main() {
    let p = Point{x: 1, y: -2}
    println(p)
    print(p, 3, "raw", "\n")
    let pr = Pair[string, ?int]{a: "q\"", b: none}
    println(pr, Pair[int, bool]{a: 7, b: true})
    var tags = make([]string, 0)
    tags.push("a b")
    tags.push("tab\there")
    let sh = Shape{name: "sq", at: p, tags: tags, scale: 1.5, grid: [[1, 2], [3, 4]], flag: false, e: Empty{}}
    println(sh)
    // arrays, slices, optionals
    let arr = [1, 2, 3]
    let none_s: ?string = none
    let some_s: ?string = "x\n"
    var nested: ??int = none
    println(arr, make([]int, 0), none_s, some_s, nested)
    nested = some_opt(4)
    println(nested)
    var ps = make([]Point, 0)
    ps.push(p)
    ps.push(Point{x: 0, y: 0})
    let opts = [some_opt(1), none]
    println(ps, opts)
    // maps: sorted by key
    var m = map.Map[int, string]{}
    m.put(30, "thirty")
    m.put(-5, "minus five")
    m.put(7, "seven")
    var names = map.Map[string, []int]{}
    var zs = make([]int, 0)
    zs.push(1)
    zs.push(2)
    names.put("zed", zs)
    names.put("amy", make([]int, 0))
    names.put("Bob", make([]int, 1))
    var um = map.Map[u8, bool]{}
    um.put(200, true)
    um.put(3, false)
    println(m)
    println(names, um, map.Map[int, int]{})
    // printf and format of composites, with widths
    printf("{} {:?}\n", p, arr)
    printf("[{:20}] [{:>20}] [{:*^21}]\n", p, p, p)
    let s = format("{}|{:?}", tags, some_s)
    println(s)
    // to_string of any type
    println(to_string(p), to_string(true), to_string("str"), to_string(arr), to_string(2.5))
    // a recursive struct
    var root = Node{name: "root", kids: make([]Node, 0)}
    root.kids.push(Node{name: "leaf", kids: make([]Node, 0)})
    println(root)
    eprintln(p, opts)
}

fn some_opt(v: int) -> ?int {
    return v
}
