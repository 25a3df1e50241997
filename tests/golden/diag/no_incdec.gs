// Go's i++ and i-- are not Goose: a message that says what to write.
// (a--b stays a - -b.)
fn main() {
    var i = 3
    let j = i--2
    i--
    println(i, j)
}
