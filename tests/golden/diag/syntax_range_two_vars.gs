fn main() {
    for i, x in 0..10 {
        println(i)
    }
    for in xs {
    }
    while {
    }
}
