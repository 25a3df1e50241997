// A function with a result must end in a terminating statement: a return,
// a call of panic or exit, an if/else whose branches all terminate, or a
// `while true` without a break of its own.
fn sign(x: int) -> int {
    if x < 0 {
        return -1
    } else if x == 0 {
        return 0
    } else {
        return 1
    }
}

fn first_square_over(n: int) -> int {
    var i = 0
    while true {
        if i * i > n { return i }
        i += 1
    }
}

fn must_positive(x: int) -> int {
    if x > 0 { return x }
    panic("not positive")
}

fn main() {
    println(sign(-5), sign(0), sign(9))
    println(first_square_over(50))
    println(must_positive(3))
}
