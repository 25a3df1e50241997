// A block left open: reported once, at the end of the file.
fn main() {
    let x = 3
    if x > 1 {
        println(x)

}
