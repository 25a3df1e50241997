// Readings where the reference is silent (see docs/language.md):
// an unsuffixed integer literal in an f64 context is a float constant; a
// negated literal is one literal (`let m: i8 = -128` fits); a range loop
// variable takes the type of its bounds.
fn half(x: f64) -> f64 { return x / 2 }

fn main() {
    let x: f64 = 1
    let y = 2.5
    println(x, y * 2, half(3), y + 1 - x)
    let m: i8 = -128
    let n: i64 = -9223372036854775808
    println(m, n)
    let z: f64 = -0 // Go's exact constants: -0 is 0, not -0.0
    let nz: f64 = -0.0
    println(z, nz, -(0 as f64))
    let k: u8 = 3
    var sum: u8 = 250
    for i in 0..k {
        sum += i
    }
    println(sum)
    for j in k..5 {
        let b: u8 = j
        print(b, "")
    }
    println()
}
