// make([]T, len) and make([]T, len, cap) allocate zeroed storage; len and cap are int.
struct P { x: int, s: string }

fn main() {
    let a = make([]int, 3)
    println(a.len, a.cap, a[0], a[1], a[2])
    var b = make([]i32, 2, 10)
    println(b.len, b.cap)
    b[1] = 7
    println(b[0], b[1])
    let n = 4
    let c = make([]P, n)
    println(c.len, c[3].x, c[3].s.len, "[" + c[0].s + "]")
    let d = make([]f64, 0)
    println(d.len, d.cap)
    let e = make([]bool, 2, 2)
    println(e[0], e[1])
    let f = make([]?int, 2)
    println(f[0] == none, f[1].is_some())
    let g = make([][]u8, 2)
    println(g[0].len, g[1].cap)
    let h = make([]string, 1, 5)
    println(h.len, h.cap, h[0] == "")
    let l: int = a.len + b.cap
    println(l)
    var z: []int
    println(z.len, z.cap)
}
