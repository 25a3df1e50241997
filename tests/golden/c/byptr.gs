// -O2: a read-only parameter larger than 16 bytes goes by const pointer
// when some call passes a named local (the copy TinyCC would make) and
// every call passes a value nothing can change during the call (a
// temporary, or an own local whose address is never taken). See
// emit-c/cemit_byptr.c; tests/golden/run/byptr_alias.gs has the cases
// where the caller's value is changed through another path.
struct Big { a: int, b: int, c: int, d: int }
struct Small { a: i32, b: i32 }

fn sum(x: Big) -> int { return x.a + x.b + x.c + x.d }

// passes its by-pointer parameter on: the same pointer, no copy
fn sum_twice(x: Big) -> int { return sum(x) + sum(x) }

// only temporaries reach it: stays by value (a pointer would save no copy)
fn first(x: Big) -> int { return x.a }

// copies its parameter into a var: reads it through the pointer
fn bumped(x: Big) -> int {
    var y = x
    y.a += 1
    return y.a
}

// a closure captures the parameter: stays by value
fn captured(x: Big) -> int {
    let f = fn() -> int { return x.b }
    return f()
}

// a caller takes the address of the local it passes: stays by value
fn addressed(x: Big) -> int { return x.c }
fn bump(r: ref Big) { r.c += 1 }

fn mk(k: int) -> Big { return Big{a: k, b: 2, c: 3, d: 4} }

// 8 bytes: travels in a register, never by pointer
fn small(s: Small) -> i32 { return s.a + s.b }

fn apply(f: fn(Big) -> int, x: Big) -> int { return f(x) }

// fixed arrays and optionals larger than 16 bytes go the same way
fn asum(xs: [8]int) -> int {
    var s = 0
    for i in 0..8 { s += xs[i] }
    return s
}
fn osum(o: ?Big) -> int {
    if o.is_some() { return o.unwrap().a }
    return -1
}

fn main() {
    let l = mk(1)
    var v = mk(10)
    v.b = 20
    println(sum(l), sum_twice(v), first(mk(5)), bumped(l), small(Small{a: 3, b: 4}))
    println(apply(sum, l), captured(l))
    var w = mk(7)
    bump(w)
    println(addressed(w)) // a function used as a value: its thunk passes &a0
    v = mk(sum(v))        // x = f(x): the call reads v before the store
    println(v.a, sum(v))
    let arr = [3; 8]
    let o: ?Big = Big{a: 9, b: 0, c: 0, d: 0}
    let n: ?Big = none
    println(asum(arr), asum([1; 8]), osum(o), osum(n))
}
