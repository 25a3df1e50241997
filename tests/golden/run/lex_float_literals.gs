// Float literal forms: 1.5, 1e9, 2.5e-3 (all f64).
fn main() {
    println(1.5, 1e9, 2.5e-3, 0.25, 10.0, 1e0, 6.02e23, 1.0e-10)
    let x = 1e3
    let y: f64 = 2.5
    println(x * y, x + 0.5)
}
