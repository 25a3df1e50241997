// Float literals as Go writes them: digits on one side of the point are
// enough (`1.`, `.5`), and an exponent may follow the point (`1.e3`);
// `0..n` stays a range, and `1.x` is a field of the int 1.
fn main() {
    let a = .5
    let b = 1.
    let c = 1.e3
    let d = .25e-1
    let e = 6.
    println(a, b, c, d, e / 4.)
    var n = 0
    for i in 0..3 { n += i }
    for i in 1..4 { n += i }
    println(n, (1.) + .5, 2. * a, -.5, 3_0.5)
    var s = 0
    for i in 0..(2) { s += i }
    println(s, 7.)
}
