// args() are the program arguments without the program name.
fn main() {
    let a = args()
    println(a.len)
    for i, s in a {
        println(i, "[" + s + "]", s.len)
    }
    var total = 0
    for s in a {
        total += parse_int(s).or(0)
    }
    println(total)
}
