// A function body left open runs into the next declaration.
fn helper() -> int {
    let x = 1
    return x

fn main() {
    println(helper())
}
