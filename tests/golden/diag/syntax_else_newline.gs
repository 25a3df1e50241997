fn main() {
    let x = 1
    if x > 0 {
        println("pos")
    }
    else {
        println("neg")
    }
}
