// One statement per line: a `;` between statements becomes a line break,
// a block that holds several statements gets one per line, and a
// statement after a block's `}` starts its own line. A block holding
// one statement stays on one line when it was written so.
import "map"

struct Counter { n: int }; struct Other { k: int }
fn (c: ref Counter) bump() { c.n += 1; c.n += 1 }
fn (c: Counter) get() -> int { return c.n }
fn pick(a: int, b: int) -> int { if a > b { return a } return b }
fn twice(x: int) -> int {
    let y = x * 2; return y
}

fn main() {
    var c = Counter{n: 0}; c.bump(); c.bump();
    println(c.get());
    var total = 0
    for i in 0..10 { total += i; if total > 20 { break } }
    while total > 0 { total -= 7 }
    if total < 0 { total = 0 } else { total += 1 }
    { let inner = 3; total += inner }
    var m: map.Map[string, int]
    defer m.free()
    defer { println("done"); println(total) }
    m.put("a", 1); m.put("b", 2)
    for k, v in m { println(k, v) }
    let f = fn(x: int) -> int { let y = x + 1; return y }
    println(pick(3, 4), twice(5), f(1))
}
