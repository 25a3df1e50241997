// The global initialisers run in Go's order (lower/lower_init.c): each
// initialiser is lowered into its own range of gs__init_globals, and the
// ranges move as units, their temps and check sites renumbered as if
// written in that order. `a` waits for `b`; `c` for `d`, which `get_d`
// reads; `e` for `xs` and `i`, its index check moving with it.
// (run/global_init_order.gs covers methods, generics, closures, imports
// and cycles through function bodies.)
var a: int = b + 1
var b: int = 5
var c: int = get_d() * 2
var d: int = 21
var e: int = xs[i]
var xs: []int = three()
var i: int = 2

fn get_d() -> int { return d }

fn three() -> []int {
    var v: []int
    v.push(10)
    v.push(20)
    v.push(30)
    return v
}

fn main() { println(a, b, c, d, e) }
