// Functions with several results: taken apart at once with let/var, into
// existing places (locals, fields, elements), dropped by a call statement,
// returned whole; results of any type, generic and closure results.
struct P { x: int, y: int }

fn divmod(a: int, b: int) -> (int, int) { return (a / b, a % b) }

fn parts() -> (string, []int, ?int, P) {
    var xs: []int
    xs.push(4)
    xs.push(5)
    return ("hi", xs, 7, P{x: 1, y: 2})
}

fn again(a: int) -> (int, int) { return divmod(a, 3) }

fn single() -> (int) { return 6 } // one type in parentheses is that type

fn swap[T](a: T, b: T) -> (T, T) { return (b, a) }

var calls: int = 0
fn counted(v: int) -> (int, bool) {
    calls += 1
    return (v, v > 0)
}

fn apply(f: fn(int, int) -> (int, int), a: int) -> (int, int) { return f(a, 2) }

struct Box[T] { v: T }
fn (b: Box[T]) with_one() -> (T, int) { return (b.v, 1) }

fn idx(i: int) -> int {
    println("place " + to_string(i))
    return i
}

fn noisy() -> (int, int) {
    println("call")
    return (10, 20)
}

fn main() {
    let (q, r) = divmod(7, 2)
    println(q)
    println(r)
    var (x, _) = divmod(20, 6)
    x += 1
    println(x)
    let (_, only) = divmod(20, 6)
    println(only)

    var a = [0, 0, 0, 0]
    var p = P{}
    a[1], p.y = divmod(17, 5)
    println(a[1])
    println(p.y)

    // places are evaluated left to right before the call, then the stores
    a[idx(2)], a[idx(3)] = noisy()
    println(a[2] + a[3])

    divmod(1, 1)
    counted(3)
    println(calls)

    let (s, v, o, pt) = parts()
    println(s)
    println(v[1])
    println(o.unwrap())
    println(pt.x + pt.y)

    let (m, n) = again(10)
    println(m * 10 + n)

    let (c, d) = swap("a", "b")
    println(c + d)
    let (e, f) = swap(1, 2)
    println(e * 10 + f)

    let sq = fn(k: int) -> (int, int) { return (k, k * k) }
    let (k1, k2) = sq(5)
    println(k1 + k2)

    var u = 0
    var w = false
    u, w = counted(-4)
    println(u)
    println(w)
    _, w = counted(4)
    println(w)

    // a function value with several results; a generic method
    let (aq, ar) = apply(divmod, 9)
    println(aq * 10 + ar)
    let (bs, bn) = Box[string]{v: "box"}.with_one()
    println(bs + to_string(bn))

    // the place's index is read before the call assigns it
    var grid = [[0, 0], [0, 0]]
    var gi = 0
    grid[gi][1], gi = divmod(9, 4)
    println(grid[0][1] * 10 + gi)
    println(single() + 1)
}
