fn main() {
    let a = 1
    let b = 2
    let c = 3
    if a < b < c {
        println("chained")
    }
    let ok = (a < b) == (b < c)
    let bad = a == b != c
}
