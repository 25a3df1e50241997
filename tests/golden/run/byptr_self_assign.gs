// v = f(v) with v passed by const pointer (emit-c/cemit_byptr.c): the
// callee reads the old v while building the value stored into v.
struct Big { a: int, b: int, c: int, d: int }
fn swap(x: Big) -> Big {
    var r: Big
    r.a = x.b
    r.b = x.a
    r.c = x.d
    r.d = x.c
    return r
}
fn swap2(x: Big) -> Big { return Big{a: x.b, b: x.a, c: x.d, d: x.c} }
fn main() {
    var v = Big{a: 1, b: 2, c: 3, d: 4}
    v = swap(v)
    println(v.a, v.b, v.c, v.d)
    v = swap2(v)
    println(v.a, v.b, v.c, v.d)
    var i = 0
    while i < 3 {
        v = swap(v)
        i += 1
    }
    println(v.a, v.b, v.c, v.d)
}
