// Slice literals: a new slice owning its storage, len = cap = count;
// []T{} is the empty slice; element literals may leave out their type.
struct Point { x: int, y: int }
struct Line { a: Point, b: Point }

var counter: int = 0
fn next() -> int {
    counter += 1
    return counter
}

fn sum(xs: []int) -> int {
    var s = 0
    for x in xs { s += x }
    return s
}

fn main() {
    let xs = []int{1, 2, 3}
    println(xs.len, xs.cap, xs[0], xs[1], xs[2])
    println(sum([]int{10, 20, 30}))

    var e = []int{}
    println(e.len, e.cap)
    e.push(4)
    println(e.len, e[0])
    delete(e)

    let ps = []Point{{x: 1}, {x: 2, y: 3}, Point{y: 9}, {}}
    for p in ps { println(p.x, p.y) }

    let ls = []Line{{a: Point{x: 1, y: 2}, b: Point{x: 3}}}
    println(ls[0].a.y, ls[0].b.x)

    let nn = [][]int{{1}, {2, 3}, {}, []int{4}}
    println(nn.len, nn[1][1], nn[2].len, nn[3][0])

    let bs = []u8{
        250,
        'a',
        0x10,
    }
    println(bs[0], bs[1], bs[2], bs.len)

    let ss = []string{"a", "bc" + "d"}
    println(ss[0], ss[1])

    let os = []?int{1, none, 3}
    println(os[0].is_some(), os[1].is_some(), os[2].unwrap())
    let op = []?Point{{x: 5}, none}
    println(op[0].unwrap().x, op[1].is_some())

    let fa = [][2]int{[1, 2], [3, 4]}
    println(fa[1][0])

    // elements are evaluated left to right
    let order = []int{next(), next() * 10, next()}
    println(order[0], order[1], order[2])

    // a literal in a header is parenthesised
    if ([]int{1, 2}).len == 2 { println("two") }
    for x in ([]int{7, 8}) { println(x) }
    var k = 0
    while k < ([]int{1, 2, 3}).len { k += 1 }
    println(k)

    // the storage is owned: push grows it, delete gives it back
    var g = []int{1}
    g.push(2)
    g.push(3)
    println(g.len, sum(g))
    delete(g)
    delete(xs)
}
