// Programs near the header lifetime errors that are correct and run to
// the end: every alias is used only while its storage is live.
struct Holder {
    xs: []int
}

var g: []int

fn reset() {
    delete(g)
    g = make([]int, 2)
}

fn main() {
    // a copy used before the delete, never after
    var xs = make([]int, 4)
    let ys = xs
    ys[1] = 3
    println(xs[1])
    delete(xs)
    xs = make([]int, 2)
    println(xs.len)

    // a view read after a push that stays within capacity
    var a = make([]int, 2, 8)
    let v = a[0:2]
    a.push(9)
    v[0] = 4
    println(a[0], v.len, a.len)

    // a view of the old storage is dropped before the push moves it
    var b = []int{1, 2}
    var w = b[0:1]
    println(w[0])
    w = b[1:2]
    b.push(3)
    b.push(4)
    b.push(5)
    println(b.len)

    // a sub-string printed before its string is deleted
    let s = "abc" + to_string(7)
    let t = s[1:3]
    println(t)
    delete(s)

    // a struct copy whose slice is replaced, not deleted under it
    var h = Holder{xs: make([]int, 1)}
    let h2 = h
    h.xs = make([]int, 3)
    println(h2.xs.len, h.xs.len)

    // the loop stops right after the call that deletes what it walks
    g = make([]int, 5)
    var n = 0
    for _x in g {
        n += 1
        if n == 3 {
            reset()
            break
        }
    }
    println(n, g.len)

    // zero-length views at the end of storage name no storage
    var c = make([]int, 3)
    let e = c[3:3]
    delete(c)
    for x in e {
        println(x)
    }
    println(e.len)
}
