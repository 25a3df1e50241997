// Small structs (1, 2, 4 and 8 C bytes; emit-c/cemit_ins.c cm_copy_small:
// one integer load and store under TinyCC) copied every way the emitted C
// copies them: locals, temps, fields, array and slice elements, through
// refs, pushes and pops, repeats, optionals, globals, captures, returns,
// self-assignment and overlapping element copies. Every value printed, so
// a short or misplaced copy fails under every back end.
struct B1 { v: u8 }                  // 1 byte
struct B2 { a: u8, b: u8 }           // 2 bytes
struct B4 { x: u16, y: i16 }         // 4 bytes
struct P8 { a: i32, b: i32 }         // 8 bytes, align 4
struct E8 { v: u64 }                 // 8 bytes, align 8
struct Mixed { h: u8, w: B4 }        // 6 bytes (padding): plain
struct Outer { p: P8, q: B2, e: E8 } // small structs as fields

var g: P8
var gs: [3]B4

fn mk(k: i32) -> P8 { return P8{a: k, b: -k} }
fn mk_e(x: u64) -> E8 {
    var e: E8
    e.v = x
    return e
}
fn ret_copy(p: ref P8) -> P8 {
    let c = p
    return c
}
fn put(d: ref P8, s: P8) { d = s }
fn swap(a: ref B4, b: ref B4) {
    let t: B4 = a // a copy (a plain `let t = a` binds the reference)
    a = b
    b = t
}
fn show8(p: P8) { println("P8", p.a, p.b) }

fn main() {
    // locals, temps, returns
    let a = mk(5)
    var b = a
    b.b = 77
    show8(a)
    show8(b)
    var e = mk_e(18446744073709551615)
    let e2 = e
    e.v = 1
    println("E8", e.v, e2.v)
    // 1 and 2 bytes
    var c1 = B1{v: 200}
    var d1 = c1
    c1.v = 3
    println("B1", c1.v, d1.v)
    var c2 = B2{a: 1, b: 255}
    let d2 = c2
    c2 = B2{a: 9, b: 8}
    println("B2", c2.a, c2.b, d2.a, d2.b)
    // slice elements: store, load, push, pop, overlapping copies
    var ps = make([]P8, 0)
    for i in 0..5 { ps.push(mk(i as i32)) }
    ps.push(b)
    ps[0] = ps[4]
    ps[1] = ps[1]
    put(ps[2], ps[5])
    let last = ps.pop()
    for i in 0..ps.len { print(ps[i].a, ps[i].b, "") }
    println("| last", last.a, last.b)
    // fixed arrays: repeat, elements, swap through refs, globals
    var arr = [B4{x: 65535, y: -2}; 4]
    arr[3] = B4{x: 7, y: 8}
    swap(arr[0], arr[3])
    gs[1] = arr[0]
    gs[2] = gs[1]
    gs[2].y = -300
    for i in 0..4 { print(arr[i].x, arr[i].y, "") }
    println("| g", gs[0].x, gs[1].x, gs[1].y, gs[2].y)
    g = ret_copy(ps[3])
    let g2 = g
    g.a += 100
    println("g", g.a, g.b, g2.a, g2.b)
    // fields: small structs inside a larger one, and out again
    var o = Outer{p: a, q: d2, e: e2}
    o.p = ps[1]
    o.q = c2
    let op = o.p
    var oo = o
    oo.e.v = 42
    println("Outer", op.a, op.b, o.q.a, o.q.b, o.e.v, oo.e.v, oo.p.a)
    // a [2]i32 (8 bytes) and optionals of 2 and 8 bytes
    var two = [3 as i32, -4]
    var two2 = two
    two[0] = 0
    let ob: ?u8 = 7
    var ob2 = ob
    var oi: ?i32 = -9
    let oi2 = oi
    oi = none
    ob2 = none
    println("arr", two[0], two2[0], two2[1], ob.unwrap(), ob2.is_some(), oi.is_some(), oi2.unwrap())
    // a capture: the closure reads and writes the outer small struct
    var cap = B4{x: 1, y: 1}
    let bump = fn() {
        cap.x += 10
        cap = B4{x: cap.x, y: cap.y * -3}
    }
    bump()
    bump()
    let capc = cap
    println("cap", capc.x, capc.y)
    // a 6-byte struct with padding
    var m = Mixed{h: 1, w: arr[1]}
    let m2 = m
    m.w.x = 0
    println("Mixed", m.h, m.w.x, m2.w.x, m2.w.y)
}
