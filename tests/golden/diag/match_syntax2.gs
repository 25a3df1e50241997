fn main() {
    let n = 1
    match n {
        1 -> {}
        _ => {}
    }
}
