// i8 -> u16 sign-extends then truncates: -101 is 65435 whatever the i8 is
// (a local, a field, an element, a wrapped sum) and wherever the u16 goes
// next. TinyCC 0.9.27 got `(uint16_t)x` of an int8_t place wrong (high
// bits left set) once the emitter folded the cast into a wider use at -O2;
// found by tests/differential (seed 200177).
struct S { a: i8 }

fn main() {
    let b: i8 = -101
    let s = S{a: -128}
    let xs = [-1_i8, 127]
    var c: i8 = 100
    c += 100
    println((b as u16) as u64, (b as u16) as u32, (b as u16) as int)
    println((s.a as u16) as u64, (xs[0] as u16) as u64, (xs[1] as u16) as u64)
    println((c as u16) as u64, ((b + c) as u16) as u64)
    println((b as u16) + 1, (b as u16) >> 1, (b as u16) == 65435)
}
