// A match on an enum or an integer is a C switch: one case label per
// variant or literal (small ranges spelled out), the last arm `default`.
// A break of the enclosing loop inside an arm is a goto past the loop (a C
// break would only leave the switch).
enum Op { Add, Sub, Mul, Div, Neg }

enum Tok { Num(v: int), Plus, Minus, End }

fn apply(op: Op, a: int, b: int) -> int {
    match op {
        Add => return a + b
        Sub => return a - b
        Mul => return a * b
        Div | Neg => return 0
    }
}

fn score(t: Tok) -> int {
    match t {
        Num(v) => return v
        Plus => return 100
        Minus => return -100
        End => return 0
    }
}

fn digits(n: int) -> string {
    match n {
        0 => return "zero"
        1 | 2 | 3 => return "few"
        4..=7 => return "some"
        -1 => return "minus one"
        _ => return "many"
    }
}

fn main() {
    println(apply(Op.Add, 6, 3), apply(Op.Sub, 6, 3), apply(Op.Mul, 6, 3), apply(Op.Neg, 6, 3))
    println(score(Tok.Num(7)) + score(Tok.Plus) + score(Tok.Minus) + score(Tok.End))
    for i in -1..9 {
        print(digits(i), "")
    }
    println()
    var n = 0
    for i in 0..10 {
        match i {
            3 => continue
            8 => break
            _ => n += i
        }
    }
    println(n)
}
