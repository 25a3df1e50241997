// min and max on f64 follow Go: a NaN argument gives NaN whichever side it is
// on, and -0 is less than +0. Integers: one select, as before.
fn main() {
    let z = 0.0
    let nan = z / z
    let nz = -z
    println(min(nan, 1.0), min(1.0, nan), max(nan, 1.0), max(1.0, nan))
    println(min(nz, z), min(z, nz), max(nz, z), max(z, nz))
    println(min(2.5, -1.0), max(2.5, -1.0), min(3, -4), max(3_u8, 200_u8))
    let inf = 1.0 / z
    println(min(inf, -inf), max(-inf, inf), min(1.0, 1.0))
}
