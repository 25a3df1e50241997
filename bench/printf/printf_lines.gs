// 1,000,000 lines of printf("{} {}\n", i, x): an int and an f64 per line.
fn main() {
    var x = 0.5
    for i in 0..1000000 {
        printf("{} {}\n", i, x)
        x = x * 1.0000003 + 0.25
    }
}
