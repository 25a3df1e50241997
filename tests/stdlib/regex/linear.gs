// linear.gs — for check_linear.py: the pattern args()[0] against n copies
// of the byte args()[2] (n = args()[1]), then, when args()[3] is given,
// that text again with it appended; prints find and is_match of each.
import "regex"

fn main() {
    let a = args()
    let n = parse_int(a[1]).unwrap()
    let (r, err) = regex.compile(a[0])
    if err != none {
        println("error", err.unwrap().msg)
        return
    }
    var b = make([]u8, n)
    for i in 0..n {
        b[i] = a[2][0]
    }
    let s = from_bytes(b)
    let (x, y) = r.find(s)
    println("find", x, y, "is_match", r.is_match(s))
    if a.len > 3 {
        let t = s + a[3]
        let (u, v) = r.find(t)
        println("find", u, v, "is_match", r.is_match(t))
        delete(t)
    }
    delete(s)
    delete(b)
    r.free()
}
