// goose-flags: --unsafe-no-lifetime-checks
// The library slice pool pool.slice_pool[T]: alloc_slice, alloc_copy,
// resize (shrink in place; grow in place into a free neighbour or at the
// tail; grow by moving, which frees the old span; the same length), free,
// with contents kept and the rest zeroed. Offsets are seen through a probe
// view as in placement_slice_pool.gs (a test device: the pool's first span,
// freed at once, still shows the pool's storage from offset 0).
import "pool"

struct Pt { x: int, y: u8 }

const PROBE: int = 300_000

var next_mark: int = 1_000_000

// The offset of x's first element, leaving x as it was.
fn off(probe: []int, x: []int) -> int {
    let keep = x[0]
    next_mark += 1
    x[0] = next_mark
    var found = -1
    for k in 0..probe.len {
        if probe[k] == next_mark {
            found = k
            break
        }
    }
    x[0] = keep
    return found
}

fn show(label: string, x: []int) {
    var line = label + " len " + to_string(x.len) + " cap " + to_string(x.cap) + ":"
    for v in x {
        line = line + " " + to_string(v)
    }
    println(line)
}

fn fill(x: []int, first: int) {
    for j in 0..x.len { x[j] = first + j }
}

fn main() {
    var q = pool.slice_pool[int]{}
    let probe = q.alloc_slice(PROBE)
    q.free(probe)

    // alloc_slice: zeroed, length n.
    let a = q.alloc_slice(5)
    show("a", a)
    fill(a, 1)
    println("a at", off(probe, a))

    // alloc_copy: a new span holding a copy.
    let b = q.alloc_copy(a)
    b[0] = 100
    show("b", b)
    show("a after writing b", a)
    println("b at", off(probe, b))
    var plain = make([]int, 3)
    fill(plain, 7)
    let c = q.alloc_copy(plain)
    let d = q.alloc_copy(b[1:3])
    show("copy of a make slice", c)
    show("copy of a sub-slice", d)
    println("c d at", off(probe, c), off(probe, d))
    let e = q.alloc_copy(a[0:0])
    println("copy of an empty slice", e.len)
    q.free(e)

    // Shrink in place: the freed end is reused by the next fitting span.
    let c1 = q.resize(c, 1)
    show("c shrunk", c1)
    println("c shrunk at", off(probe, c1))
    let f = q.alloc_slice(2)
    println("f in c's freed end", off(probe, f))
    fill(f, 50)

    // The same length: in place, unchanged.
    let f1 = q.resize(f, 2)
    show("f same length", f1)
    println("f at", off(probe, f1))

    // Grow in place into a free neighbour, which had been written: the new
    // elements read zero.
    let x = q.alloc_slice(4)
    let y = q.alloc_slice(4)
    let z = q.alloc_slice(4)
    fill(x, 1)
    fill(y, 9)
    fill(z, 20)
    println("x y z at", off(probe, x), off(probe, y), off(probe, z))
    q.free(y)
    let x1 = q.resize(x, 6)
    show("x grown into y", x1)
    println("x at", off(probe, x1))
    // y's other two elements are still free: a 2-element span fits there.
    let g = q.alloc_slice(2)
    println("g in the rest of y", off(probe, g))

    // Grow by moving: x1 is followed by g, so it moves (first fit, here the
    // tail) keeping its elements; its old span is free again.
    let x2 = q.resize(x1, 10)
    show("x moved", x2)
    println("x moved to", off(probe, x2))
    let h = q.alloc_slice(6)
    println("h where x was", off(probe, h))
    show("h", h)

    // Grow at the tail: in place.
    let t = q.alloc_slice(3)
    fill(t, 30)
    println("t at", off(probe, t))
    let t1 = q.resize(t, 100)
    println("t grown at the tail", t1.len, off(probe, t1), t1[0], t1[2], t1[3], t1[99])

    // Shrink, then grow back in place: the regrown elements are zeroed
    // although they held values before.
    fill(t1, 1)
    let t2 = q.resize(t1, 3)
    let t3 = q.resize(t2, 8)
    show("t shrunk and regrown", t3)
    println("t at", off(probe, t3))

    // A big grow (past the page give-back size) and a big shrink.
    let u = q.resize(t3, 100_000)
    var sum = 0
    for v in u { sum += v }
    println("u", u.len, off(probe, u), sum)
    u[99_999] = 5
    let u1 = q.resize(u, 10)
    let after = q.alloc_slice(1)
    println("u shrunk", u1.len, off(probe, u1), "next span at", off(probe, after))

    // Free everything: the next span starts at offset 0 again.
    q.free(a)
    q.free(b)
    q.free(c1)
    q.free(d)
    q.free(f1)
    q.free(z)
    q.free(g)
    q.free(x2)
    q.free(h)
    q.free(u1)
    q.free(after)
    let n = q.alloc_slice(1)
    println("all freed, next at", off(probe, n))

    // Other element types.
    var bytes = pool.slice_pool[u8]{}
    let hello = bytes.alloc_copy("hello".bytes())
    hello[0] = 'j'
    let longer = bytes.resize(hello, 8)
    longer[5] = '!'
    println(from_bytes(longer[0:6]), longer.len, longer[7])
    bytes.free(longer)
    var pts = pool.slice_pool[Pt]{}
    let ps = pts.alloc_slice(3)
    ps[1] = Pt{x: 5, y: 6}
    let ps2 = pts.alloc_copy(ps)
    let ps3 = pts.resize(ps2, 4)
    println("pts", ps3.len, ps3[1].x, ps3[1].y, ps3[3].x, ps3[3].y)
    pts.free(ps)
    pts.free(ps3)
    let ps4 = pts.alloc_slice(7)
    var zero = true
    for p in ps4 {
        if p.x != 0 || p.y != 0 { zero = false }
    }
    println("pts reused zeroed", zero)
    // Empty slices: alloc_slice(0) takes no span; freeing any empty slice
    // is a no-op.
    let empty = pts.alloc_slice(0)
    pts.free(empty)
    pts.free(empty)
    pts.free(ps4[2:2])
    println("empty", empty.len)
}
