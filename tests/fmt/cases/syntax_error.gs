// A file that does not parse is reported and left as it is.
fn main() {
    let x =
}
