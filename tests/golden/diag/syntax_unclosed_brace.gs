// The '{' left open is the if's, not main's: the '}' in column 1 closes
// main by its indentation, so the note points at the if. The error stays
// where the parser found out (the next fn).
fn main() {
    var x = 3
    if x > 1 {
        println(x)

    while x < 10 {
        x += 1
    }
}

fn other() {
    println(1)
}
