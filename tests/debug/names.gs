// goose build -g: the C name of each local (tests/debug/check_gdb.py names).
// A local is declared under its Goose name unless that name is a C keyword,
// a name C headers may define (errno, NULL, uint8_t), one the emitted C of
// the function uses for something else (t0, a temporary), or the name of
// another local in scope where it is (the shadowed x and the x shadowing
// it): then it keeps <name>_<id>. Locals of one name whose scopes do not
// meet (the two loops' i, the y in the block and the y after it) take it.
fn pick(xs: []int, k: int) -> int {
    var t0 = 0
    for x in xs {
        if x > k {
            t0 += x
        }
    }
    return t0
}

fn main() {
    var xs: []int
    for i in 0..6 {
        xs.push(i * i)
    }
    let errno = pick(xs, 3)
    let NULL = errno + 1
    var uint8_t = 7
    uint8_t += NULL
    var x = 1
    if uint8_t > 0 {
        let x = 2
        println(x)
    }
    var total = errno + uint8_t + x
    for i in 0..2 {
        total += i
    }
    for i in 0..3 {
        total += i
    }
    if total > 0 {
        let y = 1
        total += y
    }
    let y = total * 2
    println(errno, NULL, uint8_t, total, y)
}
