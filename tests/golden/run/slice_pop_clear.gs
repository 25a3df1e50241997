// pop returns the last element (checked); clear sets len to 0 and keeps cap.
fn main() {
    var xs = make([]int, 0, 8)
    xs.push(1)
    xs.push(2)
    xs.push(3)
    let top = xs.pop()
    println(top, xs.len, xs.cap)
    println(xs.pop(), xs.pop(), xs.len)
    xs.push(9)
    println(xs[0], xs.len)
    xs.clear()
    println(xs.len, xs.cap)
    xs.push(4)
    println(xs[0], xs.len)
    var st: []string
    st.push("a")
    st.push("b")
    var out = ""
    while st.len > 0 {
        out = out + st.pop()
    }
    println(out, st.len)
    var ys = make([]int, 3)
    ys[2] = 5
    let v = ys[0:2]
    println(ys.pop(), ys.len, v.len)
    ys.clear()
    println(ys.len, v.len)
}
