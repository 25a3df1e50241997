// Functions: no result, early return, `_` parameters, many parameters,
// parameters of every kind of type, calls as statements.
struct P { x: int, y: int }

fn log(msg: string) { println("log:", msg) }

fn early(n: int) {
    if n > 2 {
        println("big")
        return
    }
    println("small")
}

fn ignore(_: int, b: int) -> int { return b }

fn many(a: i8, b: u16, c: f64, d: string, e: bool, f: [2]int, g: []int, h: ?int, i: P) -> string {
    return to_string(a) + to_string(b) + to_string(c) + d + to_string(f[1]) + to_string(g.len) + to_string(h.or(9)) + to_string(i.y)
}

fn side() -> int {
    println("side effect")
    return 1
}

fn main() {
    log("start")
    early(1)
    early(5)
    println(ignore(1, 2))
    let xs = make([]int, 3)
    println(many(-1, 2, 3.5, "d", true, [4, 5], xs, none, P{y: 6}))
    side()
    var n = 0
    for _ in 0..3 { n += ignore(0, 2) }
    println(n)
}
