// match on strings (a few arms, and many: the length is tested first),
// bools (both values cover the type), optionals (some(x) / none), and a
// subject evaluated once.
fn keyword(s: string) -> int {
    match s {
        "fn" => return 1
        "let" | "var" => return 2
        "if" => return 3
        "else" => return 4
        "while" => return 5
        "for" => return 6
        "" => return 7
        _ => return 0
    }
}

fn yes(s: string) -> bool {
    match s { "y" | "yes" => return true, _ => return false }
}

var calls = 0

fn next() -> int {
    calls += 1
    return calls
}

fn main() {
    let words = ["fn", "let", "var", "if", "else", "while", "for", "", "x", "lets", "whale", "fo"]
    for w in words {
        println(w, keyword(w))
    }
    println(yes("y"), yes("yes"), yes("no"))
    for b in [true, false] {
        match b {
            true => println("on")
            false => println("off")
        }
    }
    var o: ?int = none
    for i in 0..3 {
        match o {
            some(v) => println("some", v)
            none => println("none")
        }
        o = i * 10
    }
    let name: ?string = "goose"
    match name { some(_) => println("named"), none => {} }
    match next() {
        1 => println("first call", calls)
        _ => println("called again", calls)
    }
}
