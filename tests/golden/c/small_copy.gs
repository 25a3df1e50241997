// A struct-shaped value (struct, ?T, [N]T) of exactly 1, 2, 4 or 8 C bytes
// copied from an lvalue is written GS_COPY(U, dst, src) or GS_LET(U, T,
// name, src) (goose_rt.h): under TinyCC one integer load and store instead of
// a call to memmove, elsewhere the plain assignment. A call's result goes
// the same way (TinyCC lets & take its address); a 12-byte struct and the
// 6-byte ?Half stay plain assignments.
// See emit-c/cemit_ins.c (cm_copy_small).
struct Pair { a: i32, b: i32 }         // 8 bytes: uint64_t
struct Half { x: u16, y: u16 }         // 4 bytes: uint32_t
struct Trio { a: i32, b: i32, c: i32 } // 12 bytes: plain

fn mk(k: i32) -> Pair { return Pair{a: k, b: k + 1} }

// a store through a ref
fn put(p: ref Pair, q: Pair) { p = q }

fn main() {
    var ps = make([]Pair, 2)
    let p = mk(3) // a call's result
    ps[0] = p     // an element store
    var q = ps[0] // an element load
    q.b = 7
    put(ps[1], q)
    ps.push(q)
    var h = Half{x: 1, y: 2} // a compound literal
    var hs = [h; 3]          // a repeat
    hs[1].y = 5
    h = hs[1]
    let o: ?Half = h // 6 bytes: plain
    var t = Trio{a: 1, b: 2, c: 3}
    var u = t // 12 bytes: plain
    u.c = 9
    println(ps[0].a, ps[1].b, ps[2].b, h.y, o.unwrap().x, t.c, u.c)
}
