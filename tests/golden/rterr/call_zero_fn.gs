// expect runtime error: tests/golden/rterr/call_zero_fn.gs:14:13: runtime error: call of a zero function value
// Calling the zero value of a fn type (a field never set, a var without a
// value) stops with a runtime error instead of crashing; a top-level
// function or closure stored in it is called as usual (see .out).
struct Op { name: string, f: fn(int) -> int }

fn dbl(x: int) -> int { return x * 2 }

fn main() {
    var ops = make([]Op, 2)
    ops[0] = Op{name: "dbl", f: dbl}
    println(ops[0].name, ops[0].f(21))
    print(ops[1].name.len, "")
    println(ops[1].f(3))
}
