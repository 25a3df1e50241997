// A capture-free closure is a plain C function (env NULL); a capturing one
// gets a stack environment of pointers; a nested closure reaches the outer
// local through its parent's env; a top-level function used as a value
// goes through a thunk.
fn apply(f: fn(int) -> int, x: int) -> int { return f(x) }

fn twice(x: int) -> int { return 2 * x }

struct Op { name: string, f: fn(int) -> int }

fn main() {
    let sq = fn(x: int) -> int { return x * x }
    var total = 0
    let add = fn(x: int) -> int {
        total += x
        return total
    }
    let outer = fn(y: int) -> int {
        let inner = fn(z: int) -> int { return z + total }
        return inner(y)
    }
    let op = Op{name: "twice", f: twice}
    println(apply(sq, 7), apply(add, 5), apply(add, 6), total, outer(100), op.f(21))
}
