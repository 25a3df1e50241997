// A closure never outlives what it captures: it may only be bound with let,
// passed or called.
struct Holder { f: fn(int) -> int }
var gf: fn(int) -> int
fn top(x: int) -> int { return x }
fn make_adder(k: int) -> fn(int) -> int {
    return fn(x: int) -> int { return x + k }
}
fn keep(f: fn(int) -> int) -> Holder {
    return Holder{f: f}
}
fn main() {
    let k = 2
    let add = fn(x: int) -> int { return x + k }
    var v = add
    gf = add
    var fs = make([]fn(int) -> int, 0)
    fs.push(add)
    fs.push(top)
    gf = top
    let h = Holder{f: top}
}
