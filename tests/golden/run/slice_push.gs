// push: appends in place while len < cap (other views of that storage see
// the write), grows geometrically into new storage otherwise. A sub-slice's
// cap is j - i, so pushing onto it never writes into the parent.
fn main() {
    var xs: []int
    for i in 0..100 {
        xs.push(i * i)
    }
    println(xs.len, xs.cap >= 100, xs[0], xs[50], xs[99])

    // push within capacity writes into the shared storage
    var a = make([]int, 2, 4)
    var b = a
    b.push(7)
    b[0] = 5
    println(a.len, b.len, a[0], b[2])

    // a sub-slice has cap j - i; pushing onto it copies to new storage
    var parent = make([]int, 5)
    for i in 0..5 { parent[i] = i + 1 }
    var sub = parent[1:3]
    println(sub.len, sub.cap)
    sub.push(99)
    println(sub.len, sub[0], sub[1], sub[2], parent[3])
    sub[0] = 100
    println(parent[1], sub[0])

    // a full slice grows; the grown copy keeps the elements
    var full = make([]int, 3)
    full[0] = 10
    full[1] = 20
    full[2] = 30
    full.push(40)
    println(full.len, full.cap >= 4, full[0], full[1], full[2], full[3])

    // push of structs and strings
    var names: []string
    names.push("ann")
    names.push("bob" + "by")
    println(names.len, names[0], names[1])
    var m = make([]int, 0, 1)
    var caps = 0
    var last = m.cap
    for i in 0..1000 {
        m.push(i)
        if m.cap != last {
            caps += 1
            last = m.cap
        }
    }
    println(m.len, m[999], caps < 30, m.cap >= m.len)
}
