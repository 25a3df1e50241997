// s.bytes() is a new []u8 copy; from_bytes(xs) is a new string copied from xs.
fn main() {
    let s = "abc"
    var b = s.bytes()
    println(b.len, b[0], b[1], b[2])
    b[0] = 'X'
    println(s, b[0])
    let t = from_bytes(b)
    println(t)
    b[1] = 'Y'
    println(t, from_bytes(b))
    b.push('!')
    println(from_bytes(b), from_bytes(b[1:3]), from_bytes(b).len)
    var empty: []u8
    println("[" + from_bytes(empty) + "]", "".bytes().len)
    let sub = "hello"[1:4].bytes()
    println(sub.len, sub[0])
    delete(b)
    println(t)
}
