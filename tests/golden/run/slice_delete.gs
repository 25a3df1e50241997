// delete gives owned storage back: slices from make or grown by push,
// strings from +, to_string, from_bytes, bytes(). Deleting a zero value is a no-op.
fn main() {
    var a = make([]int, 10)
    a[0] = 1
    delete(a)
    var z: []int
    delete(z)
    var g: []int
    for i in 0..20 { g.push(i) }
    println(g[19])
    delete(g)
    let s = "ab" + "cd"
    println(s)
    delete(s)
    let t = to_string(12345)
    println(t)
    delete(t)
    let b = "xyz".bytes()
    let u = from_bytes(b)
    println(u)
    delete(u)
    delete(b)
    var es: string
    delete(es)
    delete("".bytes())
    var sub = make([]int, 4, 4)
    var grown = sub[1:3]
    grown.push(5)
    delete(grown)
    delete(sub)
    for _round in 0..100 {
        var tmp = make([]u8, 1000)
        tmp[999] = 1
        delete(tmp)
    }
    println("ok")
}
