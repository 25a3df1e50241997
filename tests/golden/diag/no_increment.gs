// Go's i++ is not Goose: a message that says what to write.
fn main() {
    var i = 0
    i++
}
