// References: ref parameters name the caller's place; a function may return
// ref T; `let r = f()` binds the reference, `let v: T = f()` and
// `var v = f()` copy the value; every assignment form works through a ref.
struct Point { x: int, y: int }
struct Buf { items: []int, total: int }

var counter: int = 0

fn inc(n: ref int) { n += 1 }

fn inc_twice(n: ref int) {
    inc(n)
    inc(n)
}

fn pick(a: ref Point, b: ref Point, first: bool) -> ref Point {
    if first { return a }
    return b
}

fn (b: ref Buf) at(i: int) -> ref int { return b.items[i] }

fn (b: ref Buf) add(v: int) {
    b.items.push(v)
    b.total += v
}

fn set_all(p: ref Point, v: int) {
    p = Point{x: v, y: v}
}

fn ops(n: ref int) {
    n = 100
    n -= 1
    n *= 2
    n /= 3
    n %= 50
    n <<= 2
    n >>= 1
    n |= 1
    n &= 0xff
    n ^= 3
}

fn main() {
    var x = 1
    inc(x)
    inc_twice(x)
    println(x)
    inc(counter)
    println(counter)
    var p = Point{x: 1, y: 2}
    var q = Point{x: 3, y: 4}
    let r = pick(p, q, true)
    r.x = 10
    println(p.x, r.x)
    pick(p, q, false).y = 40
    println(q.y)
    let copy: Point = pick(p, q, true)
    p.x = 11
    println(copy.x, p.x)
    var v = pick(p, q, false)
    v.x = 99
    println(v.x, q.x)
    set_all(q, 7)
    println(q.x, q.y)
    inc(p.y)
    println(p.y)
    var xs = make([]int, 3)
    inc(xs[1])
    var arr = [5, 6]
    inc(arr[0])
    println(xs[1], arr[0])
    var b = Buf{}
    b.add(3)
    b.add(4)
    let slot = b.at(1)
    slot += 10
    inc(b.at(0))
    println(b.items[0], b.items[1], b.total)
    let n: int = b.at(1)
    b.items[1] = 0
    println(n)
    var z = 0
    ops(z)
    println(z)
}
