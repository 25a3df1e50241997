// Statement ends: newline (after an identifier, literal, `)`, `]`, `}`,
// break/continue/return) or `;`. An expression continues on the next line
// after a binary operator or an opening bracket; the `}` closing a block
// statement ends it, so `if a > b { return a } return b` is two statements.
struct P { x: int, y: int }

fn max2(a: int, b: int) -> int {
    if a > b { return a }
    return b
}

fn sum3(a: int,
    b: int,
    c: int) -> int {
    return a +
        b +
        c
}

fn early(n: int) -> int {
    if n < 0 { return -1 }
    if n == 0 { return 0 }
    return 1
}

fn main() {
    let a = 1
    let b = 2
    var c = 3
    c += 1
    println(a, b, c)
    println(max2(3, 9), max2(9, 3))
    let long = 1 +
        2 *
        3 -
        4
    println(long)
    let t = sum3(
        10,
        20,
        30)
    println(t)
    let arr = [
        1,
        2,
        3]
    println(arr[
        2])
    let p = P{x: 5,
        y: 6}
    println(p.x, p.y)
    let ok = a < b &&
        b < c ||
        false
    println(ok)
    var i = 0
    while true {
        i += 1
        if i == 3 { break }
    }
    println(i)
    {
        let inner = 7
        println(inner)
    }
    println("after block")
    println(early(-5), early(0), early(5))
}
