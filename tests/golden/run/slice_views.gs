// Sub-slices share storage with their parent; their cap is j - i; omitted
// bounds default to 0 and len; `let` does not freeze the elements a slice points at.
fn fill(xs: []int, v: int) {
    for i in 0..xs.len { xs[i] = v }
}

fn main() {
    var xs = make([]int, 8)
    for i in 0..8 { xs[i] = i }
    let v = xs[2:5]
    v[0] = 100
    println(xs[2], v.len, v.cap)
    let w = v[1:3]
    w[1] = 200
    println(xs[4], w.len, w.cap)
    println(xs[:3].len, xs[5:].len, xs[5:].cap, xs[:].len, xs[:].cap, xs[8:].len)
    fill(xs[6:8], 9)
    println(xs[5], xs[6], xs[7])
    let empty = xs[3:3]
    println(empty.len, empty.cap)
    let a8: u8 = 1
    let b16: i16 = 3
    let s2 = xs[a8:b16]
    println(s2.len, s2[0], s2[1])
    let head = xs[0:1]
    xs[0] = -1
    println(head[0])
    var copy = xs
    copy[1] = -2
    println(xs[1])
}
