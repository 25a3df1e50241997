fn main() {
    let s = "no end
    println(s)
}
