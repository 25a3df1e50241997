// Globals and consts: zero-initialised globals, initialisers, consts of
// every kind, consts as array lengths, globals changed by functions.
const N: int = 1_000
const SIZE: int = 4
const PI: f64 = 3.5
const DEBUG: bool = false
const GREETING: string = "hello"
const MASK: u8 = 0xF0

var counter: int
var total: int = 5
var name: string
var table: [SIZE]int
var items: []string
var maybe: ?int
var ratio: f64 = 0.25

fn bump() -> int {
    counter += 1
    return counter
}

fn record(s: string) { items.push(s) }

fn main() {
    println(N, SIZE, PI, DEBUG, GREETING, MASK)
    println(counter, total, name.len, table[3], items.len, maybe == none, ratio)
    bump()
    bump()
    println(counter, bump())
    total += N
    println(total)
    table[1] = 7
    for i in 0..SIZE { table[i] += i }
    println(table[0], table[1], table[3], table.len)
    record("a")
    record(GREETING)
    println(items.len, items[1])
    maybe = 3
    println(maybe.unwrap())
    name = GREETING + "!"
    println(name)
    var local: [SIZE * 2]u8
    println(local.len, N / SIZE, MASK >> 4)
    ratio *= 2.0
    println(ratio)
}
