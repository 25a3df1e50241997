// Conditions must be bool: no truthiness.
fn main() {
    let n = 3
    if n {
    }
    while "yes" {
    }
    assert n
    assert n > 0, 5
    let b = !n
    let c = n && true
}
