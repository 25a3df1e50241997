// sort.sort on integer slices: 10k random ints (checked ascending and a
// permutation of the input by value counts), sorted, reversed and
// all-equal inputs, sizes around the insertion-run length, every integer
// type, extreme values, and empty and one-element slices.
import "sort"

var seed: u64 = 12345

fn rnd() -> u64 {
    seed = seed * 6364136223846793005 + 1442695040888963407
    return seed >> 20
}

fn ascending(xs: []int) -> bool {
    for i in 1..xs.len {
        if xs[i - 1] > xs[i] { return false }
    }
    return true
}

// xs (sorted) holds each value of 0..k-1 exactly as often as count says.
fn same_counts(xs: []int, count: []int) -> bool {
    var c = make([]int, count.len)
    for x in xs { c[x] += 1 }
    var ok = true
    for i in 0..c.len {
        if c[i] != count[i] { ok = false }
    }
    delete(c)
    return ok
}

fn random_10k() {
    let k = 3000
    var count = make([]int, k)
    var xs: []int
    for _i in 0..10_000 {
        let v = (rnd() % (k as u64)) as int
        xs.push(v)
        count[v] += 1
    }
    sort.sort(xs)
    println("random 10k: ascending", ascending(xs), "permutation", same_counts(xs, count), xs[0], xs[9999])
    delete(xs)
    delete(count)
}

fn shapes() {
    for n in [0, 1, 2, 23, 24, 25, 47, 48, 49, 100, 1000, 1025] {
        var up: []int
        var down: []int
        var flat: []int
        for i in 0..n {
            up.push(i)
            down.push(n - i)
            flat.push(7)
        }
        sort.sort(up)
        sort.sort(down)
        sort.sort(flat)
        var ok = ascending(up) && ascending(down) && ascending(flat)
        for i in 0..n {
            if up[i] != i || down[i] != i + 1 || flat[i] != 7 { ok = false }
        }
        print(n, ok, "")
        delete(up)
        delete(down)
        delete(flat)
    }
    println()
}

fn types() {
    var a: []i8
    for v in [5, -128, 127, 0, -1] { a.push(v as i8) }
    sort.sort(a)
    for v in a { print(v, "") }
    println()
    var b: []u8
    for v in [255, 0, 128, 127, 1] { b.push(v as u8) }
    sort.sort(b)
    for v in b { print(v, "") }
    println()
    var c: []i32
    for v in [2147483647, -2147483648, 0, -5] { c.push(v as i32) }
    sort.sort(c)
    for v in c { print(v, "") }
    println()
    var d: []u64
    d.push(18446744073709551615)
    d.push(0)
    d.push(1_u64 << 63)
    d.push(5)
    sort.sort(d)
    for v in d { print(v, "") }
    println()
    var e: []i64
    e.push(9223372036854775807)
    e.push(-9223372036854775807 - 1)
    e.push(0)
    sort.sort(e)
    for v in e { print(v, "") }
    println()
    var f: []u16
    f.push(65535)
    f.push(3)
    var g: []i16
    g.push(-32768)
    g.push(32767)
    g.push(-1)
    var h: []u32
    h.push(4294967295)
    h.push(0)
    sort.sort(f)
    sort.sort(g)
    sort.sort(h)
    println(f[0], f[1], g[0], g[1], g[2], h[0], h[1])
}

fn small() {
    var empty: []int
    sort.sort(empty)
    var one: []int
    one.push(42)
    sort.sort(one)
    var some = make([]int, 5)
    some[0] = 9
    some[1] = 3
    some[2] = 7
    some[3] = 1
    some[4] = 5
    sort.sort(some[1:4]) // only the sub-slice: 3 7 1 -> 1 3 7
    println("empty", empty.len, "one", one.len, one[0], "sub", some[0], some[1], some[2], some[3], some[4])
}

fn main() {
    random_10k()
    shapes()
    types()
    small()
}
