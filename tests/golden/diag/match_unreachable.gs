enum Color { Red, Green, Blue }

fn main() {
    let c = Color.Red
    match c {
        Red => {}
        Green | Red => {}
        Blue => {}
    }
    match c {
        Red => {}
        Green => {}
        Blue => {}
        _ => {}
    }
    let n = 5
    match n {
        1 => {}
        1 => {}
        0..=10 => {}
        3..5 => {}
        _ => {}
    }
    let u: u8 = 1
    match u {
        0..=255 => {}
        _ => {}
    }
    let b = false
    match b { true => {}, false => {}, _ => {} }
    match "s" { "a" => {}, "a" => {}, _ => {} }
    let o: ?int = none
    match o { none => {}, some(x) => {}, none => {} }
}
