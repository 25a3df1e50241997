// Every assignment operator on every kind of place: locals, globals,
// fields, slice and array elements, nested places, and f64.
struct Inner { v: int }
struct Outer { inner: Inner, arr: [2]int, xs: []int }

var g: int = 1

fn main() {
    var a = 100
    a += 5
    a -= 3
    a *= 2
    a /= 4
    a %= 7
    println(a)
    a = 0xF0
    a |= 0x0F
    a &= 0x3C
    a ^= 0xFF
    a <<= 4
    a >>= 2
    println(a)
    g += 10
    g *= 3
    println(g)
    var o = Outer{xs: make([]int, 3)}
    o.inner.v += 7
    o.inner.v <<= 2
    o.arr[1] -= 9
    o.xs[2] += 4
    o.xs[2] *= o.xs[2]
    println(o.inner.v, o.arr[1], o.xs[2])
    var grid: [2][3]int
    grid[1][2] += 5
    grid[1][2] ^= 1
    println(grid[1][2])
    var f = 1.5
    f += 1.0
    f *= 4.0
    f -= 0.5
    f /= 2.0
    println(f)
    var b: u8 = 1
    b <<= 7
    b >>= 3
    b |= 1
    println(b)
    var s = "ab"
    s = s + "cd"
    println(s)
    var ss = make([]Outer, 2)
    ss[1].inner.v += 3
    ss[1].arr[0] += 2
    println(ss[1].inner.v + ss[1].arr[0])
}
