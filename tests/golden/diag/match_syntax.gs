fn main() {
    let n = 1
    match n { 1 => {} 2 => {} _ => {} }
    match n { 1 => println(1) 2 => {} _ => {} }
}
