// Positive control for the prototype: a view read after a push moved the
// storage. Every variant must stop with "use of freed storage" (101).
fn main() {
    var a = make([]int, 1, 1)
    let v = a[0:1]
    a.push(2)
    println(v[0])
}
