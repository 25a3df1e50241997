// Operands, arguments and struct-literal fields evaluate left to right;
// `place op= value` evaluates the place (with its operands), then the
// value, then reads the place and stores.
struct P { x: int, y: int, z: int }

var trace: string
var g: int

fn t(tag: string, v: int) -> int {
    trace = trace + tag
    return v
}

fn show() {
    println(trace)
    trace = ""
}

fn three(a: int, b: int, c: int) -> int { return a * 100 + b * 10 + c }

fn (p: P) sum(k: int) -> int { return p.x + p.y + p.z + k }

fn set_g() -> int {
    g = 10
    return 1
}

fn main() {
    let r = t("a", 1) + t("b", 2) * t("c", 3)
    println(r)
    show()
    println(three(t("x", 1), t("y", 2), t("z", 3)))
    show()
    let p = P{z: t("z", 3), x: t("x", 1), y: t("y", 2)}
    println(p.x, p.y, p.z)
    show()
    var xs = make([]int, 4)
    xs[t("i", 1)] = t("v", 5)
    show()
    xs[t("i", 2)] += t("v", 7)
    show()
    println(xs[1], xs[2])
    var m = [[0, 0], [0, 0]]
    m[t("r", 1)][t("c", 0)] = t("v", 9)
    show()
    println(m[1][0])
    xs[0] = 1
    xs[0] += xs[t("read", 0)] + set_xs0(xs)
    show()
    println(xs[0])
    g = 1
    g += set_g()
    println(g)
    let cmp = t("l", 1) < t("r", 2)
    show()
    println(cmp)
    let q = P{x: t("1", 1), y: t("2", 2), z: t("3", 3)}.sum(t("k", 4))
    show()
    println(q)
    println(t("p", 1), t("q", 2))
    show()
    let s = to_string(t("n", 5)) + to_string(t("m", 6))
    show()
    println(s)
    let sh = t("a", 1) << t("b", 2)
    let dv = t("c", 9) / t("d", 3)
    show()
    println(sh, dv)
}

fn set_xs0(xs: []int) -> int {
    xs[0] = 100
    trace = trace + "set"
    return 1
}
