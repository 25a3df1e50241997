// break and continue only inside a loop of the same function.
fn main() {
    break
    continue
    while true {
        let f = fn() { break }
        break
    }
}
