// A top-level function named directly is a value that may be stored anywhere:
// in struct fields, slices, arrays, globals and vars.
struct Op { name: string, f: fn(int, int) -> int }

fn add(a: int, b: int) -> int { return a + b }
fn sub(a: int, b: int) -> int { return a - b }
fn mul(a: int, b: int) -> int { return a * b }
fn neg(a: int) -> int { return -a }
fn hello() { println("hello") }

var current: fn(int, int) -> int = add

fn run(op: Op, a: int, b: int) -> int {
    let f = op.f
    return f(a, b)
}

fn main() {
    let ops = [Op{name: "add", f: add}, Op{name: "sub", f: sub}, Op{name: "mul", f: mul}]
    for op in ops {
        println(op.name, run(op, 7, 3))
    }
    var table: []fn(int, int) -> int
    table.push(add)
    table.push(mul)
    println(table[0](2, 3), table[1](2, 3))
    println(current(1, 1))
    current = sub
    println(current(1, 1))
    var g: fn(int) -> int = neg
    println(g(5))
    let h = hello
    h()
    let unary: [2]fn(int) -> int = [neg, neg]
    println(unary[1](unary[0](9)))
    var pick = add
    if table.len > 1 { pick = mul }
    println(pick(6, 7))
}
