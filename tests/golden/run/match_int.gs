// match on integers and chars: literals (a leading - allowed), a..b
// half-open and a..=b inclusive ranges, alternatives with |, `_`, arms
// separated by newlines or `,`, bodies that are blocks, return, break and
// continue (which act on the enclosing loop, as in Rust), and matches
// that cover a type's whole range without `_`.
fn classify(n: int) -> string {
    match n {
        0 => return "zero"
        1 | 2 | 3 => return "small"
        4..10 => return "medium"
        10..=99 => return "large"
        -9..0 => return "negative"
        -100 | -1000 => return "round negative"
        _ => return "other"
    }
}

fn sign(x: i8) -> int {
    match x {
        -128..0 => return -1
        0 => return 0
        1..=127 => return 1
    }
}

fn bucket(b: u8) -> string {
    match b {
        0..64 => return "q1"
        64..128 => return "q2"
        128..192 => return "q3"
        192..=255 => return "q4"
    }
}

fn kind(c: u8) -> string {
    match c {
        'a'..='z' | 'A'..='Z' | '_' => return "letter"
        '0'..='9' => return "digit"
        ' ' | '\t' | '\n' => return "space"
        _ => return "punct"
    }
}

fn main() {
    let xs = [0, 2, 3, 7, 10, 99, 100, -1, -9, -10, -100, -1000]
    for x in xs {
        println(x, classify(x))
    }
    println(sign(-128), sign(-1), sign(0), sign(127))
    println(bucket(0), bucket(63), bucket(64), bucket(200), bucket(255))
    let s = "a_Z9 \t+"
    for i in 0..s.len {
        print(kind(s[i]), "")
    }
    println()
    var seen = 0
    for i in 0..100 {
        match i % 7 {
            0 => continue
            5 => { seen += 100 }
            6 => if i > 40 { break }
            _ => seen += 1
        }
    }
    println(seen)
    var m: u64 = 18446744073709551615
    match m { 18446744073709551615 => println("max"), _ => println("not max") }
    let big: i64 = -9223372036854775807 - 1
    match big {
        -9223372036854775808 => println("min")
        _ => println("not min")
    }
    var acc = 0
    for i in 0..6 {
        match i { 0 | 1 => acc += 1, 2 => acc += 10, _ => acc += 100 }
    }
    println(acc)
}
