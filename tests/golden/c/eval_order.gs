// Operands, arguments and struct-literal fields are evaluated left to right
// into temporaries; `place op= value` evaluates the place (with its index
// check) before the value.
struct P { a: int, b: int }

var calls = 0

fn next(tag: string) -> int {
    calls += 1
    println(tag, calls)
    return calls
}

fn add3(a: int, b: int, c: int) -> int { return a + b + c }

fn main() {
    var xs = [10, 20, 30]
    let s = add3(next("a"), next("b"), next("c"))
    let p = P{b: next("b"), a: next("a")}
    xs[next("index") - 4] += next("value")
    println(s, p.a, p.b, xs[0], xs[1], xs[2])
    let ok = next("l") > 100 && next("r") > 0
    println(ok)
}
