// Global initialisers run in Go's order (declarations may come in any
// order): each time, the earliest global in declaration order whose
// initialiser depends on no global still waiting for its own. A global
// depends on the globals its initialiser names and on those named by the
// functions, methods, generic instances and closures it calls or takes as
// values, through their bodies. An imported module's globals come first.
// A cycle only through function bodies is no error: those globals run in
// declaration order, and a function reading one not yet initialised sees
// its zero value.
import "./lib/initdep"

struct Box { w: int, h: int }

fn (b: Box) area() -> int { return b.w * b.h }
fn (b: ref Box) grow() -> int {
    b.w += scale
    return b.w
}

fn note(what: string, v: int) -> int {
    println("init", what)
    return v
}

// the contract's example
var a: int = b + 1
var b: int = 5
var c: int = get_d() * 2
var d: int = 21
var s: string = "x" + t
var t: string = "y"
fn get_d() -> int { return d }

// no dependencies: declaration order (the notes print it); log2 waits
var log1: int = note("log1", 1)
var log2: int = note("log2", 2) + late
var log3: int = note("log3", 3)
var late: int = note("late", 40)

// a chain through methods, on a global of struct type
var scaled: int = through_method()
var box: Box = Box{w: note("box", w0), h: 3}
var w0: int = note("w0", 4)
var scale: int = note("scale", 10)
fn through_method() -> int {
    var local = box
    return local.area() + local.grow()
}

// a generic function's body
var total: int = sum_plus(nums)
var nums: []int = count_to(3)
var bias: int = note("bias", 1000)
fn sum_plus[T](xs: []T) -> T {
    var acc: T
    for x in xs { acc += x }
    return acc + bias as T
}
fn count_to(n: int) -> []int {
    var xs: []int
    for i in 0..n { xs.push(i + 1) }
    return xs
}

// a fn value and a closure in an initialiser
var via_value: int = apply(get_k, 1)
var via_closure: int = apply(fn(x: int) -> int { return x + twice(k) }, 10)
var k: int = note("k", 100)
fn apply(f: fn(int) -> int, x: int) -> int { return f(x) }
fn get_k(x: int) -> int { return x + k }
fn twice(x: int) -> int { return 2 * x }

// a function stored in a global
var op: fn(int) -> int = triple
var tripled: int = op(m)
var m: int = note("m", 7)
fn triple(x: int) -> int { return 3 * x + m }

// an imported module's global
var from_mod: int = initdep.base * 2

// recursion reading a global
var fibs: int = fib(nfib)
var nfib: int = note("nfib", 10)
fn fib(n: int) -> int {
    if n < 2 { return n + fib_base }
    return fib(n - 1) + fib(n - 2)
}
var fib_base: int = 0

// a cycle through function bodies: declaration order, zero values seen
var cyc1: int = note("cyc1", cyc_f() + 1)
var cyc2: int = note("cyc2", cyc_g() + 1)
fn cyc_f() -> int { return cyc2 }
fn cyc_g() -> int { return cyc1 }

fn main() {
    println(a, b, c, d, s)
    println(log1, log2, log3, late)
    println(scaled, box.w, box.h, w0, scale)
    println(total, via_value, via_closure)
    println(tripled, from_mod, fibs)
    println(cyc1, cyc2)
}
