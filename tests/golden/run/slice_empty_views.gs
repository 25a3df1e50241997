// Empty views of empty slices and strings: the zero value (no storage),
// make with length 0, and a view at the very end. Slicing them must be
// defined C (the emitted C once computed NULL + 0, which UBSan reports
// in the sanitizer build: -DGOOSE_SANITIZE=ON).
fn view(xs: []int, lo: int, hi: int) -> []int { return xs[lo:hi] }

fn sview(s: string, lo: int, hi: int) -> string { return s[lo:hi] }

fn total(xs: []int) -> int {
    var t = 0
    for x in xs { t += x }
    return t
}

fn main() {
    var z: []int
    let a = z[0:0]
    let b = view(z, 0, 0)
    let c = z[:]
    println(a.len, b.len, b.cap, c.len, total(z[0:z.len]))
    let m = make([]int, 0)
    let d = view(m, 0, m.len)
    println(d.len, d.cap, total(m[:]))
    var xs = make([]int, 3)
    xs[2] = 5
    let e = view(xs, 3, 3)
    println(e.len, total(view(xs, 1, 3)))
    var s: string
    let t = sview(s, 0, 0)
    println(t.len, s[0:0].len, sview("abc", 3, 3).len, sview("abc", 1, 3))
    var empty: []int
    copy_into(view(empty, 0, 0), z[0:0])
    empty.push(4)
    println(empty[0:1].len, total(empty))
}
